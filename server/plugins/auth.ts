import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TOKEN_HEADER } from '../../src/api/contract/session';
import type { DB, SessionStage } from '../db/schema';
import { hashToken } from '../lib/crypto';
import { unauthorized } from '../lib/errors';

export interface AuthContext {
  sessionId: number;
  affiliateId: number;
  stage: SessionStage;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Session lifetimes (docs/server.md): 30 days at most, 7 days idle; 15 minutes for a half sign-in. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const PENDING_SESSION_MAX_AGE_MS = 15 * 60_000;
/** last_seen_at is refreshed at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

// A token is 43 base64url characters; anything else cannot be one, so no query is made for it.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function readToken(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/**
 * Resolves the x-app-token header to a live session of an active affiliate, or throws 401.
 * `stages` lists the session stages the route accepts (a half sign-in reaches only its own calls).
 */
export async function authenticate(
  db: Kysely<DB>,
  request: FastifyRequest,
  now: Date,
  stages: readonly SessionStage[] = ['active'],
): Promise<AuthContext> {
  const token = readToken(request);
  if (!token) throw unauthorized('You are not signed in.');
  const session = await db
    .selectFrom('sessions')
    .innerJoin('affiliates', 'affiliates.id', 'sessions.affiliate_id')
    .select([
      'sessions.id',
      'sessions.affiliate_id',
      'sessions.stage',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'affiliates.status',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (
    !session ||
    session.revoked_at !== null ||
    new Date(session.expires_at).getTime() <= now.getTime() ||
    now.getTime() - session.last_seen_at.getTime() > SESSION_IDLE_MS ||
    session.status !== 'active' ||
    !stages.includes(session.stage)
  ) {
    throw unauthorized();
  }
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
  }
  const auth = { sessionId: session.id, affiliateId: session.affiliate_id, stage: session.stage };
  request.auth = auth;
  return auth;
}
