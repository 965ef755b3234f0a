import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CampaignListName, CampaignSummary } from '../../../src/api/contract/campaign';
import { addDaysTo } from '../../../src/shared/dates';
import type { AccessStatus, DB } from '../../db/schema';
import { RECENT_DAYS, TRENDING_DAYS, campaignSummaries, networkSince, recentEpc } from './queries';

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
  return { campaigns: await campaignSummaries(db, ids, ctx.today, ctx.affiliateId), hasMore: rows.length > limit };
}
