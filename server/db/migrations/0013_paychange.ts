import { sql, type Kysely } from 'kysely';
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../schema';

/**
 * Pay-change requests (docs/settings.md "Payment platforms"): one row per press of a
 * provider button in the Payment Settings modal. The built-in sandbox provider page is opened and
 * submitted with a token naming its row; completing sets completed_at in the same transaction as the
 * affiliate's payment_platform and payment_method, so a token works once (across server processes).
 * Also the record of who started which change when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table paychange_requests (
    id text primary key,
    affiliate_id int not null references affiliates(id) on delete cascade,
    platform text not null check (platform in ('Payoneer', 'Tipalti')),
    kind text not null check (kind in ('sandbox', 'live')),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    completed_at timestamptz,
    method text,
    payee_name text,
    country text
  )`.execute(db);
  await sql`create index paychange_requests_affiliate on paychange_requests (affiliate_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table paychange_requests`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

/** One row per pay-change started from the Payment Settings modal (docs/settings.md). */
export interface PaychangeRequestsTable {
  id: string; affiliate_id: number; platform: 'Payoneer' | 'Tipalti'; kind: 'sandbox' | 'live';
  created_at: Timestamp; expires_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  method: ColumnType<string | null, string | null | undefined, string | null>;
  payee_name: ColumnType<string | null, string | null | undefined, string | null>;
  country: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module '../schema' {
  interface DB {
    paychange_requests: PaychangeRequestsTable;
  }
}
