import { describe, expect, it } from 'vitest';
import { QuickSearchResponse, SearchCategoriesResponse, SearchSubcategoriesResponse } from '../../src/api/contract/campaign';
import { searchParamsOf } from '../../src/shared/searchState';
import { testEngine } from './helpers';
import { t, db, made, activeRows, get, page, withSearchApp } from './searchFixture';

/** Quick search, the category counts and display look-ups, and the answers to bad search values. */
withSearchApp();

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
