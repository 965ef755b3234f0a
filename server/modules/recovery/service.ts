import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { passwordProblem } from '../../../src/shared/profileOptions';
import { paths } from '../../../src/shared/paths';
import { RESEND_CODE_SECONDS, recoveryMessages } from '../../../src/shared/recovery';
import { hashPassword, hashToken, newToken, type ScryptCost } from '../../lib/crypto';
import { ApiError, badRequest, tooManyRequests } from '../../lib/errors';
import type { Messenger } from '../../lib/messenger';
import { accountKey, affiliateKey, type LoginLimits } from '../session/loginLimiter';
import { queueNotice } from '../session/notices';
import { messages as codeMessages, sendCodeIn, verifyCode } from '../twoFactor/service';
import { useCaptcha, type CaptchaOptions } from './captcha';

/** A reset link works for an hour, once (docs/recovery.md). */
const RESET_TTL_MS = 60 * 60_000;
/** At most this many reset e-mails per account per hour; more requests get the same answer and no e-mail. */
export const RESETS_PER_HOUR = 3;
/**
 * The forgot call takes at least this long whatever the address: a known address (a row, an e-mail
 * in the outbox) and an unknown one cannot be told apart by their timing.
 */
export const FORGOT_MIN_MS = 250;

export interface RecoveryDeps {
  db: Kysely<DB>;
  messenger: Messenger;
  productName: string;
  /** The product's public address for the e-mailed link (config TRACKING_BASE_URL), never the request's Host. */
  baseUrl: string;
  captchaKey: Buffer;
  captcha: CaptchaOptions;
  passwordCost: ScryptCost;
  limits: LoginLimits;
}

const lower = (email: string) => email.trim().toLowerCase();

/** GET /forgotPassword: the same answer for every address once the captcha is accepted. */
export async function requestReset(d: RecoveryDeps, args: { email: string; captcha: string | undefined; now: Date }): Promise<void> {
  const started = performance.now();
  try {
    await d.db.transaction().execute(async (trx) => {
      await useCaptcha(trx, d.captchaKey, args.captcha, args.now);
      const affiliate = await trx
        .selectFrom('affiliates')
        .select(['id', 'email', 'first_name', 'status'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', lower(args.email)))
        .forUpdate()
        .executeTakeFirst();
      if (!affiliate || affiliate.status !== 'active') return;
      const recent = await trx
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('affiliate_id', '=', affiliate.id)
        .where('created_at', '>', new Date(args.now.getTime() - 60 * 60_000))
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= RESETS_PER_HOUR) return;
      // One link at a time: a new one ends the earlier ones.
      await trx
        .updateTable('password_resets')
        .set({ used_at: args.now })
        .where('affiliate_id', '=', affiliate.id)
        .where('used_at', 'is', null)
        .execute();
      const token = newToken();
      await trx
        .insertInto('password_resets')
        .values({ affiliate_id: affiliate.id, token_hash: hashToken(token), created_at: args.now, expires_at: new Date(args.now.getTime() + RESET_TTL_MS) })
        .execute();
      const link = `${d.baseUrl}${paths.resetPassword(token)}`;
      await d.messenger.queue(trx, {
        channel: 'email',
        recipient: affiliate.email,
        subject: `Reset your ${d.productName} password`,
        body:
          `Hello ${affiliate.first_name},\n\nSomeone (hopefully you) asked to reset the password of your ${d.productName} account. ` +
          `Open this link within an hour to choose a new one; we will text a code to the mobile number on your account:\n\n${link}\n\n` +
          'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      });
    });
  } finally {
    const left = FORGOT_MIN_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

interface OpenReset {
  id: number;
  affiliate_id: number;
  code_serial: number;
  code_sent_at: Date | null;
  mobile_phone: string;
  manager_email: string | null;
}

/** The reset row of a token that still works, with what the page needs; 400 "link expired" otherwise. */
async function openReset(db: Kysely<DB>, token: string, now: Date, lock = false): Promise<OpenReset> {
  let q = db
    .selectFrom('password_resets as r')
    .innerJoin('affiliates as a', 'a.id', 'r.affiliate_id')
    .leftJoin('managers as m', 'm.id', 'a.manager_id')
    .select(['r.id', 'r.affiliate_id', 'r.code_serial', 'r.code_sent_at', 'r.expires_at', 'r.used_at', 'a.status', 'a.mobile_phone', 'm.email as manager_email'])
    .where('r.token_hash', '=', hashToken(token.trim()));
  if (lock) q = q.forUpdate('r');
  const row = await q.executeTakeFirst();
  if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime() || row.status !== 'active') {
    throw badRequest(recoveryMessages.linkExpired);
  }
  return {
    id: row.id,
    affiliate_id: row.affiliate_id,
    code_serial: row.code_serial,
    code_sent_at: row.code_sent_at ? new Date(row.code_sent_at) : null,
    mobile_phone: row.mobile_phone,
    manager_email: row.manager_email,
  };
}

/** GET /resetPassword?token */
export async function checkReset(db: Kysely<DB>, token: string, now: Date) {
  const r = await openReset(db, token, now);
  return { is_mobile_added: r.mobile_phone.trim() !== '', manager_email: r.manager_email ?? '' };
}

/**
 * The handle of the n-th code of a reset link: derived from the e-mailed token, so the code is
 * bound to the link (the stored code hash is useless without the token) and nothing secret is stored.
 */
const codeHandle = (token: string, serial: number) => createHash('sha256').update(`reset-code:${token.trim()}:${serial}`).digest('base64url');

/** POST /resetPassword/generateCode: an SMS code (the two-factor module's codes), again only after 60 s. */
export async function sendResetCode(d: RecoveryDeps, token: string, now: Date): Promise<{ resend_after: number }> {
  return d.db.transaction().execute(async (trx) => {
    const r = await openReset(trx, token, now, true);
    if (!r.mobile_phone.trim()) throw badRequest(recoveryMessages.noMobile(r.manager_email ?? 'your affiliate manager'));
    if (r.code_sent_at) {
      const waitMs = r.code_sent_at.getTime() + RESEND_CODE_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) {
        const s = Math.ceil(waitMs / 1000);
        throw tooManyRequests(recoveryMessages.waitForCode(s), s);
      }
    }
    const serial = r.code_serial + 1;
    await sendCodeIn(trx, d.messenger, {
      affiliateId: r.affiliate_id, method: 'bySMS', purpose: 'reset_password', now, productName: d.productName, handle: codeHandle(token, serial),
    });
    await trx.updateTable('password_resets').set({ code_serial: serial, code_sent_at: now }).where('id', '=', r.id).execute();
    return { resend_after: RESEND_CODE_SECONDS };
  });
}

/**
 * POST /resetPassword: the rule of spec 002 §5, the link, the code (wrong codes count and lock like
 * every e-mail/SMS code), then one transaction: the new hash, the link used up, every session of the
 * account ended, its sign-in failures forgotten and the owner told by e-mail (session/notices.ts).
 */
export async function resetPassword(d: RecoveryDeps, args: { token: string; password: string; code: string; now: Date; ip: string }): Promise<void> {
  const problem = passwordProblem(args.password);
  if (problem) throw badRequest(problem);
  const r = await openReset(d.db, args.token, args.now);
  if (r.code_serial === 0) throw badRequest(recoveryMessages.wrongCode);
  try {
    await verifyCode(d.db, {
      affiliateId: r.affiliate_id, purpose: 'reset_password', code: args.code, t: codeHandle(args.token, r.code_serial), now: args.now, ip: args.ip, limits: d.limits,
    });
  } catch (err) {
    // The page's own text for a wrong code (spec 002 §8); locked, expired and throttled keep theirs.
    if (err instanceof ApiError && err.message === codeMessages.wrongCode) throw badRequest(recoveryMessages.wrongCode);
    throw err;
  }
  const hash = await hashPassword(args.password, d.passwordCost);
  await d.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: args.now })
      .where('id', '=', r.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Another request used the link in the meantime.
    if (Number(used.numUpdatedRows) !== 1) throw badRequest(recoveryMessages.failed);
    const a = await trx
      .updateTable('affiliates')
      .set({ password_hash: hash, updated_at: args.now })
      .where('id', '=', r.affiliate_id)
      .returning('email')
      .executeTakeFirstOrThrow();
    await trx.updateTable('sessions').set({ revoked_at: args.now }).where('affiliate_id', '=', r.affiliate_id).where('revoked_at', 'is', null).execute();
    await trx.deleteFrom('login_attempts').where('account_key', 'in', [accountKey(a.email), affiliateKey(r.affiliate_id)]).execute();
    await queueNotice(trx, r.affiliate_id, { kind: 'passwordChanged', via: 'reset' }, { messenger: d.messenger, productName: d.productName, at: args.now, ip: args.ip });
  });
}
