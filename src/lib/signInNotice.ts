import { storageKeys } from './storageKeys';

/**
 * A message for the sign-in screen from the signed-in portal, which reloads the page to get there: kept
 * in this tab's sessionStorage (not the session's localStorage keys) until the sign-in screen shows it.
 * A module of its own: the sign-in page loads it without the session's token code.
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The token check failed (spec 000 §8): shown on the sign-in screen the session ends on. */
export const TOKEN_CHECK_FAILED = 'Error while verifying token.';

function tabStorage(): Store | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Leaves `text` for the sign-in screen the page is about to reload to. */
export function leaveSignInNotice(text: string, store: Store | null = tabStorage()) {
  store?.setItem(storageKeys.signInNotice, text);
}

/** The sign-in screen's message left before the reload, if any (read without removing it: a render may read twice). */
export function peekSignInNotice(store: Store | null = tabStorage()): string | null {
  return store?.getItem(storageKeys.signInNotice) ?? null;
}

/** The sign-in screen has shown its message: a later visit does not show it again. */
export function clearSignInNotice(store: Store | null = tabStorage()) {
  store?.removeItem(storageKeys.signInNotice);
}
