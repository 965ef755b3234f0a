import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { usePageTitle } from '../../lib/page';
import { paths } from '../../shared/paths';
import { PAY_COMPLETION_MESSAGE, type PayCompletionMessage } from '../../shared/payCompletion';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';

export const PAY_COMPLETION_TITLE = 'Payment change submitted';

/** Where the page was opened: inside the payment modal's iframe, in a pop-up, or as a page of its own. */
export type PayCompletionContext = 'frame' | 'popup' | 'page';

/** The context of this window: framed, opened by another window (a pop-up), or neither. */
function payCompletionContext(win: Window = window): PayCompletionContext {
  if (win.parent && win.parent !== win) return 'frame';
  if (win.opener) return 'popup';
  return 'page';
}

/**
 * Tells the payment modal the provider's page is done: the iframe's parent and a pop-up's opener,
 * each only if it is of this portal's origin (the target origin is our own).
 */
function notifyPaymentModal(win: Window = window) {
  const message: PayCompletionMessage = { type: PAY_COMPLETION_MESSAGE };
  const origin = win.location.origin;
  if (win.parent && win.parent !== win) win.parent.postMessage(message, origin);
  if (win.opener) (win.opener as Window).postMessage(message, origin);
}

/**
 * /paycompletion (spec 001 §2.5): where the payment provider's page ends, inside the payment modal's
 * iframe or a pop-up. It confirms the pay-change request was submitted and that this window may be
 * closed, and tells the modal (which reloads the payment details). It renders on its own, without
 * the signed-in shell, and needs no call: it works even if the session ended meanwhile.
 */
export function PayCompletionPage({
  context = payCompletionContext(),
  notify = notifyPaymentModal,
  closeWindow = () => window.close(),
}: {
  /** Detected from the window; fixed in stories. */
  context?: PayCompletionContext;
  /** Sends the completion message; a spy in stories (their runner is itself framed). */
  notify?: () => void;
  closeWindow?: () => void;
}) {
  usePageTitle(PAY_COMPLETION_TITLE);
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, also under StrictMode's second run of effects: one message, one reload.
    if (sent.current) return;
    sent.current = true;
    notify();
  }, [notify]);

  return (
    <Frame>
      <Card>
        <Body>
          <Mark>
            <Icon name="check" size={24} />
          </Mark>
          <h1>{PAY_COMPLETION_TITLE}</h1>
          <p>Your request to change how you get paid has been submitted.</p>
          {context === 'frame' && <p>You can close this window now.</p>}
          {context === 'popup' && (
            <>
              <p>You can close this window now and go back to the portal.</p>
              <Button onPress={closeWindow}>Close this window</Button>
            </>
          )}
          {context === 'page' && <Link href={paths.settings}>Go to your settings</Link>}
        </Body>
      </Card>
    </Frame>
  );
}

const Frame = styled.main`
  box-sizing: border-box;
  min-height: 100%;
  display: flex;
  justify-content: center;
  align-items: flex-start;
  padding: ${({ theme }) => theme.space[6]}px ${({ theme }) => theme.space[3]}px;
  & > * {
    width: 100%;
    max-width: 480px;
  }
`;

const Body = styled(CardBody)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  text-align: center;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.successSubtle};
  color: ${({ theme }) => theme.colors.success};
`;
