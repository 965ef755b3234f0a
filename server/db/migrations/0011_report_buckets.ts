import { sql, type Kysely } from 'kysely';
import type { Default, Timestamp, Money } from '../schema';

/**
 * Reports in the affiliate's own day (docs/reports.md): `stats_daily` is cut at midnight
 * in the network's zone (REPORT_TIME_ZONE). An affiliate whose profile zone differs needs finer
 * pieces at the edges of a range: `stats_quarter` holds the same sums per quarter of an hour (every
 * UTC offset of the spec's time-zone list is a whole number of quarters), kept current in the same
 * statements as `stats_daily` (tracking/clicks.ts, tracking/conversions.ts). Existing events are
 * summed into it here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stats_quarter (
    bucket timestamptz not null,
    affiliate_id int not null,
    campaign_id int not null,
    creative_id int not null default 0,
    landing_page_id int not null default 0,
    sub1 text not null default '',
    clicks int not null default 0,
    leads int not null default 0,
    -- As wide as stats_daily's (0003): a busy row passes 10^10 of sales.
    sales numeric(18, 4) not null default 0,
    earnings numeric(18, 4) not null default 0,
    primary key (affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1)
  )`.execute(db);
  // A quarter of an hour: whole seconds since the epoch, floored to 900.
  const quarter = (column: string) => sql.raw(`to_timestamp(floor(extract(epoch from ${column}) / 900) * 900)`);
  await sql`insert into stats_quarter (bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings)
    select bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, sum(clicks), sum(leads), sum(sales), sum(earnings)
    from (
      select ${quarter('clicked_at')} as bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1,
             count(*) as clicks, 0 as leads, 0 as sales, 0 as earnings
      from clicks group by 1, 2, 3, 4, 5, 6
      union all
      select ${quarter('converted_at')}, affiliate_id, campaign_id, creative_id, landing_page_id, sub1,
             0, count(*), sum(sale_amount), sum(payout)
      from conversions where status <> 'reversed' group by 1, 2, 3, 4, 5, 6
    ) e
    group by bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists stats_quarter`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

/** The same sums per quarter of an hour (UTC), for reports cut in the affiliate's own zone. */
export interface StatsQuarterTable {
  bucket: Timestamp; affiliate_id: number; campaign_id: number; creative_id: Default<number>; landing_page_id: Default<number>;
  sub1: Default<string>; clicks: Default<number>; leads: Default<number>; sales: Money; earnings: Money;
}

declare module '../schema' {
  interface DB {
    stats_quarter: StatsQuarterTable;
  }
}
