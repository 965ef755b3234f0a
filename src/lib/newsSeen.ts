import { useCallback, useSyncExternalStore } from 'react';
import { storageKeys } from './storageKeys';

/**
 * Which news this device has seen: the highest news id shown when the dropdown was last opened
 * (the bell counts unread news, and opening it reads them). Kept on the device, like the
 * spec's other client keys; every bell on the page (top bar, mobile bar) follows the same value.
 */
const listeners = new Set<() => void>();

function read(): number {
  const raw = globalThis.localStorage?.getItem(storageKeys.newsSeen);
  const n = raw === null || raw === undefined ? 0 : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === storageKeys.newsSeen && listener();
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The number of items newer than those seen, and a way to mark them all seen. */
export function useUnreadNews(ids: readonly number[] | undefined): { unread: number; markSeen: () => void } {
  const seen = useSyncExternalStore(subscribe, read, () => 0);
  const unread = ids ? ids.filter((id) => id > seen).length : 0;
  const newest = ids?.length ? Math.max(...ids) : 0;
  const markSeen = useCallback(() => {
    if (newest <= read()) return;
    globalThis.localStorage?.setItem(storageKeys.newsSeen, String(newest));
    listeners.forEach((l) => l());
  }, [newest]);
  return { unread, markSeen };
}
