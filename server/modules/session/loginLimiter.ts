import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';

/**
 * Failed sign-in steps are counted in the database (table login_attempts), not in memory, so the
 * limits hold across restarts and across several server processes on one Postgres. Three kinds are
 * counted per account: wrong passwords (per e-mail hash, known or not), wrong authenticator codes
 * and wrong e-mail/SMS codes (per affiliate). Each kind is reset only by its own success: a right
 * password does not give the authenticator step fresh guesses.
 *
 * Nothing locks an account or an address (docs/adr/0004, docs/adr/0009):
 * - per account and address: after `freePerAddress` failures since the last success from that
 *   address, each further try waits `firstDelayMs`, doubling per failure, at most `windowMs`
 *   (429 with Retry-After). Only this pair is slowed down: a stranger's failures elsewhere never
 *   delay the affiliate;
 * - passwords per address, any account: after `perIp` failures within `windowMs` (password
 *   spraying, or many people behind one NAT), every sign-in from the address needs a solved captcha;
 * - passwords per account from addresses it has not completed a sign-in from in `knownAddressMs`:
 *   after `freePerAccount` failures from anywhere, a solved captcha too. Failures from many
 *   addresses thus ask everyone new for a captcha, but not the affiliate at an address they use;
 * - authenticator and e-mail/SMS codes per account (a password was right to get there): the
 *   growing delay after `freePerAccount` failures from anywhere, except at a known address.
 * Throttled tries and tries refused for a missing captcha are not counted. The captcha decision
 * reads only the e-mail's hash and the address, so it is the same for known and unknown e-mails
 * (an address is "known" only for the account's own affiliate).
 */
export type AttemptKind = 'password' | 'otp' | 'code';

export interface LoginLimits {
  freePerAddress: number;
  freePerAccount: number;
  perIp: number;
  windowMs: number;
  firstDelayMs: number;
  /** Failures older than this no longer count (the server prunes attempts after a day). */
  memoryMs: number;
  /** An address with a completed sign-in of the account this recently is the account's own. */
  knownAddressMs: number;
  /**
   * The sign-in country check (service.ts countryVerifiedFor; config COUNTRY_CHECK, default on):
   * a sign-in from a public address in a country the account has not completed a sign-in from in
   * `usualCountryMs` (and that is not its profile country) goes through e-mail/SMS verification.
   */
  countryCheck: boolean;
  usualCountryMs: number;
  /**
   * The owner is e-mailed when the account's failed passwords since its last success (within
   * `memoryMs`) reach this many: once per such run of failures, not per failure.
   */
  noticeAfterFailures: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freePerAddress: 5,
  freePerAccount: 10,
  perIp: 30,
  windowMs: 15 * 60_000,
  firstDelayMs: 1000,
  memoryMs: 24 * 3600_000,
  knownAddressMs: 30 * 24 * 3600_000,
  countryCheck: true,
  usualCountryMs: 90 * 24 * 3600_000,
  noticeAfterFailures: 5,
};

const wait = (seconds: number) =>
  seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

const limitMessages = {
  password: (s: number) => `Too many failed sign-in attempts for this account. Please wait ${wait(s)} and try again, or reset your password.`,
  otp: (s: number) => `Too many incorrect codes. Please wait ${wait(s)} and sign in again.`,
  code: (s: number) => `Too many incorrect codes. Please wait ${wait(s)} and try again.`,
};

export interface Throttled {
  message: string;
  retryAfterSeconds: number;
}

/** Why a sign-in needs a captcha: its address's failures on any accounts, or the account's from elsewhere. */
export type CaptchaReason = 'address' | 'account';

export interface Assessment {
  /** Wait first: answered 429 with Retry-After. */
  throttled: Throttled | null;
  /** Passwords only: the try must carry a solved, unused captcha. */
  captcha: CaptchaReason | null;
  /** The account's failures of this kind since its last success (before this try). */
  accountFailures: number;
}

/** The e-mail is kept only as a hash: the table never holds what people typed. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Authenticator and e-mail/SMS code failures are counted per affiliate. */
export const affiliateKey = (affiliateId: number) => `affiliate:${affiliateId}`;

/** How long the next try waits after `failures` (0 while they are within `free`). */
function delayAfter(failures: number, free: number, limits: LoginLimits): number {
  if (failures < free) return 0;
  return Math.min(limits.windowMs, limits.firstDelayMs * 2 ** Math.min(failures - free, 40));
}

export interface AttemptScope {
  kind: AttemptKind;
  /** accountKey(email) for passwords, affiliateKey(id) for codes. */
  account: string;
  /** The affiliate, when known: its completed sign-ins make an address its own. */
  affiliateId: number | null;
  ip: string;
  now: Date;
  limits: LoginLimits;
}

interface Counts {
  account_failures: number | string;
  account_last: Date | string | null;
  here_failures: number | string;
  here_last: Date | string | null;
}

/** The delays and the captcha requirement of a try (see the module's comment). */
export async function assessAttempt(db: Kysely<DB>, scope: AttemptScope): Promise<Assessment> {
  const { kind, account, ip, now, limits } = scope;
  const nowMs = now.getTime();
  const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - nowMs) / 1000));
  let captcha: CaptchaReason | null = null;

  if (kind === 'password') {
    const windowStart = new Date(nowMs - limits.windowMs);
    const ipFailures = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('kind', '=', 'password')
      .where('succeeded', '=', false)
      .where('created_at', '>', windowStart)
      .executeTakeFirstOrThrow();
    if (Number(ipFailures.n) >= limits.perIp) captcha = 'address';
  }

  const since = new Date(nowMs - limits.memoryMs);
  // Failures after the account's last success of this kind, and those from this address after the
  // last success from it; one pass over the account's recent attempts of this kind.
  const { rows } = await sql<Counts>`
    with recent as (
      select ip, succeeded, created_at from login_attempts
      where account_key = ${account} and kind = ${kind} and created_at > ${since}
    ),
    marks as (
      select
        coalesce(max(created_at) filter (where succeeded), '-infinity'::timestamptz) as ok_any,
        coalesce(max(created_at) filter (where succeeded and ip = ${ip}), '-infinity'::timestamptz) as ok_here
      from recent
    )
    select
      count(*) filter (where not succeeded and created_at > marks.ok_any) as account_failures,
      max(created_at) filter (where not succeeded and created_at > marks.ok_any) as account_last,
      count(*) filter (where not succeeded and ip = ${ip} and created_at > marks.ok_here) as here_failures,
      max(created_at) filter (where not succeeded and ip = ${ip} and created_at > marks.ok_here) as here_last
    from recent, marks`.execute(db);
  const c = rows[0];
  const accountFailures = Number(c.account_failures);
  const until = (failures: number, last: Date | string | null, free: number) =>
    last === null ? 0 : new Date(last).getTime() + delayAfter(failures, free, limits);

  let blockedUntil = until(Number(c.here_failures), c.here_last, limits.freePerAddress);
  const known = await isKnownAddress(db, scope);
  if (!known && accountFailures >= limits.freePerAccount) {
    if (kind === 'password') captcha ??= 'account';
    else blockedUntil = Math.max(blockedUntil, until(accountFailures, c.account_last, limits.freePerAccount));
  }
  if (blockedUntil <= nowMs) return { throttled: null, captcha, accountFailures };
  const s = secondsUntil(blockedUntil);
  return { throttled: { message: limitMessages[kind](s), retryAfterSeconds: s }, captcha, accountFailures };
}

/**
 * The delay of a try, for steps without a captcha (authenticator and e-mail/SMS codes, the current
 * password in the settings, which only a signed-in affiliate reaches).
 */
export async function checkAttempt(db: Kysely<DB>, scope: AttemptScope): Promise<Throttled | null> {
  return (await assessAttempt(db, scope)).throttled;
}

/** checkAttempt, refusing a held-back try with 429 and Retry-After; returns the scope for recordAttempt. */
export async function admitAttempt(db: Kysely<DB>, scope: AttemptScope): Promise<AttemptScope> {
  const throttled = await checkAttempt(db, scope);
  if (throttled) throw tooManyRequests(throttled.message, throttled.retryAfterSeconds);
  return scope;
}

/** An address the affiliate completed a sign-in from (a session that reached the signed-in API). */
async function isKnownAddress(db: Kysely<DB>, scope: AttemptScope): Promise<boolean> {
  if (scope.affiliateId === null) return false;
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('affiliate_id', '=', scope.affiliateId)
    .where('ip', '=', scope.ip)
    .where('stage', '=', 'active')
    .where('created_at', '>', new Date(scope.now.getTime() - scope.limits.knownAddressMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordAttempt(
  db: Kysely<DB>,
  scope: Pick<AttemptScope, 'kind' | 'account' | 'ip' | 'now'>,
  succeeded: boolean,
): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ kind: scope.kind, account_key: scope.account, ip: scope.ip, succeeded, created_at: scope.now })
    .execute();
}
