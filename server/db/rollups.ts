import { sql, type Kysely } from 'kysely';
import { EASTERN_TIME_ZONE } from '../../src/shared/dates';
import type { DB } from './schema';

/**
 * Rebuilds the report rollups (stats_daily, and stats_quarter: quarters of an hour, UTC) of one affiliate from the raw clicks and conversions.
 * Days are Eastern-time days (the network's clock). Leads and earnings count approved and pending
 * conversions; reversed and rejected ones are left out (they show in the reversals report).
 * The tracking engine keeps the rollup current incrementally (server/modules/tracking, in the
 * report time zone: pass the same REPORT_TIME_ZONE here); this is for repair. The demo seed does
 * not use it: its history goes through the engine's writes (writeClicks, recordConversion).
 */
export async function rebuildRollups(db: Kysely<DB>, affiliateId: number, timeZone = EASTERN_TIME_ZONE): Promise<number> {
  await db.deleteFrom('stats_daily').where('affiliate_id', '=', affiliateId).execute();
  const result = await sql`
    insert into stats_daily (day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings)
    select day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1,
           sum(clicks), sum(leads), sum(sales), sum(earnings)
    from (
      select (clicked_at at time zone ${timeZone})::date as day, affiliate_id, campaign_id, creative_id,
             landing_page_id, sub1, 1 as clicks, 0 as leads, 0::numeric as sales, 0::numeric as earnings
      from clicks where affiliate_id = ${affiliateId}
      union all
      select (converted_at at time zone ${timeZone})::date, affiliate_id, campaign_id, creative_id,
             landing_page_id, sub1, 0, 1, sale_amount, payout
      from conversions where affiliate_id = ${affiliateId} and status in ('approved', 'pending')
    ) events
    group by day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1`.execute(db);
  await db.deleteFrom('stats_quarter').where('affiliate_id', '=', affiliateId).execute();
  await sql`
    insert into stats_quarter (bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings)
    select bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, sum(clicks), sum(leads), sum(sales), sum(earnings)
    from (
      select to_timestamp(floor(extract(epoch from clicked_at) / 900) * 900) as bucket, affiliate_id, campaign_id, creative_id,
             landing_page_id, sub1, 1 as clicks, 0 as leads, 0::numeric as sales, 0::numeric as earnings
      from clicks where affiliate_id = ${affiliateId}
      union all
      select to_timestamp(floor(extract(epoch from converted_at) / 900) * 900), affiliate_id, campaign_id, creative_id,
             landing_page_id, sub1, 0, 1, sale_amount, payout
      from conversions where affiliate_id = ${affiliateId} and status in ('approved', 'pending')
    ) events
    group by bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
