import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/db/schema';
import { aggregate } from '../server/modules/reports/queries';
import { dayOf, reportRange, type ReportZone } from '../server/modules/reports/range';
import { addDaysTo, EASTERN_TIME_ZONE } from '../src/shared/dates';

/**
 * (c) The earnings-by-campaign summary of one affiliate over 90 days, with `total` clicks in the
 * database (a tenth of them the measured affiliate's, the rest spread over 1,000 others, 200
 * campaigns, 90 days; one conversion in 50 clicks). The report reads the stats_daily rollup; the
 * same answer computed from the raw events is timed for comparison.
 */
export async function generateHistory(db: Kysely<DB>, total: number, log: (m: string) => void) {
  const started = Date.now();
  const step = 1_000_000;
  for (let from = 0; from < total; from += step) {
    const to = Math.min(total, from + step) - 1;
    await sql`insert into clicks (click_key, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicked_at)
      select 'h' || g, case when g % 10 = 0 then 900001 else 900002 + (g % 1000) end, 1 + (g % 200), g % 7, g % 3,
             case when g % 4 = 0 then 'fb' else '' end, now() - ((g % 7776000) * interval '1 second')
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    log(`  ${(to + 1).toLocaleString('en-US')} clicks (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await sql`insert into conversions (click_id, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, status, rate_type, payout, advertiser_ref, converted_at)
    select id, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, 'approved', 'F', 10, 'h' || id, clicked_at
    from clicks where click_key like 'h%' and id % 50 = 0`.execute(db);
  // The rollup, as the engine keeps it (built here in one pass instead of event by event).
  await sql`insert into stats_daily (day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings)
    select day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, sum(clicks), sum(leads), sum(sales), sum(earnings) from (
      select (clicked_at at time zone 'America/New_York')::date as day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1,
             1 as clicks, 0 as leads, 0::numeric as sales, 0::numeric as earnings from clicks where click_key like 'h%'
      union all
      select (converted_at at time zone 'America/New_York')::date, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, 0, 1, sale_amount, payout
      from conversions where advertiser_ref like 'h%') e
    group by 1, 2, 3, 4, 5, 6
    on conflict (affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1) do update set
      clicks = stats_daily.clicks + excluded.clicks, leads = stats_daily.leads + excluded.leads, earnings = stats_daily.earnings + excluded.earnings`.execute(db);
  // The quarter-hour rollup of reports in the affiliate's own zone (server/modules/reports), likewise.
  await sql`insert into stats_quarter (bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings)
    select bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, sum(clicks), sum(leads), sum(sales), sum(earnings) from (
      select to_timestamp(floor(extract(epoch from clicked_at) / 900) * 900) as bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1,
             1 as clicks, 0 as leads, 0::numeric as sales, 0::numeric as earnings from clicks where click_key like 'h%'
      union all
      select to_timestamp(floor(extract(epoch from converted_at) / 900) * 900), affiliate_id, campaign_id, creative_id, landing_page_id, sub1, 0, 1, sale_amount, payout
      from conversions where advertiser_ref like 'h%') e
    group by 1, 2, 3, 4, 5, 6
    on conflict (affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1) do update set
      clicks = stats_quarter.clicks + excluded.clicks, leads = stats_quarter.leads + excluded.leads, earnings = stats_quarter.earnings + excluded.earnings`.execute(db);
  await sql`analyze`.execute(db);
  return Date.now() - started;
}

const AFFILIATE = 900001;

/**
 * The earnings report as GET /reports/earnings computes it (server/modules/reports), over the 90 days
 * ending today in `zone`: the network's own days (stats_daily alone) or an affiliate's +05:30 days
 * (the network days inside the range, and the quarters of an hour at its two ends).
 */
export async function earningsReport(db: Kysely<DB>, zone: ReportZone) {
  const end = addDaysTo(dayOf(new Date(), zone), 1);
  const range = reportRange(addDaysTo(end, -90), end, zone, EASTERN_TIME_ZONE);
  return aggregate(db, AFFILIATE, range, 'campaign', {});
}

export async function summaryFromRollup(db: Kysely<DB>, from: string) {
  return db
    .selectFrom('stats_daily')
    .select((eb) => ['campaign_id', eb.fn.sum<number>('clicks').as('clicks'), eb.fn.sum<number>('leads').as('leads'), eb.fn.sum<number>('earnings').as('earnings')])
    .where('affiliate_id', '=', AFFILIATE)
    .where('day', '>=', from)
    .groupBy('campaign_id')
    .orderBy('earnings', 'desc')
    .execute();
}

export async function summaryFromRawEvents(db: Kysely<DB>, from: string) {
  const { rows } = await sql`
    select campaign_id, sum(clicks) as clicks, sum(leads) as leads, sum(earnings) as earnings from (
      select campaign_id, 1 as clicks, 0 as leads, 0::numeric as earnings from clicks
      where affiliate_id = ${AFFILIATE} and clicked_at >= ${from}::date
      union all
      select campaign_id, 0, 1, payout from conversions where affiliate_id = ${AFFILIATE} and converted_at >= ${from}::date
    ) e group by campaign_id order by earnings desc`.execute(db);
  return rows;
}

/** Median of `runs` timings of `fn`, in ms. */
export async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
