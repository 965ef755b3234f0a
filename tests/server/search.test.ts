import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuickSearchResponse, SearchCategoriesResponse, SearchResponse, SearchSubcategoriesResponse } from '../../src/api/contract/campaign';
import {
  DEFAULT_SEARCH_STATE,
  SEARCH_PAGE_SIZE,
  SEARCH_TRAFFIC_FLAG_NAMES,
  SEARCH_TRAFFIC_FLAGS,
  parseSearchParams,
  searchParamsOf,
  type SearchState,
} from '../../src/shared/searchState';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import type { TrafficType } from '../../server/db/schema';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

/**
 * GET /search (issue 14, docs/campaigns.md "Search"): every parameter alone and combined, checked
 * against a plain reference implementation over the same rows (`expected` below), plus the worked
 * examples of each rule, paging, ties, accents, categories and the display look-ups.
 */
let t: TestContext;
let token: string;
const DEMO = 100001;
const db = () => t.database.db;

/** Campaigns this file adds, by role. */
const made = {} as Record<
  'cafe' | 'cafeUpper' | 'creme' | 'paused' | 'tie1' | 'tie2' | 'tie3' | 'emailOnly' | 'emailSearch' | 'noTraffic' | 'caOnly' | 'caUs' | 'caUnfiltered',
  number
>;

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

async function activeRows(): Promise<Row[]> {
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

function expected(rows: Row[], s: SearchState): number[] {
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

const get = (url: string) => t.app.inject(withToken(token, { method: 'GET', url }));

async function page(params: Record<string, string>) {
  const res = await get(`/api/search?${new URLSearchParams(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponse.parse(res.json());
}

/** Every page of a search: the ids in order, checking the paging figures on the way. */
async function allIds(state: Partial<SearchState>) {
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

async function check(state: Partial<SearchState>) {
  const full = { ...DEFAULT_SEARCH_STATE, ...state };
  const { ids } = await allIds(full);
  expect(ids, JSON.stringify(searchParamsOf(full))).toEqual(expected(await activeRows(), full));
  return ids;
}

const allOff = Object.fromEntries(SEARCH_TRAFFIC_FLAG_NAMES.map((f) => [f, false])) as Partial<SearchState>;

describe(`GET /api/search full search (${testEngine})`, () => {
  it('answers every active campaign by date, newest first, 30 a page, with total_pages', async () => {
    const ids = await check({});
    const active = await db().selectFrom('campaigns').select('id').where('status', '=', 'active').execute();
    expect(ids.length).toBe(active.length);
    expect(ids).not.toContain(made.paused);
    const first = await page({});
    expect(first.matchingCampaigns.length).toBe(Math.min(SEARCH_PAGE_SIZE, active.length));
    expect(first.total_pages).toBeGreaterThan(1);
    expect(first.page).toBe(1);
    // The summaries are those of the browse lists.
    const cafe = (await page(searchParamsOf({ st: 'kafé krème' }))).matchingCampaigns[0];
    expect(cafe).toMatchObject({ campaign_id: made.cafe, name: 'Kafé Krème Rewards - Lead', rate_type: '% of sale', rate: 30, email_traffic: 'Y', display_traffic: 'Y', search_traffic: 'N' });
  });

  it('pages past the end answer no campaigns but the same totals; no match is 0 pages', async () => {
    const first = await page({});
    const beyond = await page({ pn: String(first.total_pages + 1) });
    expect(beyond.matchingCampaigns).toEqual([]);
    expect(beyond.total).toBe(first.total);
    expect(beyond.total_pages).toBe(first.total_pages);
    const none = await page({ st: 'zzzz no such campaign zzzz' });
    expect(none).toMatchObject({ matchingCampaigns: [], total: 0, total_pages: 0, page: 1 });
  });

  it('matches names whatever their case and accents, every word, and #id or id', async () => {
    const names = async (st: string) => (await check({ st })).sort((a, b) => a - b);
    const cafes = [made.cafe, made.cafeUpper].sort((a, b) => a - b);
    expect(await names('kafe')).toEqual(cafes);
    expect(await names('KAFÉ')).toEqual(cafes);
    expect(await names('  Kafe  ')).toEqual(cafes);
    expect(await names('kreme')).toEqual([made.cafe, made.creme].sort((a, b) => a - b));
    expect(await names('brulee KLUB')).toEqual([made.creme]);
    expect(await names('kafe klub')).toEqual([]);
    expect(await check({ st: `#${made.tie2}` })).toEqual([made.tie2]);
    expect(await check({ st: String(made.tie2) })).toContain(made.tie2);
    // Paused campaigns are not searchable, by name or id.
    expect(await check({ st: `#${made.paused}` })).toEqual([]);
    expect(await check({ st: '%' })).toEqual([]);
    expect(await check({ st: "' OR '1'='1" })).toEqual([]);
    expect(await check({ st: '#9999999999' })).toEqual([]);
  });

  it('sorts on every column both ways, ties broken by id in the same direction', async () => {
    for (const ob of ['date', 'id', 'name', 'rate'] as const) {
      for (const ad of ['a', 'd'] as const) await check({ ob, ad });
    }
    const ties = [made.tie1, made.tie2, made.tie3];
    for (const ob of ['date', 'name', 'rate'] as const) {
      const asc = (await check({ ob, ad: 'a', st: 'tie offer' })).filter((id) => ties.includes(id));
      expect(asc, ob).toEqual(ties);
      const desc = (await check({ ob, ad: 'd', st: 'tie offer' })).filter((id) => ties.includes(id));
      expect(desc, ob).toEqual([...ties].reverse());
    }
  });

  it('sorts on the EPC the summaries show', async () => {
    for (const ad of ['a', 'd'] as const) {
      const pages = [];
      const first = await page(searchParamsOf({ ob: 'epc', ad }));
      pages.push(...first.matchingCampaigns);
      for (let pn = 2; pn <= first.total_pages; pn += 1) pages.push(...(await page(searchParamsOf({ ob: 'epc', ad, pn }))).matchingCampaigns);
      expect(pages.length).toBe(first.total);
      for (let i = 1; i < pages.length; i += 1) {
        const [a, b] = [pages[i - 1], pages[i]];
        // Shown EPCs are rounded to 4 decimals: the order holds on them, ids break exact ties.
        if (ad === 'a') expect(a.epc, `${a.campaign_id} then ${b.campaign_id}`).toBeLessThanOrEqual(b.epc + 1e-4);
        else expect(a.epc, `${a.campaign_id} then ${b.campaign_id}`).toBeGreaterThanOrEqual(b.epc - 1e-4);
      }
      const ids = pages.map((c) => c.campaign_id);
      const ties = ids.filter((id) => [made.tie1, made.tie2, made.tie3].includes(id));
      expect(ties).toEqual(ad === 'a' ? [made.tie1, made.tie2, made.tie3] : [made.tie3, made.tie2, made.tie1]);
    }
  });

  it('traffic: Includes finds campaigns allowing any selected type; ONLY those allowing nothing else', async () => {
    const emailOnly = { ...allOff, ep: true };
    const includes = await check(emailOnly);
    expect(includes).toEqual(expect.arrayContaining([made.emailOnly, made.emailSearch, made.cafe]));
    expect(includes).not.toContain(made.noTraffic);
    const only = await check({ ...emailOnly, tstrict: true });
    expect(only).toContain(made.emailOnly);
    expect(only).not.toContain(made.emailSearch);
    expect(only).not.toContain(made.cafe);
    expect(only).not.toContain(made.noTraffic);
    const emailSearchOnly = await check({ ...allOff, ep: true, sp: true, tstrict: true });
    expect(emailSearchOnly).toEqual(expect.arrayContaining([made.emailOnly, made.emailSearch]));
    // Every type, or none, restricts nothing (in both modes).
    const everything = await check({});
    expect(everything).toContain(made.noTraffic);
    expect(await check({ tstrict: true })).toEqual(everything);
    expect(await check(allOff)).toEqual(everything);
    for (const flag of SEARCH_TRAFFIC_FLAG_NAMES) {
      await check({ [flag]: false });
      await check({ ...allOff, [flag]: true });
      await check({ ...allOff, [flag]: true, tstrict: true });
    }
  });

  it('geography: any, Allow All Countries, one country included or ONLY', async () => {
    const all = await check({ gr: 'all' });
    expect(all).toContain(made.cafe);
    expect(all).toContain(made.caUnfiltered);
    expect(all).not.toContain(made.caOnly);
    const ca = await check({ gr: 'CA' });
    expect(ca).toEqual(expect.arrayContaining([made.cafe, made.caOnly, made.caUs, made.caUnfiltered]));
    const caOnly = await check({ gr: 'CA', grstrict: true });
    expect(caOnly).toContain(made.caOnly);
    expect(caOnly).not.toContain(made.caUs);
    expect(caOnly).not.toContain(made.cafe);
    expect(caOnly).not.toContain(made.caUnfiltered);
    const us = await check({ gr: 'US' });
    expect(us).toContain(made.caUs);
    expect(us).not.toContain(made.caOnly);
    expect(await check({ gr: 'any', grstrict: true })).toEqual(await check({}));
    expect(await check({ gr: 'all', grstrict: true })).toEqual(all);
    // Lower case on the wire is the same country.
    expect((await page({ gr: 'ca', grstrict: '1' })).total).toBe(caOnly.length);
  });

  it('categories, subcategories, the three filters, CPA type and the ignored options flag', async () => {
    const sub = await db().selectFrom('subcategories').select(['id', 'category_id']).orderBy('id').execute();
    const used = await db().selectFrom('campaigns').select('subcategory_id').where('status', '=', 'active').orderBy('subcategory_id').executeTakeFirstOrThrow();
    const m = sub.find((s) => s.id === used.subcategory_id)!.category_id;
    expect((await check({ m })).length).toBeGreaterThan(0);
    expect((await check({ m, c: used.subcategory_id })).length).toBeGreaterThan(0);
    expect((await check({ c: used.subcategory_id })).length).toBeGreaterThan(0);
    const otherM = sub.find((s) => s.category_id !== m)!.category_id;
    expect(await check({ m: otherM, c: used.subcategory_id })).toEqual([]);
    expect(await check({ m: 99_999 })).toEqual([]);
    expect(await check({ af: true })).toContain(made.cafe);
    expect(await check({ ff: true })).toContain(made.cafeUpper);
    const never = await check({ rf: true });
    expect(never).not.toContain(made.creme);
    expect(never).toContain(made.cafe);
    expect(await check({ ct: 'P' })).toContain(made.cafe);
    expect(await check({ ct: 'F' })).not.toContain(made.cafe);
    expect(await check({ as: true })).toEqual(await check({}));
  });

  it('combines every parameter (seeded random states against the reference)', async () => {
    const rows = await activeRows();
    const subs = await db().selectFrom('subcategories').select(['id', 'category_id']).execute();
    const state = fc.record({
      st: fc.constantFrom('', 'kafe', 'offer', 'e', ' - ', 'tie', 'traffic', String(made.cafe), `#${made.tie1}`, 'geo'),
      ob: fc.constantFrom('date', 'id', 'name', 'rate'),
      ad: fc.constantFrom('a', 'd'),
      ...Object.fromEntries(SEARCH_TRAFFIC_FLAG_NAMES.map((f) => [f, fc.boolean()])),
      tstrict: fc.boolean(),
      gr: fc.constantFrom('any', 'all', 'CA', 'US', 'GB', 'DE'),
      grstrict: fc.boolean(),
      sub: fc.option(fc.constantFrom(...subs), { nil: undefined }),
      subToo: fc.boolean(),
      af: fc.boolean(),
      ff: fc.boolean(),
      rf: fc.boolean(),
      ct: fc.constantFrom('any', 'F', 'P'),
    });
    const samples = fc.sample(state, { numRuns: 40, seed: 20261123 });
    for (const { sub, subToo, ...rest } of samples) {
      const s = { ...DEFAULT_SEARCH_STATE, ...rest, m: sub?.category_id ?? 0, c: sub && subToo ? sub.id : 0 } as SearchState;
      const { ids } = await allIds(s);
      expect(ids, new URLSearchParams(searchParamsOf(s)).toString()).toEqual(expected(rows, s));
    }
  });

  it('reads booleans as 1/0 or true/false, and empty values as defaults', async () => {
    const canonical = await page({ ep: '1', cp: '0', tstrict: '1' });
    expect(await page({ ep: 'true', cp: 'false', tstrict: 'true' })).toEqual(canonical);
    const defaults = await page({});
    expect(await page({ st: '', ob: '', ad: '', pn: '', ep: '', gr: '', m: '', c: '', ct: '' })).toEqual(defaults);
    expect(await page({ gr: 'any', ct: 'any', m: '0', c: '0' })).toEqual(defaults);
  });

  it('parseSearchParams and searchParamsOf round-trip, and a broken link falls back to defaults', () => {
    const state: SearchState = { ...DEFAULT_SEARCH_STATE, st: 'cafe', ob: 'rate', ad: 'a', pn: 3, ep: false, tstrict: true, gr: 'CA', grstrict: true, m: 2, c: 5, af: true, ct: 'P' };
    expect(parseSearchParams(new URLSearchParams(searchParamsOf(state)))).toEqual(state);
    expect(parseSearchParams(new URLSearchParams('ob=foo&pn=0&gr=QQ&m=x&ep=maybe'))).toEqual(DEFAULT_SEARCH_STATE);
    expect(Object.keys(searchParamsOf({}))).toHaveLength(23);
  });
});

describe(`GET /api/search?q= quick search (${testEngine})`, () => {
  it('finds by name without case or accents, active campaigns only, #id first', async () => {
    const quick = async (q: string) => {
      const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return QuickSearchResponse.parse(res.json()).matchingCampaigns.map((m) => m.campaign_id);
    };
    expect((await quick('kafe')).sort()).toEqual([made.cafe, made.cafeUpper].sort());
    expect((await quick('KRÈME')).sort()).toEqual([made.cafe, made.creme].sort());
    expect(await quick(`#${made.paused}`)).toEqual([]);
    expect((await quick(`#${made.tie3}`))[0]).toBe(made.tie3);
    // q with full-search parameters is still the quick search.
    const res = await get(`/api/search?q=kafe&ob=name&pn=2`);
    expect(res.json()).not.toHaveProperty('total_pages');
  });
});

describe(`categories and display look-ups (${testEngine})`, () => {
  it('counts active campaigns per main category and subcategory', async () => {
    const rows = await activeRows();
    const res = await get('/api/search/categories');
    expect(res.statusCode, res.body).toBe(200);
    const { categories } = SearchCategoriesResponse.parse(res.json());
    const all = await db().selectFrom('categories').select(['id', 'name']).execute();
    expect(categories.length).toBe(all.length);
    for (const c of categories) expect(c.offs_count, c.main_category_name).toBe(rows.filter((r) => r.category === c.main_category_id).length);
    const busy = categories.find((c) => c.offs_count > 0)!;
    const subRes = await get(`/api/search/subcategories/${busy.main_category_id}`);
    expect(subRes.statusCode, subRes.body).toBe(200);
    const { subcategories } = SearchSubcategoriesResponse.parse(subRes.json());
    const subs = await db().selectFrom('subcategories').select('id').where('category_id', '=', busy.main_category_id).execute();
    expect(subcategories.length).toBe(subs.length);
    for (const s of subcategories) expect(s.campaign_count).toBe(rows.filter((r) => r.subcategory === s.subcategory_id).length);
    expect(subcategories.reduce((n, s) => n + s.campaign_count, 0)).toBe(busy.offs_count);
    // The counts are what a search of that category finds.
    expect((await page(searchParamsOf({ m: busy.main_category_id }))).total).toBe(busy.offs_count);
    const notFound = await get('/api/search/subcategories/99999');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().errors.message).toBe('This category does not exist.');
  });

  it('names a country, a main category and a subcategory; 404 when unknown', async () => {
    expect((await get('/api/display/country/CA')).json()).toEqual({ success: true, country_name: 'Canada' });
    expect((await get('/api/display/country/ca')).json()).toEqual({ success: true, country_name: 'Canada' });
    for (const code of ['QQ', 'C1', 'CAN']) {
      const res = await get(`/api/display/country/${code}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().errors.message).toBe('This country does not exist.');
    }
    const sub = await db()
      .selectFrom('subcategories as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.id', 's.name', 's.category_id', 'c.name as category'])
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
    expect((await get(`/api/display/maincategory/${sub.category_id}`)).json()).toEqual({ success: true, main_category_name: sub.category });
    expect((await get(`/api/display/subcategory/${sub.category_id}/${sub.id}`)).json()).toEqual({ success: true, subcategory_name: sub.name });
    const other = await db().selectFrom('categories').select('id').where('id', '<>', sub.category_id).executeTakeFirstOrThrow();
    for (const url of ['/api/display/maincategory/99999', `/api/display/subcategory/${other.id}/${sub.id}`, `/api/display/subcategory/${sub.category_id}/99999`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors.message, url).toMatch(/^This (sub)?category does not exist/);
    }
  });
});

describe(`bad search values (${testEngine})`, () => {
  it('answers 400 with a sentence for the affiliate, never a field name or a 5xx', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/search?ob=foo', /^Please sort by date, ID, name, rate or EPC\.$/],
      ['/api/search?ad=up', /^Please sort in ascending/],
      ['/api/search?pn=0', /^Pages are numbered from 1\.$/],
      ['/api/search?pn=-1', /^The page number must be a whole number\.$/],
      ['/api/search?pn=1.5', /^The page number must be a whole number\.$/],
      ['/api/search?pn=abc', /^The page number must be a whole number\.$/],
      ['/api/search?pn=99999999', /^The page number must be at most 10,000\.$/],
      ['/api/search?pn=99999999999999999999', /^The page number must be a whole number\.$/],
      ['/api/search?m=abc', /^Please choose a category from the list\.$/],
      ['/api/search?m=-3', /^Please choose a category from the list\.$/],
      ['/api/search?c=1e3', /^Please choose a subcategory from the list\.$/],
      ['/api/search?gr=QQ', /^Please choose Any Country, Allow All Countries or one country from the list\.$/],
      ['/api/search?gr=Canada', /^Please choose Any Country/],
      ['/api/search?ep=yes', /^The Email traffic choice must be 1 or 0\.$/],
      ['/api/search?bbp=2', /^The Brand Bid traffic choice must be 1 or 0\.$/],
      ['/api/search?tstrict=only', /^The traffic match must be/],
      ['/api/search?grstrict=x', /^The country match must be/],
      ['/api/search?af=x', /^The Approved to run filter/],
      ['/api/search?ct=X', /^Please choose a CPA type/],
      [`/api/search?st=${'x'.repeat(101)}`, /^Please search with at most 100 characters\.$/],
      ['/api/search?st=a%00b', /./],
      ['/api/search/subcategories/abc', /^Please choose a category from the list\.$/],
      ['/api/search/subcategories/0', /^Please choose a category from the list\.$/],
      ['/api/search/subcategories/99999999999', /^Please choose a category from the list\.$/],
      ['/api/display/maincategory/x', /^Please choose a category from the list\.$/],
      ['/api/display/subcategory/1/x', /^Please choose a subcategory from the list\.$/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, errors: { code: 400 } });
      expect(res.json().errors.message, url).toMatch(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/search?st=x' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/categories' })).statusCode).toBe(401);
  });
});
