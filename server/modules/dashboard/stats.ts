import { sql, type Kysely } from 'kysely';
import type { AffiliateStatsResponse } from '../../../src/api/contract/dashboard';
import type { DB } from '../../db/schema';
import { reportDays } from './reportDays';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The earnings summary (spec 000 section 3): today, yesterday, this month and this year, in days of
 * the reporting time zone, from the report rollup (approved and pending conversions, as in the
 * reports; reversed and rejected ones are not earnings).
 */
export async function loadAffiliateStats(
  db: Kysely<DB>,
  affiliateId: number,
  now: Date,
  timeZone: string,
): Promise<Omit<AffiliateStatsResponse, 'success'>> {
  const d = reportDays(now, timeZone);
  // Yesterday can be in last year (1 January): read from the earlier of the two starts.
  const from = d.yesterday < d.yearStart ? d.yesterday : d.yearStart;
  const { rows } = await sql<{ today: number | null; yesterday: number | null; month: number | null; year: number | null }>`
    select
      sum(earnings) filter (where day = ${d.today}::date) as today,
      sum(earnings) filter (where day = ${d.yesterday}::date) as yesterday,
      sum(earnings) filter (where day >= ${d.monthStart}::date and day <= ${d.today}::date) as month,
      sum(earnings) filter (where day >= ${d.yearStart}::date and day <= ${d.today}::date) as year
    from stats_daily
    where affiliate_id = ${affiliateId} and day >= ${from}::date and day <= ${d.today}::date`.execute(db);
  const r = rows[0];
  return {
    earnings_today: round2(Number(r?.today ?? 0)),
    earnings_yesterday: round2(Number(r?.yesterday ?? 0)),
    this_month: round2(Number(r?.month ?? 0)),
    this_year: round2(Number(r?.year ?? 0)),
  };
}
