import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Access } from '../../src/api/contract/endpoint';
import { OPERATOR_TOKEN_HEADER, rolesFor, type OperatorRole } from '../../src/api/contract/operator';
import { TOKEN_HEADER } from '../../src/api/contract/session';
import type { AppContext } from '../context';
import type { DB, SessionStage } from '../db/schema';
import { hashToken } from '../lib/crypto';
import { ApiError, unauthorized } from '../lib/errors';

export interface AuthContext {
  sessionId: number;
  affiliateId: number;
  stage: SessionStage;
}

/** The signed-in network operator of an operator route. */
export interface OperatorContext {
  operatorId: number;
  sessionId: number;
  role: OperatorRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    operator: OperatorContext | null;
  }
}

/** The operator's token header: never the affiliate's x-app-token, so neither opens the other's routes. */

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
 * Routes never call this: the onRequest hook of `registerSessionHook` does, from the endpoint's
 * `access`. (A rate limit keyed by affiliate uses `sessionOf`.)
 */
async function authenticate(
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

/**
 * Resolves x-operator-token to a live, fully signed-in session (password and authenticator code) of an
 * operator account that is not disabled, or throws 401. Operator sessions expire
 * (OPERATOR_SESSION_HOURS) and end at sign-out, when the account is disabled or reset. A half sign-in
 * (stage otp or otp_setup) opens nothing: its challenge only reaches /operator/session/code.
 */
async function authenticateOperator(db: Kysely<DB>, request: FastifyRequest, now: Date): Promise<OperatorContext> {
  const value = request.headers[OPERATOR_TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  if (!token || !TOKEN_SHAPE.test(token)) throw unauthorized('You are not signed in as an operator.');
  const session = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.expires_at', 's.revoked_at', 's.stage', 'o.disabled_at', 'o.role'])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (
    !session ||
    session.stage !== 'active' ||
    session.revoked_at !== null ||
    session.disabled_at !== null ||
    new Date(session.expires_at).getTime() <= now.getTime()
  ) {
    throw unauthorized('Your operator session has expired. Please sign in again.');
  }
  const operator = { operatorId: session.operator_id, sessionId: session.id, role: session.role };
  request.operator = operator;
  return operator;
}

const stagesOf = (access: Exclude<Access, 'public' | 'operator'>): readonly SessionStage[] => (access === 'session' ? ['active'] : access);

/** One lookup per request, shared by the session hook and a rate-limit key that needs the affiliate. */
const lookups = new WeakMap<FastifyRequest, Promise<AuthContext>>();

function lookup(ctx: Pick<AppContext, 'db' | 'now'>, request: FastifyRequest, stages: readonly SessionStage[]): Promise<AuthContext> {
  let pending = lookups.get(request);
  if (!pending) {
    pending = authenticate(ctx.db, request, ctx.now(), stages);
    lookups.set(request, pending);
  }
  return pending;
}

/**
 * The signed-in affiliate of a request to a non-public route, or null: for a rate limit keyed per
 * affiliate, which runs before the session hook. The hook reuses the same lookup.
 */
export async function sessionOf(ctx: Pick<AppContext, 'db' | 'now'>, request: FastifyRequest): Promise<AuthContext | null> {
  const access = request.routeOptions.config.endpoint?.access;
  if (!access || access === 'public' || access === 'operator') return null;
  return lookup(ctx, request, stagesOf(access)).catch(() => null);
}

/**
 * The one session check of the API: every route whose endpoint description is not public gets an
 * onRequest hook that resolves the token to `request.auth` (or answers 401) before anything else of
 * the route runs. It is appended after the rate limiter's hook (registered earlier), so requests
 * without a valid token still count against the per-address limit. A route under /api without an
 * endpoint description refuses to register: every API route says who may call it.
 */
export function registerSessionHook(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'now'>, apiPrefix = '/api'): void {
  app.addHook('onRoute', (options) => {
    const endpoint = options.config?.endpoint;
    if (!endpoint) {
      if (options.url === apiPrefix || options.url.startsWith(`${apiPrefix}/`)) {
        throw new Error(`${options.method} ${options.url} has no endpoint description: register it with route() (server/lib/route.ts)`);
      }
      return;
    }
    if (endpoint.access === 'public') return;
    let hook: onRequestHookHandler;
    if (endpoint.access === 'operator') {
      // Every operator route says which roles may call it (`roles` in its description: src/api/contract/roles.ts).
      const roles = rolesFor(endpoint);
      if (!roles) throw new Error(`${options.method} ${options.url} is an operator route without roles: name them in its description (\`roles\`, src/api/contract/roles.ts)`);
      // An operator route admits no affiliate session: only the operator's own token, of a role it lists.
      hook = async (request) => {
        const operator = await authenticateOperator(ctx.db, request, ctx.now());
        request.operator = operator;
        if (!roles.includes(operator.role)) {
          throw new ApiError(403, `Your operator role (${operator.role}) does not allow this. It needs ${roles.join(' or ')}: ask an admin.`);
        }
      };
    } else {
      const stages = stagesOf(endpoint.access);
      hook = async (request) => {
        request.auth = await lookup(ctx, request, stages);
      };
    }
    const existing = options.onRequest ? (Array.isArray(options.onRequest) ? options.onRequest : [options.onRequest]) : [];
    options.onRequest = [...existing, hook];
  });
}
