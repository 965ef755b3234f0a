import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Failed sign-ins are counted in the database (table login_attempts), not in memory, so the limit
 * holds across restarts and across several server processes on one Postgres (DESIGN: stateless
 * processes). A success resets the account's count; 429 answers are not recorded.
 */
export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 10, perIp: 30, windowMs: 15 * 60_000 };

export const ACCOUNT_LIMIT_MESSAGE =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again, or reset your password.';
export const IP_LIMIT_MESSAGE =
  'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.';

/** The e-mail is kept only as a hash: the table never holds what people typed. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export async function checkLoginLimits(
  db: Kysely<DB>,
  key: string,
  ip: string,
  now: Date,
  limits: LoginLimits,
): Promise<string | null> {
  const since = new Date(now.getTime() - limits.windowMs);
  const ipFailures = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(ipFailures.n) >= limits.perIp) return IP_LIMIT_MESSAGE;

  const accountFailures = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_key', '=', key)
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .where(({ eb, selectFrom }) =>
      eb(
        'created_at',
        '>',
        selectFrom('login_attempts as s')
          .select(sql<Date>`coalesce(max(s.created_at), '-infinity'::timestamptz)`.as('last_success'))
          .where('s.account_key', '=', key)
          .where('s.succeeded', '=', true),
      ),
    )
    .executeTakeFirstOrThrow();
  if (Number(accountFailures.n) >= limits.perAccount) return ACCOUNT_LIMIT_MESSAGE;
  return null;
}

export async function recordLoginAttempt(
  db: Kysely<DB>,
  key: string,
  ip: string,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  await db.insertInto('login_attempts').values({ account_key: key, ip, succeeded, created_at: now }).execute();
}
