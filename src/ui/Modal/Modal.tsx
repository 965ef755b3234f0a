import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DialogProps, ModalOverlayProps } from 'react-aria-components';
import { IconButton } from '../IconButton';
import { Body, Footer, Header, Overlay, Panel, StyledDialog, Title } from './Modal.styles';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps extends Pick<ModalOverlayProps, 'isOpen' | 'defaultOpen' | 'onOpenChange'> {
  /** The dialog's title: rendered as its heading and used as its accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Actions pinned below the scrolling body, e.g. Cancel / Save. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  size?: ModalSize;
  /** Below the tablet breakpoint the dialog fills the screen. */
  fullscreenOnMobile?: boolean;
  /**
   * `false` for forced flows: no close button, Escape and outside clicks do nothing, the dialog
   * closes only through its own actions.
   */
  isDismissable?: boolean;
  /** Whether a click on the backdrop closes it (only when dismissable). */
  closeOnOutsideClick?: boolean;
  /** `alertdialog` for confirmations that interrupt. */
  role?: DialogProps['role'];
  closeLabel?: string;
  className?: string;
}

/**
 * A modal dialog. Use inside react-aria's `DialogTrigger` next to its trigger button (the dialog
 * then returns focus to it), or control it with `isOpen` / `onOpenChange`. Focus is trapped while
 * open; the header and footer stay put while the body scrolls.
 */
export function Modal({
  title,
  children,
  footer,
  size = 'md',
  fullscreenOnMobile = true,
  isDismissable = true,
  closeOnOutsideClick = true,
  role,
  closeLabel = 'Close',
  className,
  ...overlayProps
}: ModalProps) {
  const fullscreen = fullscreenOnMobile || undefined;
  return (
    <Overlay
      {...overlayProps}
      isDismissable={isDismissable && closeOnOutsideClick}
      isKeyboardDismissDisabled={!isDismissable}
      data-fullscreen-mobile={fullscreen}
      data-modal-overlay=""
    >
      <Panel data-size={size} data-fullscreen-mobile={fullscreen} className={className}>
        <StyledDialog role={role}>
          {({ close }) => (
            <>
              <Header>
                <Title slot="title">{title}</Title>
                {isDismissable && <IconButton icon="close" aria-label={closeLabel} onPress={close} />}
              </Header>
              <ScrollBody>{children}</ScrollBody>
              {footer && <Footer>{typeof footer === 'function' ? footer(close) : footer}</Footer>}
            </>
          )}
        </StyledDialog>
      </Panel>
    </Overlay>
  );
}

/** The body is a tab stop only when it actually scrolls, so keyboard users can scroll it. */
function ScrollBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Body ref={ref} tabIndex={scrolls ? 0 : undefined} data-scrolls={scrolls || undefined}>
      {children}
    </Body>
  );
}
