import styled from 'styled-components';
import type { Notification } from '../../api/contract/content';
import { Button } from '../../ui/Button';
import { Toast, ToastRegion } from '../../ui/Toast';
import { useNewsSanitizer } from './newsSanitizer';

const Html = styled.div`
  p { margin: 0 0 4px; }
  > :last-child { margin-bottom: 0; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

const Region = styled(ToastRegion)`
  /* Below dialogs and menus: a modal opened while pop-ups are showing covers them and stays usable (issue 13). */
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  /*
   * On a phone: a strip above the mobile bottom bar, at most a third of the screen high (the rest
   * scrolls inside it), so the page stays usable while they are open.
   */
  @container portal (max-width: 767px) {
    &[data-placement] { bottom: 76px; right: 8px; width: min(360px, calc(100cqw - 16px)); max-height: 33vh; }
  }
`;

export interface NotificationPopupsProps {
  /** The notifications popped up so far and not closed. */
  notifications: Notification[];
  onClose: (newsId: number) => void;
  onClearAll: () => void;
}

/**
 * Spec 000 §4: notification pop-ups, each with a close button, and Clear All while any is open. They
 * show once the sanitiser's code is here (./newsSanitizer; the shell starts it as the list arrives);
 * if it cannot be downloaded they are not shown, as for a list that failed to load (spec 000 §8).
 */
export function NotificationPopups({ notifications, onClose, onClearAll }: NotificationPopupsProps) {
  const { sanitize } = useNewsSanitizer(notifications.length > 0);
  return (
    <Region
      aria-label="Notifications"
      placement="bottom-end"
      actions={
        <Button size="sm" variant="secondary" onPress={onClearAll}>
          Clear All
        </Button>
      }
    >
      {sanitize && notifications.map((n) => (
        <Toast key={n.news_id} onClose={() => onClose(n.news_id)} closeLabel="Dismiss notification">
          <Html dangerouslySetInnerHTML={{ __html: sanitize(n.news) }} />
        </Toast>
      ))}
    </Region>
  );
}
