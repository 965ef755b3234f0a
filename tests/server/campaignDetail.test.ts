import { describe, expect, it } from 'vitest';
import { CampaignListResponse } from '../../src/api/contract/campaign';
import { CampaignDetailResponse } from '../../src/api/contract/campaignDetail';
import { ErrorEnvelope } from '../../src/api/contract/envelope';
import { recordView } from '../../server/modules/campaignDetail/queries';
import { testEngine } from './helpers';
import { t, otherToken, otherId, DEMO, db, get, post, detail, campaignWhere, keysOf, withCampaignPageApp } from './campaignDetailFixture';

/** The campaign page (GET /api/campaign/{id}), bookmarks and recently viewed campaigns. */
withCampaignPageApp();

describe(`GET /api/campaign/{id} (${testEngine})`, () => {
  it('answers every field of spec 000 section 3 from the database', async () => {
    const withInactive = await db()
      .selectFrom('campaign_rates as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
      .select('r.campaign_id')
      .where('r.status', '=', 'Inactive')
      .where('c.status', '=', 'active')
      .where((eb) => eb.or([eb('c.expiry_date', 'is', null), eb('c.expiry_date', '>', '2000-01-01')]))
      .orderBy('r.campaign_id')
      .executeTakeFirstOrThrow();
    const id = withInactive.campaign_id;
    const res = await get(`/api/campaign/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const raw = res.json() as { campaign: Record<string, unknown> };
    const c = CampaignDetailResponse.parse(raw).campaign;
    // Every field is there, nothing missing (the parse strips unknown keys, so compare the raw keys).
    for (const key of [
      'campaign_id', 'is_bookmarked', 'allowed_countries', 'all_countries', 'allowed_traffic_types', 'os_list', 'categories',
      'categories.category', 'categories.main_category_id', 'categories.subcategory', 'categories.subcategory_id', 'details',
      'details.name', 'details.thumbnail', 'details.cap', 'details.affiliate_cap', 'details.status', 'details.advertiser_id',
      'details.affiliate_campaign_status', 'details.epc', 'details.expiry_date', 'details.tracking_type',
      'details.supports_multiple_postback', 'details.description', 'details.landing_page_sample', 'details.geo_filtering',
      'details.os_filtering', 'details.desktop_traffic', 'details.mobile_traffic', 'commission', 'landing_pages', 'creatives',
      'search_restrictions', 'email_restrictions', 'email_restrictions.rules', 'email_restrictions.suppression',
      'email_restrictions.subject_lines', 'email_restrictions.from_lines', 'postback', 'postback.type', 'postback.code',
    ]) {
      expect(keysOf(raw.campaign), key).toContain(key);
    }

    const row = await db().selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sub = await db().selectFrom('subcategories').selectAll().where('id', '=', row.subcategory_id).executeTakeFirstOrThrow();
    const cat = await db().selectFrom('categories').selectAll().where('id', '=', sub.category_id).executeTakeFirstOrThrow();
    expect(c.campaign_id).toBe(id);
    expect(c.details.name).toBe(row.name);
    expect(c.details.description).toBe(row.description);
    expect(c.details.advertiser_id).toBe(row.advertiser_id);
    expect(c.details.status).toBe(row.by_request ? 'By Request' : 'Public');
    expect(c.details.tracking_type).toBe(row.tracking_type);
    expect(c.details.expiry_date).toBe(row.expiry_date);
    expect(c.details.cap).toBe(row.daily_cap);
    expect(c.details.paused).toBe('N');
    expect(c.details.landing_page_sample).toBe(row.preview_url);
    expect(c.categories).toEqual({ category: cat.name, main_category_id: cat.id, subcategory: sub.name, subcategory_id: sub.id });

    // Only Active rates, the default first.
    const active = await db().selectFrom('campaign_rates').selectAll().where('campaign_id', '=', id).where('status', '=', 'Active').execute();
    expect(c.commission.map((r) => r.rate_id).sort()).toEqual(active.map((r) => r.id).sort());
    expect(c.commission.every((r) => r.status === 'Active')).toBe(true);
    expect(c.commission[0].is_default).toBe('Y');

    // Countries, traffic types (first reading of the codes), systems.
    const countries = (await db().selectFrom('campaign_countries').select('country_code').where('campaign_id', '=', id).execute()).map((r) => r.country_code).sort();
    expect(c.allowed_countries).toEqual(countries);
    expect(c.all_countries).toBe(countries.length === 0 ? 'Y' : 'N');
    const traffic = new Set((await db().selectFrom('campaign_traffic_types').select('traffic_type').where('campaign_id', '=', id).execute()).map((r) => r.traffic_type));
    const codes = { R: 'search', L: 'social', S: 'display', C: 'contextual', E: 'email', I: 'incentive', M: 'mobile', N: 'native', B: 'brand_bid' } as const;
    for (const [code, type] of Object.entries(codes)) expect(c.allowed_traffic_types[code as keyof typeof codes], code).toBe(traffic.has(type) ? 'Y' : 'N');
    const os = (await db().selectFrom('campaign_os').select('os').where('campaign_id', '=', id).execute()).map((r) => r.os).sort();
    expect(c.os_list).toEqual(os);

    // Landing pages: several, one default (first), images on the CDN path of merchant and offer.
    expect(c.landing_pages.length).toBeGreaterThanOrEqual(2);
    expect(c.landing_pages.filter((l) => l.default_lp === 'Y')).toHaveLength(1);
    expect(c.landing_pages[0].default_lp).toBe('Y');
    for (const lp of c.landing_pages) {
      expect(lp.thumbnail).toBe(`/cdn/landing-pages/${row.advertiser_id}/${id}/${lp.landing_page_id}.svg`);
      expect(lp.full).toBe(`/cdn/landing-pages/${row.advertiser_id}/${id}/${lp.landing_page_id}-full.svg`);
      expect(lp.url).toMatch(/^https:\/\//);
    }

    // Creatives of the four types; banners in their real sizes.
    const types = new Set(c.creatives.map((cr) => cr.type));
    expect(types).toEqual(new Set(['banner', 'text', 'textEmail', 'htmlEmail']));
    const sizes = c.creatives.flatMap((cr) => (cr.type === 'banner' ? [`${cr.width}x${cr.height}`] : []));
    for (const size of ['160x600', '300x250', '300x600', '728x90', '468x60']) expect(sizes).toContain(size);
    for (const cr of c.creatives) {
      if (cr.type === 'banner') expect(cr.image).toBe(`/cdn/creatives/${row.advertiser_id}/${id}/${cr.creative_id}.svg`);
      if (cr.type === 'text') expect(cr.text.length).toBeGreaterThan(0);
      if (cr.type === 'textEmail' || cr.type === 'htmlEmail') expect(cr.subject.length).toBeGreaterThan(0);
    }
  });

  it("shows the affiliate's own status, cap, postback and bookmark, not another affiliate's", async () => {
    const approved = await db()
      .selectFrom('campaign_access as a')
      .innerJoin('campaigns as c', 'c.id', 'a.campaign_id')
      .select(['a.campaign_id', 'a.daily_cap', 'c.daily_cap as campaign_cap'])
      .where('a.affiliate_id', '=', DEMO)
      .where('a.status', '=', 'Approved')
      .where('c.status', '=', 'active')
      .where('c.expiry_date', 'is', null)
      .orderBy('a.campaign_id')
      .executeTakeFirstOrThrow();
    const id = approved.campaign_id;
    await db().deleteFrom('postbacks').where('affiliate_id', '=', DEMO).where('campaign_id', '=', id).execute();
    await db().insertInto('postbacks').values({ affiliate_id: DEMO, campaign_id: id, type: 'S', code: 'https://mine.example/pb?c={click_id}' }).execute();
    await db().insertInto('postbacks').values({ affiliate_id: otherId, campaign_id: id, type: 'L', code: 'https://theirs.example/pb' }).execute();
    await db().insertInto('bookmarks').values({ affiliate_id: DEMO, campaign_id: id }).onConflict((oc) => oc.doNothing()).execute();

    const mine = await detail(id);
    expect(mine.details.affiliate_campaign_status).toBe('Approved');
    expect(mine.details.affiliate_cap).toBe(approved.daily_cap ?? approved.campaign_cap);
    expect(mine.postback).toEqual({ type: 'S', code: 'https://mine.example/pb?c={click_id}' });
    expect(mine.is_bookmarked).toBe(true);

    const theirs = await detail(id, otherToken);
    expect(theirs.details.affiliate_campaign_status).toBe('Not requested');
    expect(theirs.details.affiliate_cap).toBe(approved.campaign_cap);
    expect(theirs.postback).toEqual({ type: 'L', code: 'https://theirs.example/pb' });
    expect(theirs.is_bookmarked).toBe(false);

    // Each access status of the demo affiliate reads as stored.
    for (const status of ['Pending', 'Rejected', 'Request approval to run'] as const) {
      const row = await db()
        .selectFrom('campaign_access as a')
        .innerJoin('campaigns as c', 'c.id', 'a.campaign_id')
        .select('a.campaign_id')
        .where('a.affiliate_id', '=', DEMO)
        .where('a.status', '=', status)
        .where('c.status', '<>', 'expired')
        .where((eb) => eb.or([eb('c.expiry_date', 'is', null), eb('c.expiry_date', '>', '2100-01-01'), eb('c.expiry_date', '>', new Date().toISOString().slice(0, 10))]))
        .executeTakeFirst();
      if (row) expect((await detail(row.campaign_id)).details.affiliate_campaign_status, status).toBe(status);
    }
    // Without a postback of its own: type '' (the global postback applies).
    await db().deleteFrom('postbacks').where('affiliate_id', '=', otherId).execute();
    expect((await detail(id, otherToken)).postback).toEqual({ type: '', code: '' });
  });

  it("answers 404 'This campaign doesn't exist.' for an unknown or expired campaign, and opens a paused one", async () => {
    const expectMissing = async (id: number) => {
      const res = await get(`/api/campaign/${id}`);
      expect(res.statusCode, `campaign ${id}`).toBe(404);
      expect(ErrorEnvelope.parse(res.json()).errors.message).toBe("This campaign doesn't exist.");
    };
    await expectMissing(999_999);
    await expectMissing(2_147_483_647);
    const expired = await db().selectFrom('campaigns').select('id').where('status', '=', 'expired').orderBy('id').executeTakeFirst();
    if (expired) await expectMissing(expired.id);

    // An active campaign whose expiry day has passed is expired too (as the tracking engine sees it).
    const id = await campaignWhere((c) => c.expiry_date === null);
    await db().updateTable('campaigns').set({ expiry_date: '2020-01-01' }).where('id', '=', id).execute();
    await expectMissing(id);
    await db().updateTable('campaigns').set({ expiry_date: '2999-12-31' }).where('id', '=', id).execute();
    expect((await detail(id)).details.expiry_date).toBe('2999-12-31');
    await db().updateTable('campaigns').set({ expiry_date: null, status: 'paused' }).where('id', '=', id).execute();
    expect((await detail(id)).details.paused).toBe('Y');
    await db().updateTable('campaigns').set({ status: 'active' }).where('id', '=', id).execute();
  });

  it('refuses ids that are not campaign ids with a readable 400', async () => {
    for (const bad of ['abc', '12abc', '0', '-1', '99999999999', '2147483648', '1.5']) {
      const res = await get(`/api/campaign/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      const message = ErrorEnvelope.parse(res.json()).errors.message;
      expect(message, bad).toMatch(/^The campaign ID (must be a positive whole number|is too large to be one of ours)\.$/);
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/campaign/1001' });
    expect(res.statusCode).toBe(401);
  });
});

describe(`bookmarks (${testEngine})`, () => {
  it('adds and removes idempotently, reflected in the Bookmarked list and the page', async () => {
    const id = await campaignWhere(async (c) => {
      const b = await db().selectFrom('bookmarks').select('campaign_id').where('affiliate_id', '=', DEMO).where('campaign_id', '=', c.id).executeTakeFirst();
      return !b && c.expiry_date === null;
    });
    const bookmarked = async () => {
      const res = await get('/api/campaigns/bookmarked?page=0&limit=100');
      return CampaignListResponse.parse(res.json()).campaigns.map((c) => c.campaign_id);
    };
    for (let k = 0; k < 2; k++) {
      const res = await post(`/api/campaign/${id}/addBookmark`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    expect(await db().selectFrom('bookmarks').select('campaign_id').where('affiliate_id', '=', DEMO).where('campaign_id', '=', id).execute()).toHaveLength(1);
    expect((await bookmarked())[0]).toBe(id);
    expect((await detail(id)).is_bookmarked).toBe(true);
    // Another affiliate's page and list are untouched.
    expect((await detail(id, otherToken)).is_bookmarked).toBe(false);

    for (let k = 0; k < 2; k++) {
      const res = await post(`/api/campaign/${id}/removeBookmark`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    expect(await bookmarked()).not.toContain(id);
    expect((await detail(id)).is_bookmarked).toBe(false);
  });

  it('answers 404 for an unknown campaign and 400 for a bad id', async () => {
    for (const action of ['addBookmark', 'removeBookmark']) {
      const missing = await post(`/api/campaign/999999/${action}`);
      expect(missing.statusCode).toBe(404);
      expect(ErrorEnvelope.parse(missing.json()).errors.message).toBe("This campaign doesn't exist.");
      expect((await post(`/api/campaign/abc/${action}`)).statusCode).toBe(400);
    }
    const expired = await db().selectFrom('campaigns').select('id').where('status', '=', 'expired').orderBy('id').executeTakeFirst();
    if (expired) expect((await post(`/api/campaign/${expired.id}/addBookmark`)).statusCode).toBe(404);
  });
});

describe(`recently viewed (${testEngine})`, () => {
  it('records the opened campaign first in Recently Viewed', async () => {
    const recent = async () => {
      const res = await get('/api/campaigns/recently-viewed?page=0&limit=100');
      return CampaignListResponse.parse(res.json()).campaigns.map((c) => c.campaign_id);
    };
    const ids = (await db().selectFrom('campaigns').select('id').where('status', '=', 'active').where('expiry_date', 'is', null).orderBy('id').limit(3).execute()).map((r) => r.id);
    for (const id of ids) await detail(id);
    expect((await recent()).slice(0, 3)).toEqual([...ids].reverse());
    // Opening again moves it to the front without a second row.
    await detail(ids[0]);
    expect((await recent())[0]).toBe(ids[0]);
    const rows = await db().selectFrom('campaign_views').select('campaign_id').where('affiliate_id', '=', DEMO).where('campaign_id', '=', ids[0]).execute();
    expect(rows).toHaveLength(1);
    // A 404 records nothing.
    const before = await db().selectFrom('campaign_views').select('campaign_id').where('affiliate_id', '=', DEMO).execute();
    await get('/api/campaign/999999');
    expect(await db().selectFrom('campaign_views').select('campaign_id').where('affiliate_id', '=', DEMO).execute()).toHaveLength(before.length);
  });

  it('keeps only the newest views of an affiliate', async () => {
    const ids = (await db().selectFrom('campaigns').select('id').orderBy('id').limit(6).execute()).map((r) => r.id);
    const base = Date.now();
    for (const [k, id] of ids.entries()) await recordView(db(), otherId, id, new Date(base + k * 1000), 4);
    const kept = await db().selectFrom('campaign_views').select('campaign_id').where('affiliate_id', '=', otherId).orderBy('viewed_at', 'desc').execute();
    expect(kept.map((r) => r.campaign_id)).toEqual(ids.slice(2).reverse());
  });
});
