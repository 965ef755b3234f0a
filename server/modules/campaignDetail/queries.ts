import { sql, type Kysely } from 'kysely';
import type {
  AffiliateCampaignStatus,
  AllowedTrafficTypes,
  CampaignDetail,
  Creative,
  LandingPage,
  Rate,
} from '../../../src/api/contract/campaignDetail';
import { LINK_TRAFFIC_TYPES } from '../../../src/api/contract/tracking';
import { addDaysTo } from '../../../src/shared/dates';
import { rateText } from '../../../src/shared/rateText';
import type { DB, TrafficType } from '../../db/schema';
import { RECENT_DAYS, rateTypeLabel } from '../campaigns/queries';
import { campaignThumbnailUrl } from '../images/urls';
import { capCountsOf, capLeft } from '../tracking/caps';
import type { CdnUrls } from '../images/cdn';

/** Recently Viewed keeps this many campaigns per affiliate (the oldest views are forgotten). */
const RECENTLY_VIEWED_KEEP = 100;

const yn = (b: boolean | null | undefined): 'Y' | 'N' => (b ? 'Y' : 'N');
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A campaign the affiliate can open: it exists, is not expired (status 'expired', or an expiry day
 * before today in the reporting zone, as the tracking engine judges it). A paused one opens.
 */
function visible(db: Kysely<DB>, today: string) {
  return db
    .selectFrom('campaigns as c')
    .where('c.status', '<>', 'expired')
    .where((eb) => eb.or([eb('c.expiry_date', 'is', null), eb('c.expiry_date', '>=', today)]));
}

export async function isVisible(db: Kysely<DB>, id: number, today: string): Promise<boolean> {
  const row = await visible(db, today).select('c.id').where('c.id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function campaignExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('campaigns').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

interface DetailContext {
  affiliateId: number;
  /** Today in the reporting time zone. */
  today: string;
  cdn: CdnUrls;
  /** Requests an affiliate may have waiting for review (config BY_REQUEST_LIMIT). */
  byRequestLimit: number;
}

/**
 * Everything the campaign page shows, or null when the campaign does not exist or is expired. Four
 * queries in parallel: the campaign with the affiliate's own access, postback and bookmark (and
 * its countries, systems, traffic types and recent EPC as subqueries), its Active rates, its
 * active landing pages and its active creatives.
 */
export async function campaignDetail(db: Kysely<DB>, id: number, ctx: DetailContext): Promise<CampaignDetail | null> {
  const since = addDaysTo(ctx.today, -(RECENT_DAYS - 1));
  const main = visible(db, ctx.today)
    .innerJoin('subcategories as s', 's.id', 'c.subcategory_id')
    .innerJoin('categories as k', 'k.id', 's.category_id')
    .leftJoin('campaign_access as a', (j) => j.onRef('a.campaign_id', '=', 'c.id').on('a.affiliate_id', '=', ctx.affiliateId))
    .leftJoin('postbacks as p', (j) => j.onRef('p.campaign_id', '=', 'c.id').on('p.affiliate_id', '=', ctx.affiliateId))
    .select([
      'c.id', 'c.name', 'c.description', 'c.status', 'c.by_request', 'c.approval_mode', 'c.advertiser_id', 'c.epc', 'c.expiry_date', 'c.tracking_type',
      'c.supports_multiple_postback', 'c.geo_filtering', 'c.os_filtering', 'c.desktop_traffic', 'c.mobile_traffic', 'c.daily_cap',
      'c.preview_url', 'c.search_restrictions', 'c.email_rules', 'c.email_suppression', 'c.email_subject_lines', 'c.email_from_lines',
      's.id as subcategory_id', 's.name as subcategory', 'k.id as main_category_id', 'k.name as category',
      'a.status as access_status', 'a.daily_cap as access_cap', 'p.type as postback_type', 'p.code as postback_code',
      sql<boolean>`exists (select 1 from bookmarks b where b.campaign_id = c.id and b.affiliate_id = ${ctx.affiliateId})`.as('bookmarked'),
      // The by-request limit: requests still waiting for review, the same count the request route refuses at.
      sql<string>`(select count(*) from access_requests q where q.affiliate_id = ${ctx.affiliateId} and q.status = 'Pending')`.as('pending_requests'),
      sql<string[] | null>`(select json_agg(cc.country_code order by cc.country_code) from campaign_countries cc where cc.campaign_id = c.id)`.as('countries'),
      sql<string[] | null>`(select json_agg(o.os order by o.os) from campaign_os o where o.campaign_id = c.id)`.as('os_list'),
      sql<TrafficType[] | null>`(select json_agg(t.traffic_type) from campaign_traffic_types t where t.campaign_id = c.id)`.as('traffic'),
      // The figure the lists show (campaigns/queries.ts recentEpc): last 30 days, else the published EPC.
      sql<number>`coalesce((select sum(d.earnings) / nullif(sum(d.clicks), 0) from stats_daily d where d.campaign_id = c.id and d.day >= ${since}), c.epc)`.as('recent_epc'),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  const rates = db
    .selectFrom('campaign_rates')
    .select(['id', 'description', 'rate_type', 'rate', 'is_default'])
    .where('campaign_id', '=', id)
    .where('status', '=', 'Active')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const landingPages = db
    .selectFrom('landing_pages')
    .select(['id', 'name', 'url', 'is_default', 'screenshot_key'])
    .where('campaign_id', '=', id)
    .where('status', '=', 'active')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const creatives = db
    .selectFrom('creatives')
    .select(['id', 'type', 'name', 'width', 'height', 'body', 'subject', 'image_key'])
    .where('campaign_id', '=', id)
    .where('status', '=', 'active')
    .orderBy(sql`case type when 'banner' then 0 when 'text' then 1 when 'textEmail' then 2 else 3 end`)
    .orderBy('id')
    .execute();
  const [row, rateRows, lpRows, creativeRows] = await Promise.all([main, rates, landingPages, creatives]);
  if (!row) return null;

  const traffic = new Set(parseJson<TrafficType[]>(row.traffic));
  const allowed = Object.fromEntries(
    (Object.entries(LINK_TRAFFIC_TYPES) as Array<[keyof AllowedTrafficTypes, TrafficType]>).map(([code, type]) => [code, yn(traffic.has(type))]),
  ) as AllowedTrafficTypes;
  const countries = parseJson<string[]>(row.countries).map((c) => c.trim().toUpperCase());
  const merchant = row.advertiser_id;

  const commission: Rate[] = rateRows.map((r) => ({
    rate_id: r.id,
    description: r.description,
    rate_type: rateTypeLabel(r.rate_type),
    rate: r.rate,
    rate_text: rateText(r.rate_type, r.rate),
    status: 'Active',
    is_default: yn(r.is_default),
  }));
  // An uploaded screenshot (docs/ops-files.md) wins over the drawn one, as thumbnail and full view alike.
  const landing_pages: LandingPage[] = lpRows.map((l) => ({
    landing_page_id: l.id,
    name: l.name,
    url: l.url,
    thumbnail: l.screenshot_key ? ctx.cdn.file(l.screenshot_key) : ctx.cdn.landingPage(merchant, id, l.id, 'thumb'),
    full: l.screenshot_key ? ctx.cdn.file(l.screenshot_key) : ctx.cdn.landingPage(merchant, id, l.id, 'full'),
    default_lp: yn(l.is_default),
  }));
  const creativeList: Creative[] = [];
  for (const cr of creativeRows) {
    if (cr.type === 'banner') {
      // A banner without a size cannot be drawn or placed: left out rather than shown broken.
      if (!cr.width || !cr.height) continue;
      // An uploaded image wins over the drawn one; its width and height were read from its bytes.
      const image = cr.image_key ? ctx.cdn.file(cr.image_key) : ctx.cdn.creative(merchant, id, cr.id);
      creativeList.push({ creative_id: cr.id, type: 'banner', name: cr.name, image, width: cr.width, height: cr.height, download: `${image}?download=1` });
    } else if (cr.type === 'text') {
      creativeList.push({ creative_id: cr.id, type: 'text', name: cr.name, text: cr.body });
    } else {
      creativeList.push({ creative_id: cr.id, type: cr.type, name: cr.name, subject: cr.subject, body: cr.body });
    }
  }

  const status: AffiliateCampaignStatus = row.access_status ?? 'Not requested';
  const cap = row.daily_cap ?? null;
  const capped = cap !== null || (row.access_cap ?? null) !== null;
  const capLeftToday = capped ? capLeft(cap, row.access_cap ?? null, await capCountsOf(db, ctx.today, row.id, ctx.affiliateId)) : null;
  return {
    campaign_id: row.id,
    is_bookmarked: Boolean(row.bookmarked),
    allowed_countries: countries,
    all_countries: yn(countries.length === 0),
    allowed_traffic_types: allowed,
    os_list: parseJson<string[]>(row.os_list),
    categories: {
      category: row.category,
      main_category_id: row.main_category_id,
      subcategory: row.subcategory,
      subcategory_id: row.subcategory_id,
    },
    details: {
      name: row.name,
      thumbnail: campaignThumbnailUrl(row.id),
      cap,
      affiliate_cap: row.access_cap ?? cap,
      cap_left_today: capLeftToday,
      status: row.by_request ? 'By Request' : 'Public',
      advertiser_id: merchant,
      affiliate_campaign_status: status,
      epc: round4(Number(row.recent_epc)),
      expiry_date: row.expiry_date === null ? null : String(row.expiry_date).slice(0, 10),
      tracking_type: row.tracking_type,
      supports_multiple_postback: yn(row.supports_multiple_postback),
      description: row.description,
      landing_page_sample: row.preview_url,
      geo_filtering: yn(row.geo_filtering),
      os_filtering: yn(row.os_filtering),
      desktop_traffic: yn(row.desktop_traffic),
      mobile_traffic: yn(row.mobile_traffic),
      paused: yn(row.status === 'paused'),
      // Only where the limit holds: a request the server approves at once (Public, or By Request with
      // automatic approval) is not refused at the limit (server/modules/access/requests.ts), so it is not blocked here.
      request_limit_reached: yn(row.by_request && row.approval_mode !== 'auto' && Number(row.pending_requests) >= ctx.byRequestLimit),
    },
    commission,
    landing_pages,
    creatives: creativeList,
    search_restrictions: row.search_restrictions.trim(),
    email_restrictions: {
      rules: row.email_rules.trim(),
      suppression: yn(row.email_suppression),
      subject_lines: lines(row.email_subject_lines),
      from_lines: lines(row.email_from_lines),
    },
    postback: { type: row.postback_type ?? '', code: row.postback_code ?? '' },
  };
}

/** json_agg comes back parsed from pg and PGlite alike, or as text through some drivers. */
function parseJson<T extends unknown[]>(value: unknown): T {
  if (value === null || value === undefined) return [] as unknown as T;
  if (typeof value === 'string') return JSON.parse(value) as T;
  return value as T;
}

/**
 * Records a Recently Viewed entry (one row per affiliate and campaign, its time refreshed), then
 * forgets the affiliate's views beyond the newest `keep` (RECENTLY_VIEWED_KEEP).
 */
export async function recordView(db: Kysely<DB>, affiliateId: number, campaignId: number, at: Date, keep = RECENTLY_VIEWED_KEEP): Promise<void> {
  await db
    .insertInto('campaign_views')
    .values({ affiliate_id: affiliateId, campaign_id: campaignId, viewed_at: at })
    .onConflict((oc) => oc.columns(['affiliate_id', 'campaign_id']).doUpdateSet({ viewed_at: at }))
    .execute();
  await db
    .deleteFrom('campaign_views')
    .where('affiliate_id', '=', affiliateId)
    .where('campaign_id', 'in', (eb) =>
      eb
        .selectFrom('campaign_views')
        .select('campaign_id')
        .where('affiliate_id', '=', affiliateId)
        .orderBy('viewed_at', 'desc')
        .orderBy('campaign_id', 'desc')
        .offset(keep),
    )
    .execute();
}

export async function addBookmark(db: Kysely<DB>, affiliateId: number, campaignId: number, at: Date): Promise<void> {
  await db
    .insertInto('bookmarks')
    .values({ affiliate_id: affiliateId, campaign_id: campaignId, created_at: at })
    .onConflict((oc) => oc.columns(['affiliate_id', 'campaign_id']).doNothing())
    .execute();
}

export async function removeBookmark(db: Kysely<DB>, affiliateId: number, campaignId: number): Promise<void> {
  await db.deleteFrom('bookmarks').where('affiliate_id', '=', affiliateId).where('campaign_id', '=', campaignId).execute();
}

/**
 * The suppression list of a campaign the affiliate can open, or null when the campaign is unknown,
 * expired, or not the advertiser's (m and o must match).
 */
export async function suppressionList(db: Kysely<DB>, advertiserId: number, campaignId: number, today: string): Promise<Array<{ url: string }> | null> {
  const campaign = await visible(db, today)
    .select('c.id')
    .where('c.id', '=', campaignId)
    .where('c.advertiser_id', '=', advertiserId)
    .executeTakeFirst();
  if (!campaign) return null;
  return db.selectFrom('email_suppression_urls').select('url').where('campaign_id', '=', campaignId).orderBy('id').execute();
}
