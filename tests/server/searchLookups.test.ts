import { describe, expect, it } from 'vitest';
import { QuickSearchResponse, SearchCategoriesResponse, SearchSubcategoriesResponse } from '../../src/api/contract/campaign';
import { searchParamsOf } from '../../src/shared/searchState';
import { testEngine } from './helpers';
import { db, made, activeRows, get, page, withSearchApp } from './searchFixture';

/** Quick search, the category counts and the display look-ups (bad search values: badInput.test.ts). */
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
