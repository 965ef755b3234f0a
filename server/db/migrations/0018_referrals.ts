import { sql, type Kysely } from 'kysely';
import type { Default, Timestamp, Day } from '../schema';

/**
 * Referral income (docs/referrals.md).
 * - referral_commissions: one row per referrer, referred publisher and month (unique), so the job
 *   recomputes a month with an upsert, never a second row.
 * - referrals: a publisher is referred by one referrer at most (unique referred_id), so no earnings
 *   are paid twice.
 * - referral_credits: what the job has put on the account-balance ledger, one row per credit: the
 *   monthly 'Referral' line of a referrer (kind 'income', period_date = the month), the $100 'Bonus'
 *   at 10 approved referrals (kind 'referral_bonus') and the referred publisher's first-payment
 *   'Bonus' (kind 'first_payment_bonus'). The primary key and the partial unique index make each
 *   credit happen once, whatever runs the job twice or in two processes; line_id is the ledger line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists referral_commissions_referrer_idx`.execute(db);
  await sql`create unique index referral_commissions_month on referral_commissions (referrer_id, period_date, referred_id)`.execute(db);
  await sql`create unique index referrals_referred_once on referrals (referred_id)`.execute(db);
  await sql`create table referral_credits (
    affiliate_id int not null references affiliates(id) on delete cascade,
    kind text not null check (kind in ('income', 'referral_bonus', 'first_payment_bonus')),
    period_date date not null,
    line_id int references account_balance_lines(id) on delete set null,
    created_at timestamptz not null default now(),
    primary key (affiliate_id, kind, period_date)
  )`.execute(db);
  await sql`create unique index referral_credits_once on referral_credits (affiliate_id, kind) where kind <> 'income'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table referral_credits`.execute(db);
  await sql`drop index referrals_referred_once`.execute(db);
  await sql`drop index referral_commissions_month`.execute(db);
  await sql`create index referral_commissions_referrer_idx on referral_commissions (referrer_id, period_date)`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

/** The referral credits put on the account-balance ledger, each once (docs/referrals.md). */
export interface ReferralCreditsTable {
  affiliate_id: number; kind: 'income' | 'referral_bonus' | 'first_payment_bonus'; period_date: Day;
  line_id: Default<number | null>; created_at: Timestamp;
}

declare module '../schema' {
  interface DB {
    referral_credits: ReferralCreditsTable;
  }
}
