import { useEffect, useMemo, useState } from 'react';
import { useDismissNotificationMutation, useGetNotificationsQuery } from '../../api/shellApi';
import { loadNewsSanitizer } from './newsSanitizer';
import { NotificationPopups } from './NotificationPopups';

/** Spec 000 §4, §9: each notification pops up 3000 ms after it is loaded; after Clear All the list refreshes every 300000 ms. */
export const NOTIFICATION_POP_DELAY_MS = 3000;
const NOTIFICATION_REFRESH_MS = 300_000;

export interface NotificationsProps {
  popDelay?: number;
  refreshInterval?: number;
}

/**
 * Loads the notifications on mount and pops each one up after `popDelay`. Closing one dismisses it
 * on the server; Clear All dismisses them all and starts the refresh. Failures are only logged
 * (spec 000 §8); a 401 ends the session through the API's unauthorized handler.
 */
export function Notifications({ popDelay = NOTIFICATION_POP_DELAY_MS, refreshInterval = NOTIFICATION_REFRESH_MS }: NotificationsProps) {
  const [cleared, setCleared] = useState(false);
  const { data, error } = useGetNotificationsQuery(undefined, { pollingInterval: cleared ? refreshInterval : 0 });
  const [dismiss] = useDismissNotificationMutation();
  const [popped, setPopped] = useState<ReadonlySet<number>>(new Set());
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());

  const waiting = useMemo(
    () => (data?.notifications ?? []).filter((n) => !popped.has(n.news_id) && !closed.has(n.news_id)).map((n) => n.news_id),
    [data, popped, closed],
  );
  const waitingKey = waiting.join(',');
  // The pop-ups' sanitiser comes during the delay, so they show on time.
  useEffect(() => {
    if (waitingKey) loadNewsSanitizer().catch((e: unknown) => console.warn('Notifications could not be shown', e));
  }, [waitingKey]);
  useEffect(() => {
    if (!waitingKey) return;
    const ids = waitingKey.split(',').map(Number);
    const timer = window.setTimeout(() => setPopped((p) => new Set([...p, ...ids])), popDelay);
    return () => window.clearTimeout(timer);
  }, [waitingKey, popDelay]);

  useEffect(() => {
    if (error) console.warn('Notifications could not be loaded', error);
  }, [error]);

  const shown = (data?.notifications ?? []).filter((n) => popped.has(n.news_id) && !closed.has(n.news_id));

  const close = (id: number) => {
    setClosed((c) => new Set([...c, id]));
    dismiss({ news_id: id })
      .unwrap()
      .catch((e: unknown) => console.warn('Notification could not be dismissed', e));
  };
  const clearAll = () => {
    setClosed((c) => new Set([...c, ...(data?.notifications ?? []).map((n) => n.news_id)]));
    setCleared(true);
    dismiss({ news_id: 'all' })
      .unwrap()
      .catch((e: unknown) => console.warn('Notifications could not be cleared', e));
  };

  return <NotificationPopups notifications={shown} onClose={close} onClearAll={clearAll} />;
}
