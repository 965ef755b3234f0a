import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_STATE, SEARCH_PAGE_SIZE, SEARCH_TRAFFIC_FLAG_NAMES, parseSearchParams, searchParamsOf, type SearchState } from '../../src/shared/searchState';
import { testEngine } from './helpers';
import { db, made, activeRows, expected, page, allIds, check, allOff, withSearchApp } from './searchFixture';

/**
 * GET /search (docs/campaigns.md "Search"): every parameter alone and combined, checked against the
 * reference in ./searchFixture, plus the worked examples of each rule, paging, ties and accents.
 */
withSearchApp();

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
