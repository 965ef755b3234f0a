import { sql, type Kysely } from 'kysely';
import type { Default } from '../schema';

/**
 * MaxMoney points (docs/rewards.md).
 * - maxmoney_registrations.credited_at / credited_earnings / credited_points: the crediting job marks a
 *   registration credited in the same transaction as its 'Promo' entry and the balance, with a guarded
 *   update (`where credited_at is null`): a promo is credited once per affiliate even when two
 *   processes run the job at once. Zero points leave no history entry, only the mark.
 * - A unique index on the 'Promo' entries of an (affiliate, promo): the same guarantee in the ledger itself.
 * - maxmoney_transactions.balance_line_id: the account-balance line a settled redemption was paid by.
 * - conversions (affiliate_id, campaign_id, converted_at): earnings of a promo's campaigns and the
 *   "never converted on before" test of NEVER_RUN promos.
 * - The balance never below zero, in the table itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table maxmoney_registrations add column credited_at timestamptz`.execute(db);
  await sql`alter table maxmoney_registrations add column credited_earnings numeric(14, 4)`.execute(db);
  await sql`alter table maxmoney_registrations add column credited_points numeric(14, 4)`.execute(db);
  await sql`alter table maxmoney_transactions add column balance_line_id int references account_balance_lines(id) on delete set null`.execute(db);
  await sql`create unique index maxmoney_transactions_promo_once on maxmoney_transactions (affiliate_id, promo_id) where entry_type = 'Promo' and promo_id is not null`.execute(db);
  await sql`create index maxmoney_transactions_pending on maxmoney_transactions (entry_date) where entry_type = 'Redeem'`.execute(db);
  await sql`create index maxmoney_registrations_affiliate on maxmoney_registrations (affiliate_id)`.execute(db);
  await sql`create index if not exists conversions_affiliate_campaign_idx on conversions (affiliate_id, campaign_id, converted_at)`.execute(db);
  await sql`alter table affiliates add constraint affiliates_maxmoney_not_negative check (maxmoney_balance >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table affiliates drop constraint affiliates_maxmoney_not_negative`.execute(db);
  await sql`drop index if exists conversions_affiliate_campaign_idx`.execute(db);
  await sql`drop index maxmoney_registrations_affiliate`.execute(db);
  await sql`drop index maxmoney_transactions_pending`.execute(db);
  await sql`drop index maxmoney_transactions_promo_once`.execute(db);
  await sql`alter table maxmoney_transactions drop column balance_line_id`.execute(db);
  await sql`alter table maxmoney_registrations drop column credited_points`.execute(db);
  await sql`alter table maxmoney_registrations drop column credited_earnings`.execute(db);
  await sql`alter table maxmoney_registrations drop column credited_at`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface MaxmoneyRegistrationsTable {
    /** Set by the crediting job with the earnings and points credited (docs/rewards.md). */
    credited_at: Default<Date | null>; credited_earnings: Default<number | null>; credited_points: Default<number | null>;
  }
  interface MaxmoneyTransactionsTable {
    /** The account-balance line a settled redemption was paid by. */
    balance_line_id: Default<number | null>;
  }
}
