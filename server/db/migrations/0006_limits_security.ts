import { sql, type Kysely } from 'kysely';
import type { ColumnType } from 'kysely';
import type { Default } from '../schema';

/**
 * Limits in the database, shared by every server process and kept across restarts:
 * - login_attempts counts wrong authenticator and e-mail/SMS codes too (kind), per account
 *   (`affiliate:<id>`), next to the failed passwords (per e-mail hash);
 * - rate_limit_hits is the store of the API's request limits (@fastify/rate-limit), one row per key
 *   and window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_attempts add column kind text not null default 'password'`.execute(db);
  await sql`alter table login_attempts add constraint login_attempts_kind_check check (kind in ('password', 'otp', 'code'))`.execute(db);
  await sql`drop index login_attempts_account_idx`.execute(db);
  await sql`create index login_attempts_account_idx on login_attempts (account_key, kind, created_at)`.execute(db);
  await sql`create table rate_limit_hits (
    key text primary key,
    hits integer not null,
    expires_at bigint not null
  )`.execute(db);
  await sql`create index rate_limit_hits_expires_idx on rate_limit_hits (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_hits`.execute(db);
  await sql`drop index login_attempts_account_idx`.execute(db);
  await sql`delete from login_attempts where kind <> 'password'`.execute(db);
  await sql`alter table login_attempts drop column kind`.execute(db);
  await sql`create index login_attempts_account_idx on login_attempts (account_key, created_at)`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

/** The API's request limits (@fastify/rate-limit store, server/plugins/rateLimitStore.ts). */
export interface RateLimitHitsTable { key: string; hits: number; expires_at: ColumnType<string, number, number> }

declare module '../schema' {
  interface DB {
    rate_limit_hits: RateLimitHitsTable;
  }
}

declare module './0001_initial' {
  interface LoginAttemptsTable {
    /** Also wrong authenticator and e-mail/SMS codes are counted, by kind. */
    kind: Default<'password' | 'otp' | 'code'>;
  }
}
