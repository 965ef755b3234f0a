import { sessionKeys, storageKeys } from './storageKeys';

/**
 * The client side of the session (spec 002 §4 "Session validity"): the affiliate is signed in only
 * when the token (mb-auth-token), the affiliate id (mb-aid) and an encrypted copy of the token (mb-t)
 * all exist and the decrypted copy equals the token.
 *
 * The copy is encrypted with AES-GCM under a key fixed at build time (VITE_SESSION_COPY_KEY). Anyone
 * can read that key from the bundle, so this is a CONSISTENCY CHECK (it catches a token edited or
 * half-cleared in storage), not a secret: the token's real protection is the server, which stores
 * only its hash and can revoke it.
 */
const copyKeyMaterial: string = (import.meta.env?.VITE_SESSION_COPY_KEY as string | undefined) ?? 'publisher-portal/session-copy/v1';

/** What the session layers read and write of localStorage (a test passes a Map-backed one). */
export type LocalStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Store = LocalStore;

/** This browser's localStorage, or null where there is none (outside a browser, storage blocked). */
export function localStore(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
const storage = localStore;

/** The stored session token, or null outside a browser or when signed out. */
export function readSessionToken(store: Store | null = storage()): string | null {
  return store?.getItem(storageKeys.authToken) ?? null;
}

let keyPromise: Promise<CryptoKey> | null = null;
function copyKey(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(copyKeyMaterial))
    .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
  return keyPromise;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** `iv.ciphertext`, both base64. */
export async function encryptTokenCopy(token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await copyKey(), new TextEncoder().encode(token));
  return `${toB64(iv)}.${toB64(new Uint8Array(data))}`;
}

export async function decryptTokenCopy(copy: string): Promise<string | null> {
  try {
    const [iv, data] = copy.split('.');
    if (!iv || !data) return null;
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(iv) }, await copyKey(), fromB64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** Step 1 of the login flow: the token, ld and oid are stored (the session is not complete yet). */
export function storeLoginTokens(answer: { token: string; ld?: string | number; oid?: string | number }, store: Store | null = storage()) {
  if (!store) return;
  store.setItem(storageKeys.authToken, answer.token);
  if (answer.ld !== undefined) store.setItem(storageKeys.ld, String(answer.ld));
  if (answer.oid !== undefined) store.setItem(storageKeys.oid, String(answer.oid));
}

/** Completes the session: the affiliate id and the encrypted copy of the token. */
export async function storeSession(answer: { token: string; affiliateId: string | number }, store: Store | null = storage()) {
  if (!store) return;
  store.setItem(storageKeys.authToken, answer.token);
  store.setItem(storageKeys.affiliateId, String(answer.affiliateId));
  store.setItem(storageKeys.tokenCopy, await encryptTokenCopy(answer.token));
}

/** Signed in only when all three keys exist and agree. */
export async function hasValidSession(store: Store | null = storage()): Promise<boolean> {
  const token = store?.getItem(storageKeys.authToken);
  const aid = store?.getItem(storageKeys.affiliateId);
  const copy = store?.getItem(storageKeys.tokenCopy);
  if (!token || !aid || !copy) return false;
  return (await decryptTokenCopy(copy)) === token;
}

/** Logout (spec 000 §4, 002 §4): removes the three session keys. The caller reloads the page. */
export function clearSession(store: Store | null = storage()) {
  for (const key of sessionKeys) store?.removeItem(key);
}

/** ld and oid sent with the login request: read from storage, 0 if absent (spec 002 §3). */
export function readLoginIds(store: Store | null = storage()): { ld: number; oid: number } {
  const num = (v: string | null | undefined) => (v && /^\d+$/.test(v) ? Number(v) : 0);
  return { ld: num(store?.getItem(storageKeys.ld)), oid: num(store?.getItem(storageKeys.oid)) };
}
