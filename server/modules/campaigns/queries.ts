import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CampaignListName, CampaignSummary, QuickSearchMatch, RateType } from '../../../src/api/contract/campaign';
import { addDaysTo } from '../../../src/shared/dates';
import { RATE_TYPE_LABELS, rateText, type CpaType } from '../../../src/shared/rateText';
import type { AccessStatus, DB, TrafficType } from '../../db/schema';
import { campaignThumbnailUrl } from '../images/urls';

/** Network figures of the last days: "recent" EPC and volume for popular, top, trending, suggested. */
export const RECENT_DAYS = 30;
export const TRENDING_DAYS = 7;

const TRAFFIC_FIELDS: Record<TrafficType, keyof CampaignSummary> = {
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
function recentEpc(n: string) {
  return sql<number>`coalesce(${sql.ref(`${n}.earnings`)} / nullif(${sql.ref(`${n}.clicks`)}, 0), c.epc)`;
}

/** EPC as shown: 4 decimals, like the published one (numeric(10, 4)). */
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Summaries of the given campaigns, in the order of `ids`. `today` (reporting time zone) dates the
 * recent EPC of the summaries.
 */
export async function campaignSummaries(db: Kysely<DB>, ids: number[], today: string): Promise<CampaignSummary[]> {
  if (ids.length === 0) return [];
  const recent = networkSince(db, addDaysTo(today, -(RECENT_DAYS - 1)))
    .where('campaign_id', 'in', ids)
    .as('n');
  const rows = await db
    .selectFrom('campaigns as c')
    .leftJoin('campaign_rates as r', (join) => join.onRef('r.campaign_id', '=', 'c.id').on('r.is_default', '=', true))
    .leftJoin(recent, 'n.campaign_id', 'c.id')
    .select(['c.id', 'c.name', 'c.highlight', 'r.rate_type', 'r.rate', recentEpc('n').as('epc')])
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
    };
    for (const t of traffic) {
      if (t.campaign_id === id) (summary as Record<string, unknown>)[TRAFFIC_FIELDS[t.traffic_type]] = 'Y';
    }
    out.push(summary);
  }
  return out;
}

/** Network totals per campaign since a day (every affiliate), from the report rollup. */
function networkSince(db: Kysely<DB>, since: string) {
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

type Ordered = SelectQueryBuilder<DB & { c: DB['campaigns'] }, 'c', { id: number }>;

export interface ListContext {
  affiliateId: number;
  /** Today in the reporting time zone. */
  today: string;
}

/**
 * Where Suggested For You takes its campaigns from: the verticals of the intro survey; without
 * them, the verticals of the campaigns the affiliate is approved for; without either, the
 * network's popular ranking (so a new affiliate still sees suggestions).
 */
export type SuggestionSource = 'survey' | 'approved' | 'popular';

export async function suggestionSource(db: Kysely<DB>, affiliateId: number): Promise<SuggestionSource> {
  const survey = await db
    .selectFrom('affiliate_target_verticals')
    .select('subcategory_id')
    .where('affiliate_id', '=', affiliateId)
    .limit(1)
    .executeTakeFirst();
  if (survey) return 'survey';
  const approved = await db
    .selectFrom('campaign_access')
    .select('campaign_id')
    .where('affiliate_id', '=', affiliateId)
    .where('status', '=', 'Approved')
    .limit(1)
    .executeTakeFirst();
  return approved ? 'approved' : 'popular';
}

/** Statuses of the affiliate's access that move a campaign to the end of "Suggested For You". */
const HAS_ACCESS = ['Approved', 'Pending'] as const;

/**
 * The ordered campaign ids of one list (spec 000 sections 2 and 7). Discovery lists (new, popular,
 * top, trending, suggested, gaming) show active campaigns only; the affiliate's own lists
 * (bookmarked, approved, recently viewed, manager's picks) show what the affiliate has, unless expired.
 */
function listQuery(db: Kysely<DB>, list: CampaignListName, ctx: ListContext, suggestFrom: SuggestionSource): Ordered {
  const base = db.selectFrom('campaigns as c').select('c.id');
  const active = base.where('c.status', '=', 'active');
  const recentSince = addDaysTo(ctx.today, -(RECENT_DAYS - 1));
  const recent = networkSince(db, recentSince).as('r');
  // EPC of the last 30 days where there were clicks, else the campaign's published network EPC:
  // the figure the summaries show (campaignSummaries), so these lists look sorted.
  const epc = recentEpc('r');
  // Volume times EPC is the network's recent earnings; the stored popularity breaks ties (and
  // ranks campaigns nobody has run lately).
  const popularOrder = (q: Ordered) =>
    q
      .orderBy(sql`coalesce(r.earnings, 0)`, 'desc')
      .orderBy(sql`coalesce(r.leads, 0)`, 'desc')
      .orderBy('c.popularity', 'desc')
      .orderBy('c.id');
  const byPopularity = (q: Ordered) => popularOrder(q.leftJoin(recent, 'r.campaign_id', 'c.id') as unknown as Ordered);
  switch (list) {
    case 'new':
      return active.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
    case 'popular':
      return byPopularity(active);
    case 'populargamingoffers':
      return byPopularity(active.where('c.is_gaming', '=', true));
    case 'top':
      return active
        .leftJoin(recent, 'r.campaign_id', 'c.id')
        .orderBy(epc, 'desc')
        .orderBy(sql`coalesce(r.clicks, 0)`, 'desc')
        .orderBy('c.id') as unknown as Ordered;
    case 'trending': {
      const week = networkSince(db, addDaysTo(ctx.today, -(TRENDING_DAYS - 1))).as('t');
      return active
        .leftJoin(week, 't.campaign_id', 'c.id')
        .orderBy(sql`coalesce(t.leads, 0)`, 'desc')
        .orderBy(sql`coalesce(t.clicks, 0)`, 'desc')
        .orderBy('c.popularity', 'desc')
        .orderBy('c.id') as unknown as Ordered;
    }
    case 'suggested': {
      // Campaigns the affiliate does not run yet come first, then those already approved or
      // pending (so a small network still fills the row); rejected ones are left out. From the
      // affiliate's verticals (survey, else approved campaigns): best recent EPC first, then
      // volume. Without any verticals: the popular ranking (suggestionSource).
      const hasAccess = (status: readonly AccessStatus[]) =>
        sql<boolean>`exists (select 1 from campaign_access x where x.campaign_id = c.id and x.affiliate_id = ${ctx.affiliateId} and x.status in (${sql.join(status)}))`;
      const candidates = active
        .where(sql<boolean>`not ${hasAccess(['Rejected'])}`)
        .leftJoin(recent, 'r.campaign_id', 'c.id')
        .orderBy(hasAccess(HAS_ACCESS)) as unknown as Ordered;
      if (suggestFrom === 'popular') return popularOrder(candidates);
      const verticals =
        suggestFrom === 'survey'
          ? db.selectFrom('affiliate_target_verticals').select('subcategory_id').where('affiliate_id', '=', ctx.affiliateId)
          : db
              .selectFrom('campaign_access as a')
              .innerJoin('campaigns as ac', 'ac.id', 'a.campaign_id')
              .select('ac.subcategory_id')
              .where('a.affiliate_id', '=', ctx.affiliateId)
              .where('a.status', '=', 'Approved');
      return candidates
        .where('c.subcategory_id', 'in', verticals)
        .orderBy(epc, 'desc')
        .orderBy(sql`coalesce(r.clicks, 0)`, 'desc')
        .orderBy('c.popularity', 'desc')
        .orderBy('c.id');
    }
    case 'bookmarked':
      return base
        .innerJoin('bookmarks as b', 'b.campaign_id', 'c.id')
        .where('b.affiliate_id', '=', ctx.affiliateId)
        .where('c.status', '<>', 'expired')
        .orderBy('b.created_at', 'desc')
        .orderBy('c.id') as unknown as Ordered;
    case 'recentlyapproved':
    case 'recently-approved':
    case 'approved': {
      const q = base
        .innerJoin('campaign_access as a', 'a.campaign_id', 'c.id')
        .where('a.affiliate_id', '=', ctx.affiliateId)
        .where('a.status', '=', 'Approved')
        .where('c.status', '<>', 'expired');
      return (list === 'approved'
        ? q.orderBy('c.name').orderBy('c.id')
        : q.orderBy('a.updated_at', 'desc').orderBy('c.id')) as unknown as Ordered;
    }
    case 'ampicks':
      return base
        .innerJoin('campaign_access as a', 'a.campaign_id', 'c.id')
        .where('a.affiliate_id', '=', ctx.affiliateId)
        .where('a.is_manager_pick', '=', true)
        .where('c.status', '=', 'active')
        .orderBy('a.updated_at', 'desc')
        .orderBy('c.id') as unknown as Ordered;
    case 'recently-viewed':
      return base
        .innerJoin('campaign_views as v', 'v.campaign_id', 'c.id')
        .where('v.affiliate_id', '=', ctx.affiliateId)
        .where('c.status', '<>', 'expired')
        .orderBy('v.viewed_at', 'desc')
        .orderBy('c.id') as unknown as Ordered;
  }
}

export async function listCampaigns(
  db: Kysely<DB>,
  list: CampaignListName,
  ctx: ListContext,
  page: number,
  limit: number,
): Promise<{ campaigns: CampaignSummary[]; hasMore: boolean }> {
  const suggestFrom = list === 'suggested' ? await suggestionSource(db, ctx.affiliateId) : 'survey';
  const rows = await listQuery(db, list, ctx, suggestFrom)
    .limit(limit + 1)
    .offset(page * limit)
    .execute();
  const ids = rows.slice(0, limit).map((r) => r.id);
  return { campaigns: await campaignSummaries(db, ids, ctx.today), hasMore: rows.length > limit };
}

/** Escapes LIKE's wildcards so a term matches literally. */
function likeLiteral(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Quick search (spec 000 section 5): '#1234' or '1234' finds that campaign id first; any term finds
 * names containing it (names starting with it first, then the popular ones). Expired campaigns are
 * left out.
 */
export async function quickSearch(db: Kysely<DB>, term: string, limit: number): Promise<QuickSearchMatch[]> {
  const idMatch = /^#?\s*(\d{1,10})$/.exec(term);
  // Ids are int4: a longer number cannot be one (and must not reach the query as one).
  const id = idMatch && Number(idMatch[1]) <= 2_147_483_647 ? Number(idMatch[1]) : null;
  const text = idMatch && term.startsWith('#') ? idMatch[1] : term;
  const pattern = `%${likeLiteral(text.toLowerCase())}%`;
  const prefix = `${likeLiteral(text.toLowerCase())}%`;
  const rows = await db
    .selectFrom('campaigns as c')
    .select(['c.id', 'c.name'])
    .where('c.status', '<>', 'expired')
    .where((eb) => {
      const byName = eb(sql`lower(c.name)`, 'like', pattern);
      return id !== null ? eb.or([eb('c.id', '=', id), byName]) : byName;
    })
    .orderBy(sql`case when c.id = ${id ?? 0} then 0 when lower(c.name) like ${prefix} then 1 else 2 end`)
    .orderBy('c.popularity', 'desc')
    .orderBy('c.name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ campaign_id: r.id, name: r.name }));
}
