import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_LIST_NAMES, CampaignListResponse, QuickSearchResponse } from '../../src/api/contract/campaign';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { addDaysTo, dayInZone, EASTERN_TIME_ZONE } from '../../src/shared/dates';
import { rateText } from '../../src/shared/rateText';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

let t: TestContext;
let token: string;
const DEMO = 100001;

beforeAll(async () => {
  t = await setupTestApp();
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
});
afterAll(() => t?.close());

const list = async (name: string, query = '', as = token) => {
  const res = await t.app.inject(withToken(as, { method: 'GET', url: `/api/campaigns/${name}${query}` }));
  expect(res.statusCode, res.body).toBe(200);
  return CampaignListResponse.parse(res.json());
};
const ids = (body: { campaigns: Array<{ campaign_id: number }> }) => body.campaigns.map((c) => c.campaign_id);
const db = () => t.database.db;
const today = () => dayInZone(new Date(), EASTERN_TIME_ZONE);

/** Network totals per campaign of stats_daily since `days - 1` days before today (every affiliate). */
async function networkTotals(days: number) {
  const rows = await db().selectFrom('stats_daily').select(['campaign_id', 'clicks', 'leads', 'earnings']).where('day', '>=', addDaysTo(today(), -(days - 1))).execute();
  const totals = new Map<number, { clicks: number; leads: number; earnings: number }>();
  for (const r of rows) {
    const t = totals.get(r.campaign_id) ?? { clicks: 0, leads: 0, earnings: 0 };
    t.clicks += Number(r.clicks);
    t.leads += Number(r.leads);
    t.earnings += Number(r.earnings);
    totals.set(r.campaign_id, t);
  }
  return totals;
}

/** The EPC a card shows: the network's of the last 30 days, or the published one without clicks. */
async function recentEpcs() {
  const totals = await networkTotals(30);
  const campaigns = await db().selectFrom('campaigns').select(['id', 'epc']).execute();
  return new Map(campaigns.map((c) => {
    const n = totals.get(c.id);
    return [c.id, n && n.clicks > 0 ? n.earnings / n.clicks : Number(c.epc)];
  }));
}

describe(`GET /api/campaigns/{for} (${testEngine})`, () => {
  it('answers every list of the spec with campaign summaries', async () => {
    for (const name of CAMPAIGN_LIST_NAMES) {
      const body = await list(name, '?page=0&limit=5');
      expect(body.page, name).toBe(0);
      expect(body.campaigns.length, name).toBeLessThanOrEqual(5);
    }
    // The demo affiliate has something in each of the shell's lists.
    for (const name of ['recentlyapproved', 'ampicks', 'suggested', 'bookmarked', 'popular', 'new', 'approved', 'recently-viewed']) {
      expect((await list(name, '?page=0&limit=5')).campaigns.length, name).toBeGreaterThan(0);
    }
    // Top and Trending rank the demo network's own traffic (its history is in stats_daily).
    const active = await db().selectFrom('campaigns').select(['id', 'popularity']).where('status', '=', 'active').execute();
    const month = await networkTotals(30);
    const epcs = await recentEpcs();
    const expectedTop = active
      .map((c) => ({ id: c.id, epc: epcs.get(c.id)!, clicks: month.get(c.id)?.clicks ?? 0 }))
      .sort((a, b) => b.epc - a.epc || b.clicks - a.clicks || a.id - b.id);
    const top = await list('top', '?page=0&limit=5');
    expect(ids(top)).toEqual(expectedTop.slice(0, 5).map((c) => c.id));
    expect(month.get(top.campaigns[0].campaign_id)?.clicks ?? 0).toBeGreaterThan(0);
    top.campaigns.forEach((c, k) => expect(c.epc, String(c.campaign_id)).toBeCloseTo(expectedTop[k].epc, 3));
    const week = await networkTotals(7);
    const expectedTrending = active
      .map((c) => ({ id: c.id, leads: week.get(c.id)?.leads ?? 0, clicks: week.get(c.id)?.clicks ?? 0, popularity: c.popularity }))
      .sort((a, b) => b.leads - a.leads || b.clicks - a.clicks || b.popularity - a.popularity || a.id - b.id);
    expect(expectedTrending[0].leads).toBeGreaterThan(0);
    expect(ids(await list('trending', '?page=0&limit=5'))).toEqual(expectedTrending.slice(0, 5).map((c) => c.id));
  });

  it("fills a summary from the campaign's default rate, traffic types and flags", async () => {
    const body = await list('new', '?limit=100');
    const rates = await db().selectFrom('campaign_rates').selectAll().where('is_default', '=', true).execute();
    const traffic = await db().selectFrom('campaign_traffic_types').selectAll().execute();
    const campaigns = await db().selectFrom('campaigns').select(['id', 'name', 'highlight', 'epc']).execute();
    const epcs = await recentEpcs();
    for (const c of body.campaigns) {
      const rate = rates.find((r) => r.campaign_id === c.campaign_id)!;
      const row = campaigns.find((r) => r.id === c.campaign_id)!;
      expect(c).toMatchObject({ name: row.name, rate: rate.rate, highlight: row.highlight ? 'Y' : 'N', thumbnail: `/api/images/campaigns/${c.campaign_id}` });
      // The network EPC of the last 30 days (the published one without clicks), 4 decimals.
      expect(c.epc, String(c.campaign_id)).toBeCloseTo(epcs.get(c.campaign_id)!, 3);
      expect(c.rate_type).toBe(rate.rate_type === 'F' ? '$ per lead' : '% of sale');
      // The wording itself is tested in tests/unit/shared/rateText.test.ts; here: the default rate's.
      expect(c.rate_text).toBe(rateText(rate.rate_type, rate.rate));
      const types = new Set(traffic.filter((x) => x.campaign_id === c.campaign_id).map((x) => x.traffic_type));
      expect(c.email_traffic).toBe(types.has('email') ? 'Y' : 'N');
      expect(c.social_media_traffic).toBe(types.has('social') ? 'Y' : 'N');
      expect(c.brand_bid_traffic).toBe(types.has('brand_bid') ? 'Y' : 'N');
    }
  });

  it('says in a summary whether the campaign is paused and when it expires', async () => {
    const own = await db()
      .selectFrom('bookmarks as b').innerJoin('campaigns as c', 'c.id', 'b.campaign_id').select('c.id')
      .where('b.affiliate_id', '=', DEMO).where('c.status', '<>', 'expired').orderBy('b.created_at', 'desc').orderBy('c.id').limit(2).execute();
    expect(own).toHaveLength(2);
    const [paused, expiring] = own.map((r) => r.id);
    const before = await db().selectFrom('campaigns').select(['id', 'status', 'expiry_date']).where('id', 'in', [paused, expiring]).execute();
    try {
      await db().updateTable('campaigns').set({ status: 'paused', expiry_date: null }).where('id', '=', paused).execute();
      await db().updateTable('campaigns').set({ status: 'active', expiry_date: addDaysTo(today(), 20) }).where('id', '=', expiring).execute();
      const body = await list('bookmarked', '?limit=50');
      expect(body.campaigns.find((c) => c.campaign_id === paused)).toMatchObject({ paused: 'Y', expiry_date: null });
      expect(body.campaigns.find((c) => c.campaign_id === expiring)).toMatchObject({ paused: 'N', expiry_date: addDaysTo(today(), 20) });
    } finally {
      for (const r of before) await db().updateTable('campaigns').set({ status: r.status, expiry_date: r.expiry_date }).where('id', '=', r.id).execute();
    }
  });

  it('pages from 0 with page and limit, and says whether more follow', async () => {
    const all = await list('new', '?page=0&limit=10');
    const first = await list('new', '?page=0&limit=5');
    const second = await list('new', '?page=1&limit=5');
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    expect(first.has_more).toBe(true);
    const active = await db().selectFrom('campaigns').select('id').where('status', '=', 'active').execute();
    const last = await list('new', `?page=${Math.floor((active.length - 1) / 5)}&limit=5`);
    expect(last.has_more).toBe(false);
    expect(last.campaigns.length).toBe(((active.length - 1) % 5) + 1);
    expect((await list('new', '?page=999&limit=30')).campaigns).toEqual([]);
    // Default: page 0, 30 per page (browse).
    expect((await list('new')).campaigns).toHaveLength(Math.min(30, active.length));
  });

  it('orders New by date added, active campaigns only', async () => {
    const rows = await db().selectFrom('campaigns').select('id').where('status', '=', 'active').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(12).execute();
    expect(ids(await list('new', '?limit=12'))).toEqual(rows.map((r) => r.id));
  });

  it("answers the affiliate's own lists in their order", async () => {
    const bookmarks = await db()
      .selectFrom('bookmarks as b').innerJoin('campaigns as c', 'c.id', 'b.campaign_id').select('c.id')
      .where('b.affiliate_id', '=', DEMO).where('c.status', '<>', 'expired').orderBy('b.created_at', 'desc').orderBy('c.id').execute();
    expect(ids(await list('bookmarked', '?limit=50'))).toEqual(bookmarks.map((r) => r.id));

    const approved = await db()
      .selectFrom('campaign_access as a').innerJoin('campaigns as c', 'c.id', 'a.campaign_id').select(['c.id', 'c.name'])
      .where('a.affiliate_id', '=', DEMO).where('a.status', '=', 'Approved').where('c.status', '<>', 'expired')
      .orderBy('a.updated_at', 'desc').orderBy('c.id').execute();
    expect(ids(await list('recentlyapproved', '?limit=5'))).toEqual(approved.slice(0, 5).map((r) => r.id));
    expect(ids(await list('recently-approved', '?limit=100'))).toEqual(approved.map((r) => r.id));
    const byName = (await list('approved', '?limit=100')).campaigns.map((c) => c.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(byName).toHaveLength(approved.length);

    const picks = await db()
      .selectFrom('campaign_access as a').innerJoin('campaigns as c', 'c.id', 'a.campaign_id').select('c.id')
      .where('a.affiliate_id', '=', DEMO).where('a.is_manager_pick', '=', true).where('c.status', '=', 'active').execute();
    expect(new Set(ids(await list('ampicks', '?limit=100')))).toEqual(new Set(picks.map((r) => r.id)));

    const views = await db()
      .selectFrom('campaign_views as v').innerJoin('campaigns as c', 'c.id', 'v.campaign_id').select('c.id')
      .where('v.affiliate_id', '=', DEMO).where('c.status', '<>', 'expired').orderBy('v.viewed_at', 'desc').orderBy('c.id').execute();
    expect(ids(await list('recently-viewed', '?limit=100'))).toEqual(views.map((r) => r.id));
  });

  it("never shows one affiliate another's lists", async () => {
    const other = await tokenFor(t.app, DEMO_ACCOUNTS.optional2fa);
    for (const name of ['bookmarked', 'recentlyapproved', 'ampicks', 'approved', 'recently-viewed']) {
      expect((await list(name, '?limit=100', other)).campaigns, name).toEqual([]);
    }
  });

  it('ranks Popular by the network recent earnings (volume x EPC), Top by recent EPC, Trending by last week', async () => {
    const today = dayInZone(new Date(), EASTERN_TIME_ZONE);
    const active = await db().selectFrom('campaigns').select(['id', 'is_gaming']).where('status', '=', 'active').orderBy('id', 'desc').execute();
    const [star, runnerUp, old, epcStar] = active.map((c) => c.id);
    const gaming = active.find((c) => c.is_gaming)?.id;
    // Another affiliate's traffic counts: the lists are the network's.
    const rows = [
      { day: today, affiliate_id: 100101, campaign_id: star, clicks: 50_000, leads: 9_000, earnings: 900_000 },
      { day: addDaysTo(today, -20), affiliate_id: 100101, campaign_id: runnerUp, clicks: 40_000, leads: 8_000, earnings: 800_000 },
      // Older than 30 days: not recent.
      { day: addDaysTo(today, -45), affiliate_id: 100101, campaign_id: old, clicks: 90_000, leads: 20_000, earnings: 5_000_000 },
      // Few clicks, very high EPC.
      { day: addDaysTo(today, -2), affiliate_id: 100101, campaign_id: epcStar, clicks: 10, leads: 5, earnings: 5_000 },
      ...(gaming ? [{ day: addDaysTo(today, -1), affiliate_id: 100101, campaign_id: gaming, clicks: 30_000, leads: 7_000, earnings: 700_000 }] : []),
    ];
    await db().insertInto('stats_daily').values(rows).execute();
    try {
      const popular = ids(await list('popular', '?limit=6'));
      expect(popular.slice(0, 2)).toEqual([star, runnerUp]);
      expect(popular).not.toContain(old);
      // Top shows the EPC it ranks by (5,000 / 10 clicks), so the list reads sorted.
      const top = await list('top', '?limit=6');
      expect(top.campaigns[0].campaign_id).toBe(epcStar);
      // 5,000 / 10 clicks, with whatever the demo history adds: far above any published EPC.
      expect(top.campaigns[0].epc).toBeCloseTo((await recentEpcs()).get(epcStar)!, 3);
      expect(top.campaigns[0].epc).toBeGreaterThan(10);
      const shown = top.campaigns.map((c) => c.epc);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      expect(ids(await list('trending', '?limit=1'))).toEqual([star]);
      if (gaming) {
        const games = await list('populargamingoffers', '?limit=50');
        expect(ids(games)[0]).toBe(gaming);
        const flags = await db().selectFrom('campaigns').select(['id', 'is_gaming']).where('id', 'in', ids(games)).execute();
        expect(flags.every((f) => f.is_gaming)).toBe(true);
      }
    } finally {
      await db().deleteFrom('stats_daily').where('affiliate_id', '=', 100101).execute();
    }
  });

  it("suggests campaigns of the affiliate's verticals that it does not run yet, best EPC first", async () => {
    const verticals = (await db().selectFrom('affiliate_target_verticals').select('subcategory_id').where('affiliate_id', '=', DEMO).execute()).map((r) => r.subcategory_id);
    expect(verticals.length).toBeGreaterThan(0);
    const body = await list('suggested', '?limit=100');
    expect(body.campaigns.length).toBeGreaterThan(0);
    const rows = await db().selectFrom('campaigns').select(['id', 'subcategory_id', 'status']).where('id', 'in', ids(body)).execute();
    for (const r of rows) {
      expect(verticals).toContain(r.subcategory_id);
      expect(r.status).toBe('active');
    }
    const access = await db().selectFrom('campaign_access').select(['campaign_id', 'status']).where('affiliate_id', '=', DEMO).execute();
    const statusOf = (id: number) => access.find((a) => a.campaign_id === id)?.status;
    // Never a rejected one; those not run yet first, then approved or pending ones.
    const running = body.campaigns.map((c) => ['Approved', 'Pending'].includes(statusOf(c.campaign_id) ?? ''));
    expect(body.campaigns.some((c) => statusOf(c.campaign_id) === 'Rejected')).toBe(false);
    expect(running).toEqual([...running].sort((a, b) => Number(a) - Number(b)));
    // Within each group by the network EPC of the last 30 days (the published EPC without traffic),
    // which is the EPC the cards show: the row reads sorted.
    const epcs = await recentEpcs();
    for (const group of [false, true]) {
      const shown = body.campaigns.filter((_, k) => running[k] === group);
      for (const c of shown) expect(c.epc, String(c.campaign_id)).toBeCloseTo(epcs.get(c.campaign_id)!, 3);
      const values = shown.map((c) => c.epc);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });

  it('suggests the popular ranking to an affiliate without verticals, never a rejected campaign', async () => {
    const verticals = (await db().selectFrom('affiliate_target_verticals').select('subcategory_id').where('affiliate_id', '=', DEMO).execute()).map((r) => r.subcategory_id);
    // survey@ has no survey answers and no approved campaign: no verticals to go by.
    const survey = await tokenFor(t.app, DEMO_ACCOUNTS.survey);
    const SURVEY = 100007;
    const popular = ids(await list('popular', '?limit=100', survey));
    expect(popular.length).toBeGreaterThan(2);
    expect(ids(await list('suggested', '?limit=6', survey))).toEqual(popular.slice(0, 6));
    // Rejected: left out; pending (already asked for): last, as with verticals.
    const [rejected, pending] = popular;
    await db().insertInto('campaign_access').values([
      { affiliate_id: SURVEY, campaign_id: rejected, status: 'Rejected', updated_at: new Date() },
      { affiliate_id: SURVEY, campaign_id: pending, status: 'Pending', updated_at: new Date() },
    ]).execute();
    try {
      const suggested = ids(await list('suggested', '?limit=100', survey));
      expect(suggested).toEqual([...popular.filter((id) => id !== rejected && id !== pending), pending]);
      // Once the survey is answered, its verticals decide (and the rejected one stays out).
      const save = await t.app.inject(withToken(survey, { method: 'POST', url: '/api/introSurvey/saveTargets', payload: { countries: ['US'], verticals } }));
      expect(save.statusCode).toBe(200);
      const byVerticals = ids(await list('suggested', '?limit=100', survey));
      expect(byVerticals.length).toBeGreaterThan(0);
      expect(byVerticals).not.toContain(rejected);
      const rows = await db().selectFrom('campaigns').select('subcategory_id').where('id', 'in', byVerticals).execute();
      for (const r of rows) expect(verticals).toContain(r.subcategory_id);
    } finally {
      await db().deleteFrom('campaign_access').where('affiliate_id', '=', SURVEY).execute();
      await db().deleteFrom('affiliate_target_verticals').where('affiliate_id', '=', SURVEY).execute();
      await db().deleteFrom('affiliate_target_countries').where('affiliate_id', '=', SURVEY).execute();
    }
  });

  it('refuses bad paging with a readable message, unknown lists with 404, and calls without a token', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['/api/campaigns/new?page=-1', 400, /^page: must be a whole number/],
      ['/api/campaigns/new?page=abc', 400, /^page: must be a whole number/],
      ['/api/campaigns/new?page=1.5', 400, /^page: must be a whole number/],
      ['/api/campaigns/new?limit=0', 400, /^limit: must be at least 1/],
      ['/api/campaigns/new?limit=101', 400, /^limit: must be at most 100/],
      ["/api/campaigns/new?limit=5'%20OR%201=1", 400, /^limit: /],
      // Beyond int4: a 400, never a database error.
      ['/api/campaigns/new?page=2147483648', 400, /^page: /],
      ['/api/campaigns/new?page=9999999999', 400, /^page: /],
      ['/api/campaigns/new?page=100001', 400, /^page: must be at most 100000/],
      ['/api/campaigns/new?limit=9999999999', 400, /^limit: /],
      ['/api/campaigns/everything', 404, /^This campaign list does not exist\./],
      ['/api/campaigns/%27%20OR%201=1', 404, /^This campaign list does not exist\./],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.app.inject(withToken(token, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toMatchObject({ success: false, errors: { code: status } });
      expect(res.json().errors.message, url).toMatch(message);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/campaigns/new' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`GET /api/search?q= (${testEngine})`, () => {
  const search = async (q: string) => {
    const res = await t.app.inject(withToken(token, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` }));
    expect(res.statusCode, res.body).toBe(200);
    return QuickSearchResponse.parse(res.json()).matchingCampaigns;
  };

  it('finds a campaign by #ID or by its number', async () => {
    const first = await db().selectFrom('campaigns').select(['id', 'name']).where('status', '<>', 'expired').orderBy('id').executeTakeFirstOrThrow();
    expect((await search(`#${first.id}`))[0]).toEqual({ campaign_id: first.id, name: first.name });
    expect((await search(String(first.id)))[0]).toEqual({ campaign_id: first.id, name: first.name });
  });

  it('finds campaigns by a part of the name, any case, at most 10', async () => {
    const c = await db().selectFrom('campaigns').select('name').where('status', '<>', 'expired').orderBy('id').executeTakeFirstOrThrow();
    const word = c.name.split(' ')[0];
    const found = await search(word.toUpperCase());
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(10);
    for (const m of found) expect(m.name.toLowerCase()).toContain(word.toLowerCase());
    expect(found.map((m) => m.name)).toContain(c.name);
    // A term in the middle of a name: " - " separates product and conversion point in every name.
    expect((await search(' - ')).length).toBe(10);
  });

  it('leaves expired campaigns out and takes wildcards and quotes literally', async () => {
    // The small demo network may have no expired campaign: make one, with a name found otherwise.
    const expired = await db().selectFrom('campaigns').select(['id', 'name', 'status']).where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    expect((await search(`#${expired.id}`)).map((m) => m.campaign_id)).toContain(expired.id);
    await db().updateTable('campaigns').set({ status: 'expired' }).where('id', '=', expired.id).execute();
    try {
      expect((await search(`#${expired.id}`)).map((m) => m.campaign_id)).not.toContain(expired.id);
      expect((await search(String(expired.id))).map((m) => m.campaign_id)).not.toContain(expired.id);
      expect((await search(expired.name)).map((m) => m.campaign_id)).not.toContain(expired.id);
    } finally {
      await db().updateTable('campaigns').set({ status: expired.status }).where('id', '=', expired.id).execute();
    }
    expect((await search(`#${expired.id}`)).map((m) => m.campaign_id)).toContain(expired.id);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search("' OR '1'='1")).toEqual([]);
    expect(await search('<script>')).toEqual([]);
    // Beyond int4: not an id, and no error.
    expect(await search('#9999999999')).toEqual([]);
    expect(await search('99999999999999')).toEqual([]);
  });

  it('refuses a blank or over-long term (without q, GET /search is the full search: tests/server/search.test.ts)', async () => {
    for (const [url, message] of [
      ['/api/search?q=', /^Please type a campaign name or ID\.$/],
      ['/api/search?q=%20%20', /^Please type a campaign name or ID\.$/],
      [`/api/search?q=${'x'.repeat(101)}`, /^Please search with at most 100 characters\.$/],
    ] as const) {
      const res = await t.app.inject(withToken(token, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.message, url).toMatch(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=abc' })).statusCode).toBe(401);
  });
});
