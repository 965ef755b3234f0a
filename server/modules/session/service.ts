import type { Kysely } from 'kysely';
import type { LoginRequest, LoginResponse } from '../../../src/api/contract/session';
import type { DB, SessionStage } from '../../db/schema';
import { hashPassword, hashToken, newToken, verifyPassword, type ScryptCost } from '../../lib/crypto';
import { ApiError, tooManyRequests } from '../../lib/errors';
import { PENDING_SESSION_MAX_AGE_MS, SESSION_MAX_AGE_MS } from '../../plugins/auth';
import { accountKey, checkLoginLimits, recordLoginAttempt, type LoginLimits } from './loginLimiter';

/** One message for an unknown e-mail and a wrong password, so sign-in does not reveal accounts. */
export const BAD_CREDENTIALS_MESSAGE = 'The e-mail address or password you entered is incorrect.';
export const INACTIVE_MESSAGE = 'Your account is not active. Please contact your affiliate manager.';
export const PENDING_MESSAGE =
  'Your application is still being reviewed. You can sign in once your account has been approved.';

export interface SignInContext {
  ip: string;
  userAgent: string;
  now: Date;
  limits: LoginLimits;
  /** Hash checked when the e-mail is unknown, so both failures take the same time. */
  dummyHash: () => Promise<string>;
}

/**
 * Which half of the sign-in flow the new token opens (spec 002 section 4). Only 'active' reaches
 * the signed-in API; the others reach the calls of their own step (later issues add them).
 */
export function sessionStageFor(affiliate: {
  otp_enabled: boolean;
  country_verified: boolean;
  login_p: number;
  login_o: number;
}): SessionStage {
  if (affiliate.otp_enabled) return 'otp';
  // Country check: for now the stored flag decides; a geo rule on the sign-in IP comes later.
  if (!affiliate.country_verified) return 'verify';
  if (affiliate.login_o === 123 || affiliate.login_p > 2) return 'active';
  return 'otp_setup';
}

export async function signIn(db: Kysely<DB>, input: LoginRequest, ctx: SignInContext): Promise<LoginResponse> {
  const key = accountKey(input.email);
  const limited = await checkLoginLimits(db, key, ctx.ip, ctx.now, ctx.limits);
  // The window is the longest wait: the oldest counted failure leaves it by then.
  if (limited) throw tooManyRequests(limited, ctx.limits.windowMs / 1000);

  const affiliate = await db
    .selectFrom('affiliates')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, affiliate?.password_hash ?? (await ctx.dummyHash()));
  if (!affiliate || !passwordOk) {
    await recordLoginAttempt(db, key, ctx.ip, false, ctx.now);
    throw new ApiError(400, BAD_CREDENTIALS_MESSAGE);
  }
  if (affiliate.status === 'pending') throw new ApiError(403, PENDING_MESSAGE);
  if (affiliate.status !== 'active') throw new ApiError(403, INACTIVE_MESSAGE);

  const stage = sessionStageFor(affiliate);
  const token = newToken();
  const maxAge = stage === 'active' ? SESSION_MAX_AGE_MS : PENDING_SESSION_MAX_AGE_MS;
  // All or nothing: the attempt, the session and the last-login stamp.
  await db.transaction().execute(async (trx) => {
    await recordLoginAttempt(trx, key, ctx.ip, true, ctx.now);
    await trx
      .insertInto('sessions')
      .values({
        affiliate_id: affiliate.id,
        token_hash: hashToken(token),
        stage,
        ip: ctx.ip,
        user_agent: ctx.userAgent.slice(0, 500),
        created_at: ctx.now,
        last_seen_at: ctx.now,
        expires_at: new Date(ctx.now.getTime() + maxAge),
      })
      .execute();
    await trx.updateTable('affiliates').set({ last_login_at: ctx.now }).where('id', '=', affiliate.id).execute();
  });

  return {
    success: true,
    'mb-app-token': token,
    'mb-aid': affiliate.id,
    // ld and oid are echoed back for the client to store (spec 002 section 4, step 1).
    'mb-ld': input.ld,
    'mb-oid': input.oid,
    'mb-p': affiliate.login_p,
    'mb-o': affiliate.login_o,
    otp_enabled: affiliate.otp_enabled,
    otp_prompt_date: affiliate.otp_prompt_date ? affiliate.otp_prompt_date.toISOString() : null,
    country_verified: affiliate.country_verified,
    is_mobile_added: affiliate.mobile_phone.trim() !== '',
  };
}

export async function revokeSession(db: Kysely<DB>, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/** A hash of a random password at the configured cost, made once per process. */
export function makeDummyHash(cost: ScryptCost): () => Promise<string> {
  let pending: Promise<string> | undefined;
  return () => (pending ??= hashPassword(newToken(), cost));
}
