import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IconButton } from '../IconButton';
import { Actions, Body, Content, Item, Region, Stack, Title } from './Toast.styles';

export type ToastPlacement = 'bottom-end' | 'bottom-start' | 'top-end' | 'top-start';

export interface ToastRegionProps {
  children?: ReactNode;
  /** Names the landmark, e.g. 'Notifications'. */
  'aria-label'?: string;
  placement?: ToastPlacement;
  /** Region-level actions under the stack, e.g. a 'Clear All' button. */
  actions?: ReactNode;
  className?: string;
}

/**
 * The fixed corner where toasts stack. Controlled: render `<Toast>`s for whatever is open; new ones
 * are announced politely. Hidden when empty.
 */
export function ToastRegion({
  children,
  'aria-label': ariaLabel = 'Notifications',
  placement = 'bottom-end',
  actions,
  className,
}: ToastRegionProps) {
  const hasToasts = Array.isArray(children) ? children.some(Boolean) : Boolean(children);
  return (
    <Region aria-label={ariaLabel} data-placement={placement} data-empty={hasToasts ? undefined : ''} className={className}>
      <Stack aria-live="polite" aria-relevant="additions text">
        {children}
      </Stack>
      {hasToasts && actions && <Actions>{actions}</Actions>}
    </Region>
  );
}

export interface ToastProps {
  /** Plain content (no HTML strings): sanitising and rendering server HTML is the caller's job. */
  title?: ReactNode;
  children?: ReactNode;
  /** Called by the close button and when the timeout runs out. */
  onClose: () => void;
  /** Auto-dismiss after this many ms; paused while hovered or focused. Omit to keep it until closed. */
  timeout?: number;
  tone?: 'info' | 'success' | 'warning' | 'danger';
  closeLabel?: string;
}

/** One notice in a `ToastRegion`. */
export function Toast({ title, children, onClose, timeout, tone = 'info', closeLabel = 'Close notification' }: ToastProps) {
  const [paused, setPaused] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const remaining = useRef(timeout);
  const startedAt = useRef(0);

  useEffect(() => {
    if (remaining.current == null || paused) return;
    startedAt.current = performance.now();
    const id = window.setTimeout(() => onCloseRef.current(), remaining.current);
    return () => {
      window.clearTimeout(id);
      if (remaining.current != null) remaining.current -= performance.now() - startedAt.current;
    };
  }, [paused]);

  return (
    <Item
      data-tone={tone}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <Content>
        {title && <Title>{title}</Title>}
        {children && <Body>{children}</Body>}
      </Content>
      <IconButton icon="close" size="sm" aria-label={closeLabel} onPress={onClose} />
    </Item>
  );
}
