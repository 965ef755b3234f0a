import { describe, expect, it } from 'vitest';
import { NewsResponse, NotificationsResponse, SliderResponse } from '../../src/api/contract/content';
import { USAGE_EVENTS_PER_MINUTE } from '../../server/modules/content/routes';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { dayInZone, EASTERN_TIME_ZONE } from '../../src/shared/dates';
import { testEngine, tokenFor, withToken } from './helpers';
import { demo, other as telegram, t, withSignedInApp } from './signedInApp';

withSignedInApp(DEMO_ACCOUNTS.telegram);

const get = (token: string, url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
const dismiss = (token: string, payload: unknown) =>
  t.app.inject(withToken(token, { method: 'POST', url: '/api/affiliate/notifications', payload: payload as object }));
const notifications = async (token: string) => {
  const res = await get(token, '/api/affiliate/notifications');
  expect(res.statusCode).toBe(200);
  return NotificationsResponse.parse(res.json()).notifications;
};

describe(`GET /api/news (${testEngine})`, () => {
  it('answers the news newest first, with YYYY-MM-DD dates, up to today', async () => {
    // A scheduled item (tomorrow) is not shown yet.
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await t.database.db.insertInto('news').values({ type: 'alert', news_date: tomorrow, body_html: '<p>Scheduled</p>' }).execute();
    const res = await get(demo, '/api/news');
    expect(res.statusCode).toBe(200);
    const news = NewsResponse.parse(res.json()).news_updates;
    expect(news.length).toBe(12);
    const today = dayInZone(new Date(), EASTERN_TIME_ZONE);
    for (const n of news) {
      expect(n.news_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(n.news_date <= today).toBe(true);
      expect(n.key_id).toBe(n.id);
      expect(['alert', 'reminder', 'other']).toContain(n.type);
      expect(n.news).toMatch(/^<p>/);
    }
    const dates = news.map((n) => n.news_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body).not.toContain('Scheduled');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/news' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, errors: { code: 401 } });
  });
});

describe(`notifications (${testEngine})`, () => {
  it("answers the network's and the affiliate's own notifications, never another's", async () => {
    const mine = await notifications(demo);
    expect(mine).toHaveLength(3);
    expect(mine[0].news).toMatch(/your request to run campaign/);
    const theirs = await notifications(telegram);
    expect(theirs).toHaveLength(3);
    expect(theirs[0].news).toMatch(/onboarding call/);
    const privateId = theirs[0].news_id;
    expect(mine.map((n) => n.news_id)).not.toContain(privateId);
    // Expired and future notifications are not shown.
    await t.database.db.insertInto('notifications').values([
      { body_html: '<p>Expired</p>', expires_at: new Date(Date.now() - 60_000), created_at: new Date(Date.now() - 86_400_000) },
      { body_html: '<p>Future</p>', created_at: new Date(Date.now() + 86_400_000) },
    ]).execute();
    expect((await notifications(demo)).map((n) => n.news)).not.toContain('<p>Expired</p>');
    expect((await notifications(demo)).map((n) => n.news)).not.toContain('<p>Future</p>');
  });

  it('dismisses one notification for good (it stays gone on the next load)', async () => {
    const [first] = await notifications(demo);
    const res = await dismiss(demo, { news_id: first.news_id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, dismissed: 1 });
    expect((await notifications(demo)).map((n) => n.news_id)).not.toContain(first.news_id);
    // A second dismissal is harmless, and a digit string is accepted too.
    expect((await dismiss(demo, { news_id: String(first.news_id) })).json()).toEqual({ success: true, dismissed: 0 });
    // Other affiliates still see a network-wide notification the demo dismissed.
    const global = (await notifications(demo))[0];
    await dismiss(demo, { news_id: global.news_id });
    expect((await notifications(telegram)).map((n) => n.news_id)).toContain(global.news_id);
  });

  it("cannot dismiss another affiliate's notification, or one that does not exist", async () => {
    const [theirs] = await notifications(telegram);
    const before = await t.database.db.selectFrom('notification_dismissals').selectAll().execute();
    for (const news_id of [theirs.news_id, 999999]) {
      const res = await dismiss(demo, { news_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, errors: { message: 'This notification does not exist.', code: 404 } });
    }
    expect(await t.database.db.selectFrom('notification_dismissals').selectAll().execute()).toEqual(before);
    expect((await notifications(telegram)).map((n) => n.news_id)).toContain(theirs.news_id);
  });

  it("Clear All dismisses every notification of the caller only", async () => {
    const before = await notifications(telegram);
    expect(before.length).toBeGreaterThan(0);
    const res = await dismiss(telegram, { news_id: 'all' });
    expect(res.json()).toEqual({ success: true, dismissed: before.length });
    expect(await notifications(telegram)).toEqual([]);
    expect((await dismiss(telegram, { news_id: 'all' })).json()).toEqual({ success: true, dismissed: 0 });
    const others = await notifications(await tokenFor(t.app, DEMO_ACCOUNTS.badMail));
    expect(others.length).toBeGreaterThan(0);
  });

  it('cannot dismiss a notification before it is published (404, nothing written)', async () => {
    const [future] = await t.database.db
      .insertInto('notifications')
      .values({ body_html: '<p>Scheduled pop-up</p>', created_at: new Date(Date.now() + 3600_000) })
      .returning('id')
      .execute();
    const before = await t.database.db.selectFrom('notification_dismissals').selectAll().execute();
    for (const news_id of [future.id, String(future.id)]) {
      const res = await dismiss(demo, { news_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, errors: { message: 'This notification does not exist.', code: 404 } });
    }
    expect(await t.database.db.selectFrom('notification_dismissals').selectAll().execute()).toEqual(before);
    // Once published it shows, and can then be dismissed.
    await t.database.db.updateTable('notifications').set({ created_at: new Date(Date.now() - 1000) }).where('id', '=', future.id).execute();
    expect((await notifications(demo)).map((n) => n.news_id)).toContain(future.id);
    expect((await dismiss(demo, { news_id: future.id })).json()).toEqual({ success: true, dismissed: 1 });
  });

  it('refuses bad input with a readable message and changes nothing', async () => {
    const before = await t.database.db.selectFrom('notification_dismissals').selectAll().execute();
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /^body: /],
      [{}, /^news_id: /],
      [{ news_id: 'abc' }, /^news_id: must be a notification id or 'all'/],
      [{ news_id: -1 }, /^news_id: /],
      [{ news_id: 0 }, /^news_id: /],
      [{ news_id: 1.5 }, /^news_id: /],
      [{ news_id: "1' OR '1'='1" }, /^news_id: /],
      [{ news_id: 'ALL' }, /^news_id: /],
      [{ news_id: 1e12 }, /^news_id: /],
      [{ news_id: '9999999999' }, /^news_id: /],
      [{ news_id: 2147483648 }, /^news_id: /],
      [[1], /^body: /],
    ];
    for (const [payload, message] of cases) {
      const res = await dismiss(demo, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await t.database.db.selectFrom('notification_dismissals').selectAll().execute()).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/affiliate/notifications', payload: { news_id: 'all' } })).statusCode).toBe(401);
  });
});

describe(`GET /api/campaignSlider (${testEngine})`, () => {
  it('answers the active slides, pinned first, with their campaign and rate', async () => {
    const res = await get(demo, '/api/campaignSlider');
    expect(res.statusCode).toBe(200);
    const { sliders } = SliderResponse.parse(res.json());
    expect(sliders).toHaveLength(6);
    expect(sliders[0].pinned).toBe('Y');
    expect(sliders.slice(1).every((s) => s.pinned === 'N')).toBe(true);
    const campaigns = await t.database.db.selectFrom('campaigns').select(['id', 'name']).execute();
    for (const s of sliders) {
      expect(s.campaign_name).toBe(campaigns.find((c) => c.id === s.campaign_id)?.name);
      expect(s.url).toBe(`/campaign/${s.campaign_id}`);
      expect(s.image).toMatch(/^\/api\/images\/slider\/\d+\?size=full$/);
      expect(s.thumbnail).toMatch(/^\/api\/images\/slider\/\d+\?size=thumb$/);
      expect(s.rate).toBeGreaterThan(0);
    }
    // A pinned slide added later still comes first; an inactive one is not shown.
    const last = sliders[sliders.length - 1];
    await t.database.db.updateTable('slider_items').set({ pinned: false }).execute();
    const row = await t.database.db.selectFrom('slider_items').select('id').where('campaign_id', '=', last.campaign_id).executeTakeFirstOrThrow();
    await t.database.db.updateTable('slider_items').set({ pinned: true }).where('id', '=', row.id).execute();
    await t.database.db.updateTable('slider_items').set({ active: false }).where('campaign_id', '=', sliders[1].campaign_id).execute();
    const after = SliderResponse.parse((await get(demo, '/api/campaignSlider')).json()).sliders;
    expect(after[0]).toMatchObject({ campaign_id: last.campaign_id, pinned: 'Y' });
    expect(after.map((s) => s.campaign_id)).not.toContain(sliders[1].campaign_id);
    expect(after).toHaveLength(5);
  });

  it('answers a slide url only when it is a path inside the portal (src/shared/safeLink.ts), else the campaign page', async () => {
    const slides = await t.database.db
      .selectFrom('slider_items as s').innerJoin('campaigns as c', 'c.id', 's.campaign_id')
      .select(['s.id', 's.campaign_id']).where('s.active', '=', true).where('c.status', '=', 'active').orderBy('s.id').execute();
    const urls: Array<[string, string | null]> = [
      ['/browse/new', '/browse/new'],
      ['/campaign/1001?tab=creatives#top', '/campaign/1001?tab=creatives#top'],
      ['https://evil.example/phish', null],
      ['//evil.example/phish', null],
      ['/\\evil.example/phish', null],
      ['javascript:alert(1)', null],
      // Trimmed, as browsers do with an href; the portal applies the same rule.
      [' /browse/new ', '/browse/new'],
      ['/a b', '/a%20b'],
      ['/browse/new\tjavascript:', null],
      ['campaign/12', null],
      ['', null],
    ];
    expect(slides.length).toBeGreaterThan(0);
    try {
      for (const [stored, answered] of urls) {
        await t.database.db.updateTable('slider_items').set({ url: stored, active: true }).where('id', '=', slides[0].id).execute();
        const { sliders } = SliderResponse.parse((await get(demo, '/api/campaignSlider')).json());
        const slide = sliders.find((s) => s.campaign_id === slides[0].campaign_id);
        expect(slide?.url, JSON.stringify(stored)).toBe(answered ?? `/campaign/${slides[0].campaign_id}`);
      }
    } finally {
      await t.database.db.updateTable('slider_items').set({ url: '' }).where('id', '=', slides[0].id).execute();
    }
  });
});

describe(`usage tracking (${testEngine})`, () => {
  const track = (token: string | null, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/usage/event?${query}`, headers: token ? { 'x-app-token': token } : {} });

  it("records a menu click of the signed-in affiliate", async () => {
    const res = await track(demo, 'source=portal&platform=desktop&page=%2Fdashboard&userID=100001&element_type=menu&reference_type=link&reference_name=Reports');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await t.database.db.selectFrom('usage_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ affiliate_id: 100001, source: 'portal', platform: 'desktop', page: '/dashboard', element_type: 'menu', reference_type: 'link', reference_id: '', reference_name: 'Reports' });
  });

  it("refuses another affiliate's id, missing fields and calls without a token", async () => {
    const count = async () => (await t.database.db.selectFrom('usage_events').select('id').execute()).length;
    const before = await count();
    const other = await track(demo, 'source=portal&platform=desktop&page=%2Fdashboard&userID=100002');
    expect(other.statusCode).toBe(403);
    expect(other.json().errors.message).toMatch(/^userID: /);
    for (const [query, message] of [
      ['platform=desktop&page=%2F&userID=100001', /^source: is required/],
      ['source=portal&platform=desktop&page=%2F', /^userID: is required/],
      ['source=portal&platform=desktop&page=%2F&userID=abc', /^userID: must be an affiliate id/],
      [`source=portal&platform=desktop&page=%2F&userID=100001&reference_name=${'x'.repeat(201)}`, /^reference_name: is too long/],
      // Beyond int4 or zero: not an affiliate id (400), rather than another affiliate's (403).
      ['source=portal&platform=desktop&page=%2F&userID=9999999999', /^userID: must be an affiliate id/],
      ['source=portal&platform=desktop&page=%2F&userID=2147483648', /^userID: must be an affiliate id/],
      ['source=portal&platform=desktop&page=%2F&userID=0', /^userID: must be an affiliate id/],
    ] as const) {
      const res = await track(demo, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.message, query).toMatch(message);
    }
    expect((await track(null, 'source=portal&platform=desktop&page=%2F&userID=100001')).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('limits usage events to 120 a minute per affiliate, not per address', async () => {
    const flooder = await tokenFor(t.app, DEMO_ACCOUNTS.noMobile);
    const query = 'source=portal&platform=desktop&page=%2Fdashboard&userID=100010';
    const count = async () => (await t.database.db.selectFrom('usage_events').select('id').where('affiliate_id', '=', 100010).execute()).length;
    const statuses: number[] = [];
    for (let k = 0; k < USAGE_EVENTS_PER_MINUTE; k++) statuses.push((await track(flooder, query)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await track(flooder, query);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ success: false, errors: { code: 429, message: expect.stringMatching(/^Too many requests/) } });
    expect(await count()).toBe(USAGE_EVENTS_PER_MINUTE);
    // Another session of the same affiliate shares the budget; another affiliate on the same
    // address does not.
    expect((await track(await tokenFor(t.app, DEMO_ACCOUNTS.noMobile), query)).statusCode).toBe(429);
    expect((await track(demo, 'source=portal&platform=desktop&page=%2Fdashboard&userID=100001')).statusCode).toBe(200);
    // Other routes keep the global limit.
    expect((await get(flooder, '/api/news')).statusCode).toBe(200);
  });
});
