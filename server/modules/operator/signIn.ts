import type { Kysely } from 'kysely';
import { operatorSignInMessages, type OperatorRole } from '../../../src/api/contract/operator';
import type { DB } from '../../db/schema';
import { hashToken, newToken, verifyPassword } from '../../lib/crypto';
import { ApiError, tooManyRequests } from '../../lib/errors';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp';
import { accountKey, admitAttempt, checkAttempt, recordAttempt, type AttemptScope, type LoginLimits } from '../session/loginLimiter';
import { recordAudit } from './audit';
import { normalizeEmail, openOperatorSecret, sealOperatorSecret } from './service';

/**
 * An operator's sign-in (docs/operators.md "Sign-in"): the password, then a code of the authenticator
 * app, with no session before a verified code. The first sign-in (no secret yet, after an invite or a
 * reset) sets the authenticator up: the answer carries a new secret, and its first right code both
 * stores it (sealed) and opens the session. The half sign-in is an operator_sessions row of stage
 * 'otp' or 'otp_setup' that opens no route; its challenge reaches only the code step, 15 minutes.
 *
 * The same TOTP code (server/lib/totp.ts: one step of skew, no replay) and the same database-held
 * limits as affiliates (server/modules/session/loginLimiter.ts), counted apart from any affiliate's:
 * wrong passwords per e-mail (key `operator:<e-mail>`) and wrong codes per operator (key
 * `operator:<id>`) slow down with growing delays, never lock; only a right answer resets its own
 * count, and the wrong code that starts the delays ends the half sign-in (the password again, later).
 */

const { failed: FAILED_SIGN_IN, expired: EXPIRED_CHALLENGE, wrongCode: WRONG_CODE } = operatorSignInMessages;
export const CHALLENGE_TTL_MS = 15 * 60_000;

export interface SignInDeps {
  db: Kysely<DB>;
  now: Date;
  ip: string;
  limits: LoginLimits;
  totpKey: Buffer;
  dummyHash: () => Promise<string>;
  productName: string;
}

const passwordScope = (email: string, d: SignInDeps): AttemptScope => ({
  kind: 'password', account: accountKey(`operator:${email}`), affiliateId: null, ip: d.ip, now: d.now, limits: d.limits,
});
const codeScope = (operatorId: number, d: SignInDeps): AttemptScope => ({
  kind: 'otp', account: `operator:${operatorId}`, affiliateId: null, ip: d.ip, now: d.now, limits: d.limits,
});

export async function signInWithPassword(d: SignInDeps, input: { email: string; password: string }) {
  const email = normalizeEmail(input.email);
  const attempt = await admitAttempt(d.db, passwordScope(email, d));
  const operator = await d.db
    .selectFrom('operators')
    .select(['id', 'email', 'password_hash', 'disabled_at', 'otp_secret'])
    .where('email', '=', email)
    .executeTakeFirst();
  // The same work for an unknown address or an invite not accepted yet: the timing does not tell who is an operator.
  const stored = operator && operator.password_hash !== '' ? operator.password_hash : await d.dummyHash();
  const ok = await verifyPassword(input.password, stored);
  if (!operator || !ok || operator.password_hash === '' || operator.disabled_at !== null) {
    await recordAttempt(d.db, attempt, false);
    throw new ApiError(403, FAILED_SIGN_IN);
  }
  const challenge = newToken();
  const expires = new Date(d.now.getTime() + CHALLENGE_TTL_MS);
  const setup = operator.otp_secret === null ? newTotpSecret() : null;
  await d.db.transaction().execute(async (trx) => {
    await recordAttempt(trx, attempt, true);
    await trx
      .insertInto('operator_sessions')
      .values({
        operator_id: operator.id,
        token_hash: hashToken(challenge),
        created_at: d.now,
        expires_at: expires,
        stage: setup ? 'otp_setup' : 'otp',
        pending_secret: setup ? sealOperatorSecret(d.totpKey, operator.id, setup) : null,
        ip: d.ip,
      })
      .execute();
  });
  const base = { success: true as const, challenge, expires_at: expires.toISOString() };
  if (!setup) return { ...base, step: 'code' as const };
  return { ...base, step: 'setup' as const, secret: setup, otpauth_uri: otpauthUri(setup, operator.email, `${d.productName} operators`) };
}

export async function signInWithCode(d: SignInDeps, input: { challenge: string; code: string }, sessionHours: number) {
  const pending = await d.db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.stage', 's.expires_at', 's.revoked_at', 's.pending_secret', 'o.disabled_at'])
    .where('s.token_hash', '=', hashToken(input.challenge))
    .executeTakeFirst();
  if (
    !pending ||
    pending.stage === 'active' ||
    pending.revoked_at !== null ||
    pending.disabled_at !== null ||
    new Date(pending.expires_at).getTime() <= d.now.getTime()
  ) {
    throw new ApiError(403, EXPIRED_CHALLENGE);
  }
  const attempt = await admitAttempt(d.db, codeScope(pending.operator_id, d));
  const code = input.code.trim();
  const token = newToken();
  const expires = new Date(d.now.getTime() + sessionHours * 3600_000);
  const signedIn = await d.db.transaction().execute(async (trx) => {
    const op = await trx
      .selectFrom('operators')
      .select(['id', 'email', 'role', 'otp_secret', 'otp_last_step'])
      .where('id', '=', pending.operator_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const setup = pending.stage === 'otp_setup';
    // A set-up started before another one finished (two tabs): the stored secret wins, this one is stale.
    if (setup && op.otp_secret !== null) throw new ApiError(403, EXPIRED_CHALLENGE);
    const sealed = setup ? pending.pending_secret : op.otp_secret;
    if (!sealed) throw new ApiError(403, EXPIRED_CHALLENGE);
    const secret = openOperatorSecret(d.totpKey, op.id, sealed);
    const step = verifyTotp(secret, code, d.now, setup ? -1 : (op.otp_last_step ?? -1));
    if (step === null) return null;
    // Only the request that turns this half sign-in active wins (two right codes at once: one session).
    const turned = await trx
      .updateTable('operator_sessions')
      .set({ stage: 'active', token_hash: hashToken(token), expires_at: expires, pending_secret: null })
      .where('id', '=', pending.id)
      .where('stage', '<>', 'active')
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(turned.numUpdatedRows) !== 1) throw new ApiError(403, EXPIRED_CHALLENGE);
    await trx
      .updateTable('operators')
      .set({ otp_last_step: step, ...(setup ? { otp_secret: sealed } : {}) })
      .where('id', '=', op.id)
      .execute();
    await recordAttempt(trx, attempt, true);
    if (setup) {
      await recordAudit(trx, {
        operatorId: op.id, ip: d.ip, at: d.now, action: 'operator.authenticator.setup', target: { type: 'operator', id: op.id },
        before: { authenticator: false }, after: { authenticator: true },
      });
    }
    return { operator_id: op.id, email: op.email, role: op.role as OperatorRole };
  });
  if (signedIn) return { success: true as const, token, expires_at: expires.toISOString(), operator: signedIn };
  await recordAttempt(d.db, attempt, false);
  const throttled = await checkAttempt(d.db, attempt);
  if (throttled) {
    await d.db.updateTable('operator_sessions').set({ revoked_at: d.now }).where('id', '=', pending.id).execute();
    throw tooManyRequests(throttled.message, throttled.retryAfterSeconds);
  }
  throw new ApiError(403, WRONG_CODE);
}
