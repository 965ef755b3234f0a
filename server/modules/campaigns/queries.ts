import { sql, type Kysely } from 'kysely';
import type { CampaignSummary, RateType } from '../../../src/api/contract/campaign';
import { addDaysTo } from '../../../src/shared/dates';
import { RATE_TYPE_LABELS, rateText, type CpaType } from '../../../src/shared/rateText';
import type { DB, TrafficType } from '../../db/schema';
import { campaignThumbnailUrl } from '../images/urls';

/** Network figures of the last days: "recent" EPC and volume for popular, top, trending, suggested. */
export const RECENT_DAYS = 30;
export const TRENDING_DAYS = 7;

/** The summary's Y/N field of each traffic type. */
export const TRAFFIC_FIELDS: Record<TrafficType, keyof CampaignSummary> = {
  incentive: 'incentive_traffic',
  email: 'email_traffic',
  contextual: 'contextual_traffic',
  mobile: 'mobile_traffic',
  native: 'native_traffic',
  search: 'search_traffic',
  display: 'display_traffic',
  social: 'social_media_traffic',
  brand_bid: 'brand_bid_traffic',
};

/** The wire label of a CPA type: '$ per lead' or '% of sale'. */
export function rateTypeLabel(type: CpaType): RateType {
  return RATE_TYPE_LABELS[type];
}

/**
 * The network EPC a card shows and the lists rank by: earnings / clicks of the last RECENT_DAYS
 * over every affiliate (`n` is networkSince's row of the campaign), or the campaign's published
 * EPC (c.epc) when it had no clicks lately. One expression for both, so a list ranked by EPC shows
 * the figures it is ranked by, and a campaign shows the same EPC in every list.
 */
export function recentEpc(n: string) {
  return sql<number>`coalesce(${sql.ref(`${n}.earnings`)} / nullif(${sql.ref(`${n}.clicks`)}, 0), c.epc)`;
}

/** EPC as shown: 4 decimals, like the published one (numeric(10, 4)). */
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Whether the campaign's daily cap, or `affiliateId`'s own cap on it, is reached on `day`
 * (cap_counts: tracking/caps.ts).
 */
function capReached(day: string, affiliateId: number) {
  return sql<boolean>`(
    (c.daily_cap is not null and exists (
      select 1 from cap_counts k where k.day = ${day}::date and k.campaign_id = c.id and k.affiliate_id = 0 and k.conversions >= c.daily_cap))
    or exists (
      select 1 from campaign_access x join cap_counts k on k.campaign_id = x.campaign_id and k.affiliate_id = x.affiliate_id and k.day = ${day}::date
      where x.campaign_id = c.id and x.affiliate_id = ${affiliateId} and x.daily_cap is not null and k.conversions >= x.daily_cap))`;
}

/**
 * Summaries of the given campaigns, in the order of `ids`. `today` (reporting time zone) dates the
 * recent EPC of the summaries and the caps reached (for `affiliateId`).
 */
export async function campaignSummaries(db: Kysely<DB>, ids: number[], today: string, affiliateId: number): Promise<CampaignSummary[]> {
  if (ids.length === 0) return [];
  const recent = networkSince(db, addDaysTo(today, -(RECENT_DAYS - 1)))
    .where('campaign_id', 'in', ids)
    .as('n');
  const rows = await db
    .selectFrom('campaigns as c')
    .leftJoin('campaign_rates as r', (join) => join.onRef('r.campaign_id', '=', 'c.id').on('r.is_default', '=', true))
    .leftJoin(recent, 'n.campaign_id', 'c.id')
    .select(['c.id', 'c.name', 'c.highlight', 'c.status', 'c.expiry_date', 'r.rate_type', 'r.rate', recentEpc('n').as('epc'), capReached(today, affiliateId).as('cap_reached')])
    .where('c.id', 'in', ids)
    .execute();
  const traffic = await db
    .selectFrom('campaign_traffic_types')
    .select(['campaign_id', 'traffic_type'])
    .where('campaign_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: CampaignSummary[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const type = r.rate_type ?? 'F';
    const rate = r.rate ?? 0;
    const summary: CampaignSummary = {
      campaign_id: r.id,
      name: r.name,
      thumbnail: campaignThumbnailUrl(r.id),
      rate_text: rateText(type, rate),
      rate_type: rateTypeLabel(type),
      highlight: r.highlight ? 'Y' : 'N',
      epc: round4(Number(r.epc)),
      rate,
      incentive_traffic: 'N',
      email_traffic: 'N',
      contextual_traffic: 'N',
      mobile_traffic: 'N',
      native_traffic: 'N',
      search_traffic: 'N',
      display_traffic: 'N',
      social_media_traffic: 'N',
      brand_bid_traffic: 'N',
      paused: r.status === 'paused' ? 'Y' : 'N',
      cap_reached: r.cap_reached ? 'Y' : 'N',
      expiry_date: r.expiry_date === null ? null : String(r.expiry_date).slice(0, 10),
    };
    for (const t of traffic) {
      if (t.campaign_id === id) (summary as Record<string, unknown>)[TRAFFIC_FIELDS[t.traffic_type]] = 'Y';
    }
    out.push(summary);
  }
  return out;
}

/** Network totals per campaign since a day (every affiliate), from the report rollup. */
export function networkSince(db: Kysely<DB>, since: string) {
  return db
    .selectFrom('stats_daily')
    .select([
      'campaign_id',
      sql<number>`sum(clicks)`.as('clicks'),
      sql<number>`sum(leads)`.as('leads'),
      sql<number>`sum(earnings)`.as('earnings'),
    ])
    .where('day', '>=', since)
    .groupBy('campaign_id');
}
