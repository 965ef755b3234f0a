import { sql, type Kysely } from 'kysely';
import { addMonthsTo, easternDay, EASTERN_TIME_ZONE } from '../../../src/shared/dates';
import { referralProgram } from '../../../src/shared/programTerms';
import type { DB } from '../../db/schema';

/**
 * Referral income computed from the referred publishers' tracked conversions
 * (docs/referrals.md). Pure reads: the job (jobs.ts) and the demo seed both take their numbers from
 * here, so the ledger, the referrals report and the seed cannot disagree.
 */

/**
 * A referred publisher counts as an approved referral (the referral count, the $100 bonus) when the
 * referral's approved_at is set and the publisher is still in the network: 'active', or 'inactive'
 * (approved, and only dormant). 'terminated' publishers no longer count; 'pending' and 'rejected'
 * ones were never approved.
 */
export const COUNTED_REFERRAL_STATUSES = ['active', 'inactive'] as const;

/** One referrer's income from one referred publisher in one month (period_date: the month's first day, Eastern). */
export interface ReferralCommission {
  referrer_id: number;
  referred_id: number;
  period_date: string;
  /** The referred publisher's approved earnings of that month inside the window. */
  earnings: number;
  /** `sharePercent` of those earnings, rounded to cents. */
  amount: number;
}

/** 'YYYY-MM-01' of the Eastern month an instant falls in. */
export function monthOf(instant: Date): string {
  return `${easternDay(instant).slice(0, 7)}-01`;
}

/** The day a month's 'Referral' line is dated: the first day of the following month (the day it is over). */
export function incomeLineDay(periodDate: string): string {
  return addMonthsTo(periodDate, 1);
}

/** 'June 2026' of a 'YYYY-MM-01' month. */
function monthName(periodDate: string): string {
  return new Date(`${periodDate}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The note of a month's 'Referral' line. */
export function incomeNote(periodDate: string): string {
  return `Referral income for ${monthName(periodDate)} (${referralProgram.sharePercent}% of your referrals\u2019 earnings)`;
}

/**
 * Every referrer's income per referred publisher and month, up to `now`: the referred publisher's
 * approved conversions (pending, rejected and reversed ones do not count) from the Eastern day of
 * their approval up to the same day `months` months later (excluded), bucketed by Eastern month,
 * times `sharePercent`, rounded to cents per publisher and month. Months without earnings have no
 * row. `referrerId` narrows it to one referrer (the demo seed).
 */
export async function computeReferralCommissions(
  db: Kysely<DB>,
  now: Date,
  options: { referrerId?: number } = {},
): Promise<ReferralCommission[]> {
  const tz = EASTERN_TIME_ZONE;
  const { rows } = await sql<{ referrer_id: number; referred_id: number; period_date: string; earnings: number; amount: number }>`
    with windows as (
      select referrer_id, referred_id, start_day, (start_day + ${`${referralProgram.months} months`}::interval)::date as end_day
      from (
        select referrer_id, referred_id, (approved_at at time zone ${tz})::date as start_day
        from referrals
        where approved_at is not null ${options.referrerId === undefined ? sql`` : sql`and referrer_id = ${options.referrerId}`}
      ) r
    )
    select w.referrer_id, w.referred_id,
           to_char(date_trunc('month', c.converted_at at time zone ${tz}), 'YYYY-MM-DD') as period_date,
           sum(c.payout)::float8 as earnings,
           round(sum(c.payout) * ${referralProgram.sharePercent}::numeric / 100, 2)::float8 as amount
    from windows w
    join conversions c on c.affiliate_id = w.referred_id
      and c.status = 'approved'
      and c.converted_at >= (w.start_day::timestamp at time zone ${tz})
      and c.converted_at < (w.end_day::timestamp at time zone ${tz})
      and c.converted_at <= ${now}
    group by w.referrer_id, w.referred_id, 3
    having sum(c.payout) > 0
    order by w.referrer_id, 3, w.referred_id`.execute(db);
  return rows.map((r) => ({ ...r, earnings: Number(r.earnings), amount: Number(r.amount) }));
}

/** The number of the affiliate's referred publishers who count as approved (COUNTED_REFERRAL_STATUSES). */
export async function approvedReferralCount(db: Kysely<DB>, referrerId: number): Promise<number> {
  const row = await db
    .selectFrom('referrals as r')
    .innerJoin('affiliates as a', 'a.id', 'r.referred_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.referrer_id', '=', referrerId)
    .where('r.approved_at', 'is not', null)
    .where('a.status', 'in', COUNTED_REFERRAL_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
