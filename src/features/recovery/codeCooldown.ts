import { RESEND_CODE_SECONDS } from '../../shared/recovery';

/**
 * When the reset page may ask for another SMS code, kept in localStorage so that a reload (or the
 * e-mailed link opened again) shows the same 'Sent (n)' countdown the server enforces (60 seconds
 * after the last code). One entry: the link it belongs to, as a short fingerprint (never the
 * token), and the moment the wait ends.
 */
const KEY = 'mb-reset-code-wait';

/** FNV-1a of the token: tells links apart without storing the secret. */
function fingerprint(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** A code was just sent for this link: the wait ends `seconds` from now. */
export function rememberCodeSent(token: string, seconds: number = RESEND_CODE_SECONDS, now: number = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ link: fingerprint(token), until: now + seconds * 1000 }));
  } catch {
    // Storage refused (private mode, quota): the countdown lasts as long as the page.
  }
}

/** Whole seconds left before this link may ask for another code (0: it may now), at most 60. */
export function codeWaitLeft(token: string, now: number = Date.now()): number {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { link?: unknown; until?: unknown } | null;
    if (!stored || stored.link !== fingerprint(token) || typeof stored.until !== 'number') return 0;
    const left = Math.ceil((stored.until - now) / 1000);
    return left > 0 ? Math.min(left, RESEND_CODE_SECONDS) : 0;
  } catch {
    return 0;
  }
}
