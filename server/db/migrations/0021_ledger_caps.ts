import { sql, type Kysely } from 'kysely';
import type { Default, Timestamp } from '../schema';

/**
 * Money that is real (docs/ledger.md): what the advertiser pays the network beside what the affiliate
 * earns, the ledger lines the engine writes (each with the unique source that makes its job
 * idempotent), daily caps counted per network day, and the reversal postback.
 */
const statements: string[] = [
  // The advertiser's side of a rate: per lead (F, dollars) or a share of the sale (P, percent).
  `alter table campaign_rates add column revenue_type char(1) not null default 'F' check (revenue_type in ('F', 'P'))`,
  `alter table campaign_rates add column revenue numeric(10, 4) not null default 0 check (revenue >= 0)`,
  `alter table conversions add column revenue numeric(14, 4) not null default 0`,
  // The Earnings line that credited the conversion (null: not credited yet).
  `alter table conversions add column ledger_line_id int`,
  `alter table conversions drop constraint if exists conversions_status_check`,
  `alter table conversions add constraint conversions_status_check check (status in ('approved', 'pending', 'rejected', 'reversed', 'over_cap'))`,
  // What the ledger job reads: approved conversions not yet credited.
  `create index conversions_to_credit_idx on conversions (affiliate_id, converted_at) where status = 'approved' and ledger_line_id is null`,
  `alter table reversals add column revenue numeric(14, 4) not null default 0`,
  // The conversions report reads a reversed conversion's reason.
  `create index reversals_conversion_idx on reversals (conversion_id)`,
  // What wrote a line ('earnings:2026-11-30', 'reversal:42', 'payment:<reference>'): one line per source.
  `alter table account_balance_lines add column source text`,
  `create unique index account_balance_lines_source_key on account_balance_lines (affiliate_id, source) where source is not null`,
  // A campaign's own fallback page, where its links go while it cannot take traffic ('' = the network's).
  `alter table campaigns add column fallback_url text not null default ''`,
  // Conversions counted toward the daily caps of one network day; affiliate_id 0 is the campaign's own cap.
  `create table cap_counts (
    day date not null,
    campaign_id int not null,
    affiliate_id int not null,
    conversions int not null default 0,
    primary key (day, campaign_id, affiliate_id)
  )`,
  // The affiliate's reversal postback (one server-to-server URL).
  `create table reversal_postbacks (
    affiliate_id int primary key references affiliates(id) on delete cascade,
    url text not null,
    updated_at timestamptz not null default now()
  )`,
  // Which event a delivery reports, and 'cancelled': a conversion reversed before its postback went out.
  `alter table postback_deliveries add column event text not null default 'conversion' check (event in ('conversion', 'reversal'))`,
  `alter table postback_deliveries drop constraint if exists postback_deliveries_status_check`,
  `alter table postback_deliveries add constraint postback_deliveries_status_check check (status in ('pending', 'delivered', 'failed', 'cancelled'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `delete from postback_deliveries where status = 'cancelled' or event = 'reversal'`,
    'alter table postback_deliveries drop constraint if exists postback_deliveries_status_check',
    `alter table postback_deliveries add constraint postback_deliveries_status_check check (status in ('pending', 'delivered', 'failed'))`,
    'alter table postback_deliveries drop column if exists event',
    'drop table if exists reversal_postbacks',
    'drop table if exists cap_counts',
    'alter table campaigns drop column if exists fallback_url',
    'drop index if exists account_balance_lines_source_key',
    'alter table account_balance_lines drop column if exists source',
    'drop index if exists reversals_conversion_idx',
    'alter table reversals drop column if exists revenue',
    'drop index if exists conversions_to_credit_idx',
    `update conversions set status = 'rejected' where status = 'over_cap'`,
    'alter table conversions drop constraint if exists conversions_status_check',
    `alter table conversions add constraint conversions_status_check check (status in ('approved', 'pending', 'rejected', 'reversed'))`,
    'alter table conversions drop column if exists ledger_line_id',
    'alter table conversions drop column if exists revenue',
    'alter table campaign_rates drop column if exists revenue',
    'alter table campaign_rates drop column if exists revenue_type',
  ]) {
    await sql.raw(statement).execute(db);
  }
}

// ---------- kysely types (server/db/schema.ts) ----------

export interface CapCountsTable { day: string; campaign_id: number; affiliate_id: number; conversions: Default<number> }
export interface ReversalPostbacksTable { affiliate_id: number; url: string; updated_at: Timestamp }

declare module '../schema' {
  interface DB {
    cap_counts: CapCountsTable;
    reversal_postbacks: ReversalPostbacksTable;
  }
}

declare module './0001_initial' {
  interface CampaignRatesTable { revenue_type: Default<'F' | 'P'>; revenue: Default<number> }
  interface ConversionsTable { revenue: Default<number>; ledger_line_id: Default<number | null> }
  interface ReversalsTable { revenue: Default<number> }
  interface AccountBalanceLinesTable { source: Default<string | null> }
  interface CampaignsTable { fallback_url: Default<string> }
}

declare module './0003_tracking' {
  interface PostbackDeliveriesTable { event: Default<'conversion' | 'reversal'> }
}
