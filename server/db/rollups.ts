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

/**
 * Folds the rollup shards (migration 0019, tracking/rollupShards.ts) of the days and quarters before
 * `before` into shard 0: one row per key again, so reports over long ranges read no more rows than
 * before shards. Live batches write today's rows (and yesterday's, around midnight in some zone);
 * an older row changes only by a reversal, which the next fold takes in. Each table in one
 * statement (the moved rows are deleted and added to shard 0 atomically), safe to run in several
 * processes at once. Returns the rows folded.
 */
export async function foldRollupShards(db: Kysely<DB>, before: Date): Promise<number> {
  let folded = 0;
  for (const [table, time, limit] of [
    ['stats_daily', 'day', before.toISOString().slice(0, 10)],
    ['stats_quarter', 'bucket', before.toISOString()],
  ] as const) {
    const key = `${time}, affiliate_id, campaign_id, creative_id, landing_page_id, sub1`;
    const result = await sql<{ n: number }>`
      with moved as (
        delete from ${sql.table(table)} where ${sql.ref(time)} < ${limit} and shard <> 0
        returning ${sql.raw(key)}, clicks, leads, sales, earnings
      ),
      added as (
        insert into ${sql.table(table)} (${sql.raw(key)}, shard, clicks, leads, sales, earnings)
        select ${sql.raw(key)}, 0, sum(clicks), sum(leads), sum(sales), sum(earnings) from moved group by ${sql.raw(key)}
        on conflict (affiliate_id, ${sql.ref(time)}, campaign_id, creative_id, landing_page_id, sub1, shard) do update set
          clicks = ${sql.table(table)}.clicks + excluded.clicks, leads = ${sql.table(table)}.leads + excluded.leads,
          sales = ${sql.table(table)}.sales + excluded.sales, earnings = ${sql.table(table)}.earnings + excluded.earnings
        returning 1
      )
      select (select count(*) from moved)::int as n`.execute(db);
    folded += Number(result.rows[0]?.n ?? 0);
  }
  return folded;
}
