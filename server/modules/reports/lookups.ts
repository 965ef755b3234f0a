import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ReportRange } from './range';

/** The campaign of a report filter, when it exists and the affiliate has access to it or figures on it. */
export function campaignInReports(db: Kysely<DB>, affiliateId: number, id: number) {
  return db
    .selectFrom('campaigns as c')
    .select(['c.id', 'c.name', 'c.advertiser_id'])
    .where('c.id', '=', id)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('campaign_access as a').select('a.campaign_id').whereRef('a.campaign_id', '=', 'c.id').where('a.affiliate_id', '=', affiliateId)),
        eb.exists(eb.selectFrom('stats_daily as d').select('d.campaign_id').whereRef('d.campaign_id', '=', 'c.id').where('d.affiliate_id', '=', affiliateId)),
      ]),
    )
    .executeTakeFirst();
}

/** A creative of the campaign (a report filter). */
export function creativeOfCampaign(db: Kysely<DB>, campaignId: number, id: number) {
  return db.selectFrom('creatives').select(['id', 'name']).where('id', '=', id).where('campaign_id', '=', campaignId).executeTakeFirst();
}

/** A landing page of the campaign (a report filter). */
export function landingPageOfCampaign(db: Kysely<DB>, campaignId: number, id: number) {
  return db.selectFrom('landing_pages').select(['id', 'name']).where('id', '=', id).where('campaign_id', '=', campaignId).executeTakeFirst();
}

/** Names (and advertisers) of campaigns by id. */
export async function campaignNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, { name: string; advertiser_id: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('campaigns').select(['id', 'name', 'advertiser_id']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, advertiser_id: r.advertiser_id }]));
}

/** Names of the rows of `table` (creatives, landing pages) by id. */
export async function namesOf(db: Kysely<DB>, table: 'creatives' | 'landing_pages', ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute() : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The reversals of the range, newest first, with the conversion each takes back. */
export function reversalRows(db: Kysely<DB>, affiliateId: number, range: ReportRange, campaignId: number | undefined) {
  let q = db
    .selectFrom('reversals as r')
    .innerJoin('conversions as v', 'v.id', 'r.conversion_id')
    .innerJoin('campaigns as c', 'c.id', 'v.campaign_id')
    .select(['r.reversed_at', 'r.amount', 'r.reason', 'v.converted_at', 'v.status', 'v.campaign_id', 'c.name', 'v.rate_type', 'v.sale_amount', 'v.sub1', 'v.sub2', 'v.sub3', 'v.sub4', 'v.sub5', 'v.ip'])
    .where('r.affiliate_id', '=', affiliateId)
    .where('r.reversed_at', '>=', range.from)
    .where('r.reversed_at', '<', range.to);
  if (campaignId !== undefined) q = q.where('v.campaign_id', '=', campaignId);
  return q.orderBy('r.reversed_at', 'desc').orderBy('r.id', 'desc').execute();
}

/** The referrer's income by referral period, newest first. */
export async function referralIncome(db: Kysely<DB>, referrerId: number) {
  const { rows } = await sql<{ day: string; affiliates: number; income: number }>`
      select to_char(period_date, 'YYYY-MM-DD') as day, count(distinct referred_id)::int as affiliates, sum(amount)::float8 as income
      from referral_commissions where referrer_id = ${referrerId}
      group by period_date order by period_date desc`.execute(db);
  return rows;
}
