import type { OperatorRole } from '../../api/contract/roles';
import { localStore, type LocalStore } from '../../lib/session';

/**
 * The console's side of the operator session: the token of `POST /operator/session/code`, kept in
 * this browser's localStorage under a key of its own (never the affiliate's `mb-auth-token`, so the
 * two sessions never mix), with the operator it belongs to and when it ends. The server is the
 * judge: a stored token is checked with `GET /operator/session` when the console opens.
 */
export interface OperatorSession {
  token: string;
  expiresAt: string;
  operator: { operatorId: number; email: string; role: OperatorRole };
}

export const OPS_SESSION_KEY = 'ops-session';

type Store = LocalStore;
const storage = localStore;

/** The stored session, or null when there is none, it is unreadable or it has ended. */
export function readOperatorSession(store: Store | null = storage(), now = Date.now()): OperatorSession | null {
  const raw = store?.getItem(OPS_SESSION_KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as OperatorSession;
    if (typeof session.token !== 'string' || typeof session.operator?.email !== 'string') return null;
    if (!(new Date(session.expiresAt).getTime() > now)) return null;
    return session;
  } catch {
    return null;
  }
}

export function storeOperatorSession(session: OperatorSession, store: Store | null = storage()): void {
  store?.setItem(OPS_SESSION_KEY, JSON.stringify(session));
}

export function clearOperatorSession(store: Store | null = storage()): void {
  store?.removeItem(OPS_SESSION_KEY);
}
