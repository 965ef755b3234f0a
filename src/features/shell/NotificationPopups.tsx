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

/*
 * The pop-ups never lie over the page's working area (docs/portal-shell.md, "notification pop-ups"):
 * - below 1200 px (no free column beside the page): a strip in the shell's flow, first in its column
 *   (above the top bar), so the page starts under it and nothing is covered; at most a third of the
 *   screen high, the rest scrolling inside it;
 * - from 1200 px: over the right column (the campaign lists), pinned to the window's foot, as wide as
 *   that column (the layout is at most 1440 px wide and centred, with 16 px of padding), never over
 *   the page's column.
 * Below dialogs and menus either way: a modal's dim layer covers them and the modal stays usable.
 */
const Region = styled(ToastRegion)`
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  &[data-placement] {
    position: static;
    order: -1;
    width: auto;
    max-height: 33vh;
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  }
  @container portal (min-width: 1200px) {
    &[data-placement] {
      position: fixed;
      order: 0;
      top: auto;
      left: auto;
      bottom: ${({ theme }) => theme.space[4]}px;
      right: calc(max(0px, (100cqw - 1440px) / 2) + ${({ theme }) => theme.space[4]}px);
      width: 260px;
      max-height: calc(100vh - 96px);
      padding: 0;
    }
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
