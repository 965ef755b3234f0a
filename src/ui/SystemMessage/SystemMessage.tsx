import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { Icon, type IconName } from '../Icon';
import { IconButton } from '../IconButton';
import { Banner, Close, Content, IconSlot } from './SystemMessage.styles';

export type SystemMessageVariant = 'success' | 'error' | 'info' | 'warning';

const icons: Record<SystemMessageVariant, IconName> = {
  success: 'success',
  error: 'error',
  info: 'info',
  warning: 'warning',
};

export interface SystemMessageProps {
  variant?: SystemMessageVariant;
  /** The message text. */
  children: ReactNode;
  /** An optional bold lead-in above the message. */
  title?: ReactNode;
  /** Called once the exit transition has finished and the banner is gone. */
  onDismiss?: () => void;
  /** `false` for a message that must stay (no click-to-dismiss, no close button). */
  isDismissable?: boolean;
  /** Accessible name of the close button. */
  dismissLabel?: string;
  className?: string;
}

/**
 * A success / error / info / warning banner. Spec 002 §4: "clicking a banner dismisses it" and
 * "banner transition 200 ms" — so a click anywhere on it starts a `durations.normal` fade and slide,
 * and `onDismiss` fires after it. The close button gives keyboard users the same action.
 * Errors are announced assertively (role="alert"), everything else politely (role="status").
 */
export function SystemMessage({
  variant = 'info',
  children,
  title,
  onDismiss,
  isDismissable = true,
  dismissLabel = 'Dismiss message',
  className,
}: SystemMessageProps) {
  const theme = useTheme();
  const [phase, setPhase] = useState<'shown' | 'leaving' | 'gone'>('shown');
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;

  useEffect(() => {
    if (phase !== 'leaving') return;
    // A timer, not transitionend: it also fires when motion is reduced or the banner is off screen.
    const ms = parseFloat(theme.durations.normal) || 0;
    const id = window.setTimeout(() => {
      setPhase('gone');
      onDismissRef.current?.();
    }, ms);
    return () => window.clearTimeout(id);
  }, [phase, theme.durations.normal]);

  if (phase === 'gone') return null;

  const dismiss = () => {
    if (isDismissable) setPhase((p) => (p === 'shown' ? 'leaving' : p));
  };

  return (
    <Banner
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      data-dismissable={isDismissable || undefined}
      data-leaving={phase === 'leaving' || undefined}
      className={className}
      onClick={dismiss}
    >
      <IconSlot>
        <Icon name={icons[variant]} size={18} />
      </IconSlot>
      <Content>
        {title && <strong>{title}</strong>}
        {children}
      </Content>
      {isDismissable && (
        <Close>
          <IconButton icon="close" size="sm" aria-label={dismissLabel} onPress={dismiss} />
        </Close>
      )}
    </Banner>
  );
}

/** An error banner that stays until its cause is gone: a load or a save that failed (role="alert"). */
export function ErrorBanner({ children, title, className }: Pick<SystemMessageProps, 'children' | 'title' | 'className'>) {
  return (
    <SystemMessage variant="error" isDismissable={false} title={title} className={className}>
      {children}
    </SystemMessage>
  );
}
