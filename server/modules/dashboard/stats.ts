import type { Kysely } from 'kysely';
import type { AffiliateStatsResponse } from '../../../src/api/contract/dashboard';
import { addDaysTo } from '../../../src/shared/dates';
import type { DB } from '../../db/schema';
import { aggregate } from '../reports/queries';
import { affiliateZone, dayOf, reportRange } from '../reports/range';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The earnings summary (spec 000 section 3): today, yesterday, this month and this year, in the
 * affiliate's own days (the profile's time zone, else the network's) — the same days and the same
 * rollups as the reports (docs/reports.md), so each figure is the total of the report the summary
 * links to. Approved and pending conversions count; reversed and rejected ones are not earnings.
 */
export async function loadAffiliateStats(
  db: Kysely<DB>,
  affiliateId: number,
  now: Date,
  networkZone: string,
): Promise<Omit<AffiliateStatsResponse, 'success'>> {
  const zone = await affiliateZone(db, affiliateId, networkZone);
  const today = dayOf(now, zone);
  const tomorrow = addDaysTo(today, 1);
  const earnings = async (start: string, end: string) => {
    const rows = await aggregate(db, affiliateId, reportRange(start, end, zone, networkZone), 'campaign', {});
    return round2(rows.reduce((sum, r) => sum + r.earnings, 0));
  };
  const [earningsToday, earningsYesterday, thisMonth, thisYear] = await Promise.all([
    earnings(today, tomorrow),
    earnings(addDaysTo(today, -1), today),
    earnings(`${today.slice(0, 7)}-01`, tomorrow),
    earnings(`${today.slice(0, 4)}-01-01`, tomorrow),
  ]);
  return { earnings_today: earningsToday, earnings_yesterday: earningsYesterday, this_month: thisMonth, this_year: thisYear };
}
