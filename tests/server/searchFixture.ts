import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { SearchResponse } from '../../src/api/contract/campaign';
import { DEFAULT_SEARCH_STATE, SEARCH_PAGE_SIZE, SEARCH_TRAFFIC_FLAG_NAMES, SEARCH_TRAFFIC_FLAGS, searchParamsOf, type SearchState } from '../../src/shared/searchState';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import type { TrafficType } from '../../server/db/schema';
import { setupTestApp, tokenFor, withToken, type TestContext } from './helpers';

/**
 * The set-up of the search tests: an app with the demo network plus campaigns made for each search rule
 * (`made`), and a plain reference implementation of docs/campaigns.md "Search" over the same rows
 * (`expected`) that the answers are checked against.
 */
let t: TestContext;
let token: string;
const DEMO = 100001;
export const db = () => t.database.db;

/** Campaigns the search tests add, by role. */
export const made = {} as Record<
  'cafe' | 'cafeUpper' | 'creme' | 'paused' | 'tie1' | 'tie2' | 'tie3' | 'emailOnly' | 'emailSearch' | 'noTraffic' | 'caOnly' | 'caUs' | 'caUnfiltered',
  number
>;

/** Builds the app and adds the campaigns of `made` before the file's tests; closes it after. */
export function withSearchApp(): void {
  beforeAll(async () => {
    t = await setupTestApp();
    token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const some = await db().selectFrom('campaigns').select(['advertiser_id', 'subcategory_id']).orderBy('id').executeTakeFirstOrThrow();
    const tieTime = new Date('2020-01-02T03:04:05Z');
    const add = async (
      name: string,
      options: { status?: 'active' | 'paused'; traffic?: TrafficType[]; countries?: string[]; geo?: boolean; rate?: number; type?: 'F' | 'P'; created?: Date } = {},
    ) => {
      const { id } = await db()
        .insertInto('campaigns')
        .values({
          advertiser_id: some.advertiser_id,
          subcategory_id: some.subcategory_id,
          name,
          status: options.status ?? 'active',
          epc: 0.5,
          geo_filtering: options.geo ?? (options.countries ?? []).length > 0,
          created_at: options.created ?? new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('campaign_rates')
        .values({ campaign_id: id, description: 'Default', rate_type: options.type ?? 'F', rate: options.rate ?? 7.25, is_default: true })
        .execute();
      const traffic = options.traffic ?? ['email', 'display'];
      if (traffic.length) await db().insertInto('campaign_traffic_types').values(traffic.map((tt) => ({ campaign_id: id, traffic_type: tt }))).execute();
      const countries = options.countries ?? [];
      if (countries.length) await db().insertInto('campaign_countries').values(countries.map((cc) => ({ campaign_id: id, country_code: cc }))).execute();
      return id;
    };
    made.cafe = await add('Kafé Krème Rewards - Lead', { type: 'P', rate: 30 });
    made.cafeUpper = await add('KAFE EXPRESS Sweepstakes');
    made.creme = await add('Krème brûlée Klub');
    made.paused = await add('Kafe Paused Offer', { status: 'paused' });
    made.tie1 = await add('Tie Offer', { created: tieTime, rate: 3 });
    made.tie2 = await add('Tie Offer', { created: tieTime, rate: 3 });
    made.tie3 = await add('Tie Offer', { created: tieTime, rate: 3 });
    made.emailOnly = await add('Traffic Email Only', { traffic: ['email'] });
    made.emailSearch = await add('Traffic Email Search', { traffic: ['email', 'search'] });
    made.noTraffic = await add('Traffic None', { traffic: [] });
    made.caOnly = await add('Geo Canada Only', { countries: ['CA'] });
    made.caUs = await add('Geo Canada US', { countries: ['CA', 'US'] });
    made.caUnfiltered = await add('Geo Listed Unfiltered', { countries: ['CA'], geo: false });
    // The demo affiliate: approved for one, bookmarked another, promoted a third (report rollup).
    await db()
      .insertInto('campaign_access')
      .values({ affiliate_id: DEMO, campaign_id: made.cafe, status: 'Approved', updated_at: new Date() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db().insertInto('bookmarks').values({ affiliate_id: DEMO, campaign_id: made.cafeUpper }).onConflict((oc) => oc.doNothing()).execute();
    await db()
      .insertInto('stats_daily')
      .values({ day: '2026-01-05', affiliate_id: DEMO, campaign_id: made.creme, clicks: 3, leads: 0, sales: 0, earnings: 0 })
      .execute();
  }, 120_000);
  afterAll(() => t?.close());
}

// ---------------------------------------------------------------------------------------------
// The reference: the rules of docs/campaigns.md "Search", written plainly over every row.
// ---------------------------------------------------------------------------------------------

interface Row {
  id: number;
  name: string;
  key: string;
  created: number;
  subcategory: number;
  category: number;
  unrestricted: boolean;
  countries: string[];
  traffic: Set<string>;
  rate: number;
  type: 'F' | 'P';
  approved: boolean;
  bookmarked: boolean;
  promoted: boolean;
}

/** The accent-free lower name (what unaccent does for the names used here). */
const plain = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

export async function activeRows(): Promise<Row[]> {
  const campaigns = await db()
    .selectFrom('campaigns as c')
    .innerJoin('subcategories as s', 's.id', 'c.subcategory_id')
    .leftJoin('campaign_rates as r', (j) => j.onRef('r.campaign_id', '=', 'c.id').on('r.is_default', '=', true))
    .select(['c.id', 'c.name', sql<number>`(extract(epoch from c.created_at) * 1000000)::bigint`.as('created_us'), 'c.subcategory_id', 's.category_id', 'c.geo_filtering', 'r.rate', 'r.rate_type'])
    .where('c.status', '=', 'active')
    .execute();
  const traffic = await db().selectFrom('campaign_traffic_types').selectAll().execute();
  const countries = await db().selectFrom('campaign_countries').selectAll().execute();
  const access = await db().selectFrom('campaign_access').selectAll().where('affiliate_id', '=', DEMO).where('status', '=', 'Approved').execute();
  const bookmarks = await db().selectFrom('bookmarks').selectAll().where('affiliate_id', '=', DEMO).execute();
  const stats = await db().selectFrom('stats_daily').select('campaign_id').where('affiliate_id', '=', DEMO).where('clicks', '>', 0).execute();
  return campaigns.map((c) => {
    const listed = countries.filter((x) => x.campaign_id === c.id).map((x) => x.country_code.trim());
    return {
      id: c.id,
      name: c.name,
      key: plain(c.name),
      created: Number(c.created_us),
      subcategory: c.subcategory_id,
      category: c.category_id,
      unrestricted: !c.geo_filtering || listed.length === 0,
      countries: listed,
      traffic: new Set(traffic.filter((x) => x.campaign_id === c.id).map((x) => x.traffic_type)),
      rate: Number(c.rate ?? 0),
      type: (c.rate_type ?? 'F') as 'F' | 'P',
      approved: access.some((a) => a.campaign_id === c.id),
      bookmarked: bookmarks.some((b) => b.campaign_id === c.id),
      promoted: stats.some((s) => s.campaign_id === c.id),
    };
  });
}

const byteCompare = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function expected(rows: Row[], s: SearchState): number[] {
  const selected = SEARCH_TRAFFIC_FLAG_NAMES.filter((f) => s[f]).map((f) => SEARCH_TRAFFIC_FLAGS[f] as string);
  const term = s.st.trim();
  const idMatch = /^#?\s*(\d{1,10})$/.exec(term);
  const words = (idMatch ? idMatch[1] : term).split(/\s+/).filter(Boolean).map(plain);
  const out = rows.filter((r) => {
    if (term) {
      const byName = words.every((w) => r.key.includes(w));
      const byId = idMatch !== null && Number(idMatch[1]) === r.id;
      if (!byName && !byId) return false;
    }
    if (selected.length > 0 && selected.length < 9) {
      const any = selected.some((x) => r.traffic.has(x));
      if (!any) return false;
      if (s.tstrict && [...r.traffic].some((x) => !selected.includes(x))) return false;
    }
    if (s.gr === 'all' && !r.unrestricted) return false;
    if (s.gr !== 'all' && s.gr !== 'any') {
      if (s.grstrict) {
        if (r.unrestricted || r.countries.length !== 1 || r.countries[0] !== s.gr) return false;
      } else if (!r.unrestricted && !r.countries.includes(s.gr)) return false;
    }
    if (s.m > 0 && r.category !== s.m) return false;
    if (s.c > 0 && r.subcategory !== s.c) return false;
    if (s.af && !r.approved) return false;
    if (s.ff && !r.bookmarked) return false;
    if (s.rf && r.promoted) return false;
    if (s.ct !== 'any' && r.type !== s.ct) return false;
    return true;
  });
  const sign = s.ad === 'a' ? 1 : -1;
  const primary = (a: Row, b: Row) => {
    switch (s.ob) {
      case 'id':
        return 0;
      case 'name':
        return byteCompare(a.key, b.key);
      case 'rate':
        return a.rate - b.rate;
      case 'date':
        return a.created - b.created;
      case 'epc':
        throw new Error('epc is checked on the answers');
    }
  };
  return out.sort((a, b) => sign * (primary(a, b) || a.id - b.id)).map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------

export const get = (url: string) => t.app.inject(withToken(token, { method: 'GET', url }));

export async function page(params: Record<string, string>) {
  const res = await get(`/api/search?${new URLSearchParams(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponse.parse(res.json());
}

/** Every page of a search: the ids in order, checking the paging figures on the way. */
export async function allIds(state: Partial<SearchState>) {
  const first = await page(searchParamsOf({ ...state, pn: 1 }));
  const ids = first.matchingCampaigns.map((c) => c.campaign_id);
  expect(first.total_pages).toBe(Math.ceil(first.total / SEARCH_PAGE_SIZE));
  for (let pn = 2; pn <= first.total_pages; pn += 1) {
    const next = await page(searchParamsOf({ ...state, pn }));
    expect(next.page).toBe(pn);
    expect(next.total).toBe(first.total);
    ids.push(...next.matchingCampaigns.map((c) => c.campaign_id));
  }
  expect(ids.length).toBe(first.total);
  expect(new Set(ids).size).toBe(ids.length);
  return { ids, first };
}

export async function check(state: Partial<SearchState>) {
  const full = { ...DEFAULT_SEARCH_STATE, ...state };
  const { ids } = await allIds(full);
  expect(ids, JSON.stringify(searchParamsOf(full))).toEqual(expected(await activeRows(), full));
  return ids;
}

export const allOff = Object.fromEntries(SEARCH_TRAFFIC_FLAG_NAMES.map((f) => [f, false])) as Partial<SearchState>;
