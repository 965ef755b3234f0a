import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { ReportRange } from './range';
import type { Sums } from './figures';

/**
 * The aggregate reports read the rollups only: `stats_daily` for the network days wholly
 * inside the range, `stats_quarter` for the edges (range.ts), both through their primary keys, which
 * start with the affiliate (and the day or quarter). Raw clicks are never scanned.
 */

export interface Filters {
  campaignId?: number;
  creativeId?: number;
  landingPageId?: number;
  sub1?: string;
}

export type GroupBy = 'campaign' | 'creative' | 'landingPage' | 'sub1' | 'day' | 'hour';

export type AggregateRow = Sums & {
  campaign_id: number;
  creative_id: number;
  landing_page_id: number;
  sub1: string;
  day: string;
  /** Hours since the range's start (grouped by hour only). */
  hour: number;
};

const KEYS: Record<GroupBy, string[]> = {
  campaign: ['campaign_id'],
  creative: ['campaign_id', 'creative_id'],
  landingPage: ['campaign_id', 'landing_page_id'],
  sub1: ['campaign_id', 'sub1'],
  day: ['day'],
  hour: ['hour'],
};

function filterSql(f: Filters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.campaignId !== undefined) parts.push(sql`and campaign_id = ${f.campaignId}`);
  if (f.creativeId !== undefined) parts.push(sql`and creative_id = ${f.creativeId}`);
  if (f.landingPageId !== undefined) parts.push(sql`and landing_page_id = ${f.landingPageId}`);
  if (f.sub1 !== undefined) parts.push(sql`and sub1 = ${f.sub1}`);
  return sql.join(parts, sql` `);
}

/** Sums by the grouping over the range, in the affiliate's days. */
export async function aggregate(db: Kysely<DB>, affiliateId: number, range: ReportRange, groupBy: GroupBy, filters: Filters): Promise<AggregateRow[]> {
  const where = filterSql(filters);
  const offset = range.zone.kind === 'offset' ? range.zone.minutes : 0;
  // The day of a quarter in the affiliate's zone (a fixed offset; a named zone here is the network's,
  // whose days stats_daily already has, so per-day reads of a named zone never come this way).
  const quarterDay = range.zone.kind === 'offset' ? sql`to_char((bucket at time zone 'UTC') + make_interval(mins => ${offset}), 'YYYY-MM-DD')` : sql`''`;

  // Hours count from the range's start (so a day of a clock change has its 23 or 25 hours).
  const quarterHour = groupBy === 'hour' ? sql`floor(extract(epoch from (bucket - ${range.from.toISOString()}::timestamptz)) / 3600)::int` : sql`0`;

  // Each part sums its own rows by the report's keys first (so the union carries a few rows per
  // key, not every rollup row), selecting only the keys the report groups by.
  const keys = KEYS[groupBy];
  const select = sql.raw(keys.join(', '));
  const positions = sql.raw(keys.map((_, i) => String(i + 1)).join(', '));
  const keyOf = (key: string, daily: boolean) =>
    key === 'day' ? (daily ? sql`to_char(day, 'YYYY-MM-DD')` : quarterDay) : key === 'hour' ? quarterHour : sql.ref(key);
  const keysOf = (daily: boolean) => sql.join(keys.map((k) => sql`${keyOf(k, daily)} as ${sql.ref(k)}`), sql`, `);
  const sums = sql`sum(clicks) as clicks, sum(leads) as leads, sum(sales) as sales, sum(earnings) as earnings`;

  const parts: RawBuilder<unknown>[] = [];
  const perDayFromQuarters = (groupBy === 'day' && !range.sameDays) || groupBy === 'hour';
  if (range.daily && !perDayFromQuarters) {
    parts.push(sql`select ${keysOf(true)}, ${sums}
      from stats_daily where affiliate_id = ${affiliateId} and day >= ${range.daily.first} and day <= ${range.daily.last} ${where} group by ${positions}`);
  }
  const spans = perDayFromQuarters ? [{ from: range.from, to: range.to }] : range.quarters;
  for (const span of spans) {
    parts.push(sql`select ${keysOf(false)}, ${sums}
      from stats_quarter where affiliate_id = ${affiliateId} and bucket >= ${span.from.toISOString()} and bucket < ${span.to.toISOString()} ${where} group by ${positions}`);
  }
  if (parts.length === 0) return [];
  const { rows } = await sql<AggregateRow>`
    select ${select}, sum(clicks)::int as clicks, sum(leads)::int as leads, sum(sales)::float8 as sales, sum(earnings)::float8 as earnings
    from (${sql.join(parts, sql` union all `)}) s
    group by ${select}
    having sum(clicks) <> 0 or sum(leads) <> 0 or sum(earnings) <> 0`.execute(db);
  return rows.map((r) => ({
    campaign_id: Number(r.campaign_id ?? 0),
    creative_id: Number(r.creative_id ?? 0),
    landing_page_id: Number(r.landing_page_id ?? 0),
    sub1: r.sub1 ?? '',
    day: r.day ?? '',
    hour: Number(r.hour ?? 0),
    clicks: Number(r.clicks),
    leads: Number(r.leads),
    sales: Number(r.sales),
    earnings: Number(r.earnings),
  }));
}
