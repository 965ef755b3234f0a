import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { newToken, hashToken } from '../../lib/crypto';
import { ApiError, badRequest, tooManyRequests } from '../../lib/errors';
import type { Messenger } from '../../lib/messenger';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp';
import { openTotpSecret, sealTotpSecret } from './secrets';
import { admitAttempt, affiliateKey, checkAttempt, recordAttempt, type LoginLimits } from '../session/loginLimiter';

/** E-mail and SMS codes: 6 digits, 10 minutes, single use, locked after 5 wrong tries (docs/server.md). */
const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
/** At most this many codes sent per affiliate per 15 minutes. */
const CODE_SENDS_PER_WINDOW = 5;
const SEND_WINDOW_MS = 15 * 60_000;

export const messages = {
  noMobile: 'Add your mobile number to receive code via SMS',
  tooManySends: 'Too many codes have been requested. Please wait 15 minutes and try again.',
  wrongCode: 'The code you entered is incorrect. Please try again.',
  expiredCode: 'This code has expired or has already been used. Please request a new code.',
  lockedCode: 'Too many incorrect codes. Please request a new code.',
  deactivated: 'Google Authenticator has been deactivated.',
} as const;

/** The code is bound to its unguessable handle t: the stored hash cannot be brute-forced without t. */
const codeHash = (t: string, code: string) => createHash('sha256').update(`${t}:${code}`).digest('hex');

/** What a code is for: a sign-in step, the settings window, or a password reset (docs/recovery.md). */
export type CodePurpose = 'login' | 'settings' | 'reset_password';

export interface SendCodeArgs {
  affiliateId: number;
  method: 'byEmail' | 'bySMS' | 'byBoth';
  purpose: CodePurpose;
  now: Date;
  productName: string;
  /** The code's handle when the caller derives it (a reset code: from the e-mailed token); else a new random one. */
  handle?: string;
}

export async function sendCode(db: Kysely<DB>, messenger: Messenger, args: SendCodeArgs): Promise<{ t: string }> {
  return db.transaction().execute((trx) => sendCodeIn(trx, messenger, args));
}

/** sendCode inside the caller's transaction (a reset code is recorded with its reset link). */
export async function sendCodeIn(trx: Kysely<DB>, messenger: Messenger, args: SendCodeArgs): Promise<{ t: string }> {
  const a = await trx.selectFrom('affiliates').select(['email', 'mobile_phone']).where('id', '=', args.affiliateId).executeTakeFirstOrThrow();
  if (args.method !== 'byEmail' && !a.mobile_phone.trim()) throw badRequest(messages.noMobile);
  const recent = await trx
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('affiliate_id', '=', args.affiliateId)
    .where('created_at', '>', new Date(args.now.getTime() - SEND_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CODE_SENDS_PER_WINDOW) throw tooManyRequests(messages.tooManySends, SEND_WINDOW_MS / 1000);
  // A new code replaces any earlier one for the same purpose.
  await trx
    .updateTable('verification_codes')
    .set({ used_at: args.now })
    .where('affiliate_id', '=', args.affiliateId)
    .where('purpose', '=', args.purpose)
    .where('used_at', 'is', null)
    .execute();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const t = args.handle ?? newToken();
  await trx
    .insertInto('verification_codes')
    .values({
      affiliate_id: args.affiliateId,
      purpose: args.purpose,
      method: args.method,
      code_hash: codeHash(t, code),
      token_hash: hashToken(t),
      attempts: 0,
      created_at: args.now,
      expires_at: new Date(args.now.getTime() + CODE_TTL_MS),
    })
    .execute();
  const text = `Your ${args.productName} verification code is ${code}. It expires in 10 minutes.`;
  if (args.method !== 'bySMS') await messenger.queue(trx, { channel: 'email', recipient: a.email, subject: 'Your verification code', body: text });
  if (args.method !== 'byEmail') await messenger.queue(trx, { channel: 'sms', recipient: a.mobile_phone, body: text, account: a.email });
  return { t };
}

/** Checks a code; wrong tries count, the fifth locks it; a right one is used up. */
export async function verifyCode(
  db: Kysely<DB>,
  args: { affiliateId: number; purpose: CodePurpose; code: string; t: string; now: Date; ip: string; limits: LoginLimits },
): Promise<void> {
  // Wrong codes also count per account (any code, any purpose): throttled with growing delays.
  const attempt = await admitAttempt(db, { kind: 'code', account: affiliateKey(args.affiliateId), affiliateId: args.affiliateId, ip: args.ip, now: args.now, limits: args.limits });
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(args.t))
    .where('affiliate_id', '=', args.affiliateId)
    .where('purpose', '=', args.purpose)
    .executeTakeFirst();
  if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= args.now.getTime()) throw badRequest(messages.expiredCode);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw badRequest(messages.lockedCode);
  const expected = Buffer.from(row.code_hash);
  const actual = Buffer.from(codeHash(args.t, args.code.trim()));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const attempts = row.attempts + 1;
    await db
      .updateTable('verification_codes')
      .set({ attempts, used_at: attempts >= CODE_MAX_ATTEMPTS ? args.now : null })
      .where('id', '=', row.id)
      .execute();
    await recordAttempt(db, attempt, false);
    throw badRequest(attempts >= CODE_MAX_ATTEMPTS ? messages.lockedCode : messages.wrongCode);
  }
  // Single use: only the request that flips used_at wins (two concurrent right answers: one succeeds).
  const used = await db.updateTable('verification_codes').set({ used_at: args.now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw badRequest(messages.expiredCode);
  await recordAttempt(db, attempt, true);
}

/**
 * The authenticator step of a sign-in. Wrong codes count per account in the database, not per half
 * sign-in: signing in again with the password (itself throttled) gives no fresh guesses, and only a
 * right code resets the count. The wrong code that starts the throttling also revokes the half
 * sign-in: the next guess needs the password again, and waits (429 with Retry-After).
 */
export async function verifySignInOtp(
  db: Kysely<DB>,
  args: { affiliateId: number; sessionId: number; code: string; now: Date; totpKey: Buffer; ip: string; limits: LoginLimits },
): Promise<boolean> {
  const attempt = await admitAttempt(db, { kind: 'otp', account: affiliateKey(args.affiliateId), affiliateId: args.affiliateId, ip: args.ip, now: args.now, limits: args.limits });
  const ok = await db.transaction().execute(async (trx) => {
    const a = await trx.selectFrom('affiliates').select(['otp_secret', 'otp_last_step']).where('id', '=', args.affiliateId).forUpdate().executeTakeFirstOrThrow();
    const secret = a.otp_secret ? openTotpSecret(args.totpKey, args.affiliateId, a.otp_secret) : null;
    const step = secret ? verifyTotp(secret, args.code, args.now, a.otp_last_step ?? -1) : null;
    if (step === null) return false;
    await trx.updateTable('affiliates').set({ otp_last_step: step, last_login_at: args.now }).where('id', '=', args.affiliateId).execute();
    await trx.updateTable('sessions').set({ stage: 'active' }).where('id', '=', args.sessionId).execute();
    await recordAttempt(trx, attempt, true);
    return true;
  });
  if (ok) return true;
  await recordAttempt(db, attempt, false);
  const now = await checkAttempt(db, attempt);
  if (now) {
    await db.updateTable('sessions').set({ revoked_at: args.now }).where('id', '=', args.sessionId).execute();
    throw new ApiError(429, now.message, now.retryAfterSeconds);
  }
  return false;
}

export async function completeVerifiedSignIn(db: Kysely<DB>, sessionId: number) {
  await db.updateTable('sessions').set({ stage: 'active' }).where('id', '=', sessionId).execute();
}

export async function startOtpSetup(db: Kysely<DB>, affiliateId: number, issuer: string) {
  const a = await db.selectFrom('affiliates').select('email').where('id', '=', affiliateId).executeTakeFirstOrThrow();
  const secret = newTotpSecret();
  return { secret, token: otpauthUri(secret, a.email, issuer) };
}

/** Activates two-factor with the secret shown at set-up, once a code from it checks out. */
export async function activateOtp(
  db: Kysely<DB>,
  args: { affiliateId: number; sessionId: number; secret: string; otp: string; now: Date; totpKey: Buffer },
): Promise<boolean> {
  const step = verifyTotp(args.secret, args.otp, args.now);
  if (step === null) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('affiliates')
      .set({ otp_secret: sealTotpSecret(args.totpKey, args.affiliateId, args.secret), otp_enabled: true, otp_last_step: step, otp_prompt_date: args.now, updated_at: args.now })
      .where('id', '=', args.affiliateId)
      .execute();
    await trx.updateTable('sessions').set({ stage: 'active' }).where('id', '=', args.sessionId).execute();
  });
  return true;
}

/** Turns two-factor off; true when it was on. */
export async function cancelOtp(db: Kysely<DB>, affiliateId: number, now: Date): Promise<boolean> {
  const before = await db.selectFrom('affiliates').select('otp_enabled').where('id', '=', affiliateId).executeTakeFirst();
  await db.updateTable('affiliates').set({ otp_secret: null, otp_enabled: false, otp_last_step: null, updated_at: now }).where('id', '=', affiliateId).execute();
  return before?.otp_enabled === true;
}

export async function savePromptDate(db: Kysely<DB>, affiliateId: number, now: Date) {
  await db.updateTable('affiliates').set({ otp_prompt_date: now }).where('id', '=', affiliateId).execute();
}
