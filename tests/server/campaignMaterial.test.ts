import { describe, expect, it } from 'vitest';
import { CampaignDetailResponse, EmailSuppressionResponse } from '../../src/api/contract/campaignDetail';
import { ErrorEnvelope } from '../../src/api/contract/envelope';
import { buildApp } from '../../server/app';
import { creativeBaseFromEnv, loadConfig } from '../../server/config';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { testEngine, withToken } from './helpers';
import { t, token, db, get, detail, campaignWhere, withCampaignPageApp } from './campaignDetailFixture';

/** A campaign's material: e-mail suppression links, banner and landing page images, and CREATIVE_BASE_URL. */
withCampaignPageApp();

describe(`GET /api/emailSuppression (${testEngine})`, () => {
  it("answers the campaign's suppression links, 'No Links found' material when empty, 404 when m and o do not match", async () => {
    const listed = await db()
      .selectFrom('email_suppression_urls as u')
      .innerJoin('campaigns as c', 'c.id', 'u.campaign_id')
      .select(['c.id', 'c.advertiser_id'])
      .where('c.status', '<>', 'expired')
      .where('c.expiry_date', 'is', null)
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const res = await get(`/api/emailSuppression?m=${listed.advertiser_id}&o=${listed.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = EmailSuppressionResponse.parse(res.json());
    const urls = await db().selectFrom('email_suppression_urls').select('url').where('campaign_id', '=', listed.id).orderBy('id').execute();
    expect(body.urls).toEqual(urls);
    expect(body.urls.length).toBeGreaterThan(0);
    expect((await detail(listed.id)).email_restrictions.suppression).toBe('Y');

    const empty = await campaignWhere(async (c) => !(await db().selectFrom('email_suppression_urls').select('id').where('campaign_id', '=', c.id).executeTakeFirst()) && c.expiry_date === null);
    const emptyRow = await db().selectFrom('campaigns').select('advertiser_id').where('id', '=', empty).executeTakeFirstOrThrow();
    const none = await get(`/api/emailSuppression?m=${emptyRow.advertiser_id}&o=${empty}`);
    expect(EmailSuppressionResponse.parse(none.json()).urls).toEqual([]);

    for (const query of [`m=${listed.advertiser_id + 1}&o=${listed.id}`, `m=${listed.advertiser_id}&o=999999`]) {
      const missing = await get(`/api/emailSuppression?${query}`);
      expect(missing.statusCode, query).toBe(404);
      expect(ErrorEnvelope.parse(missing.json()).errors.message).toBe("This campaign doesn't exist.");
    }
    for (const query of ['m=abc&o=1001', 'm=1', 'o=1001', 'm=1&o=-3', 'm=1&o=99999999999']) {
      const bad = await get(`/api/emailSuppression?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(ErrorEnvelope.parse(bad.json()).errors.message, query).toMatch(/\.$/);
    }
  });

  it('the demo network shows the campaign page in every state', async () => {
    const campaigns = await db().selectFrom('campaigns').selectAll().execute();
    expect(campaigns.some((c) => c.highlight)).toBe(true);
    expect(campaigns.some((c) => c.status === 'expired')).toBe(true);
    expect(campaigns.some((c) => c.search_restrictions !== '')).toBe(true);
    expect(campaigns.some((c) => c.email_rules !== '' && c.email_suppression)).toBe(true);
    expect(campaigns.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Café Rewards /), expect.stringMatching(/^Crème Box /)]));
    const countries = await db().selectFrom('campaign_countries').select('campaign_id').execute();
    const perCampaign = new Map<number, number>();
    for (const r of countries) perCampaign.set(r.campaign_id, (perCampaign.get(r.campaign_id) ?? 0) + 1);
    expect(Math.max(...perCampaign.values())).toBeGreaterThan(5);
    // An e-mail campaign that announces a suppression list with no links (the modal's 'No Links found').
    const listed = new Set((await db().selectFrom('email_suppression_urls').select('campaign_id').execute()).map((r) => r.campaign_id));
    expect(campaigns.some((c) => c.email_suppression && !listed.has(c.id))).toBe(true);
    // Several landing pages on every campaign, one of them the default.
    const pages = await db().selectFrom('landing_pages').select(['campaign_id', 'is_default']).execute();
    for (const c of campaigns) {
      const mine = pages.filter((p) => p.campaign_id === c.id);
      expect(mine.length, String(c.id)).toBeGreaterThanOrEqual(2);
      expect(mine.filter((p) => p.is_default), String(c.id)).toHaveLength(1);
    }
  });
});

describe(`campaign page images (${testEngine})`, () => {
  it('serves banners in their real sizes and landing page screenshots, cached for a year', async () => {
    const id = await campaignWhere((c) => c.expiry_date === null);
    const c = await detail(id);
    for (const cr of c.creatives) {
      if (cr.type !== 'banner') continue;
      const res = await t.app.inject({ method: 'GET', url: cr.image });
      expect(res.statusCode, cr.image).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.body).toMatch(new RegExp(`^<svg [^>]*width="${cr.width}" height="${cr.height}"`));
      const download = await t.app.inject({ method: 'GET', url: cr.download });
      expect(download.headers['content-disposition']).toBe(`attachment; filename="banner-${cr.creative_id}-${cr.width}x${cr.height}.svg"`);
    }
    for (const lp of c.landing_pages) {
      const thumb = await t.app.inject({ method: 'GET', url: lp.thumbnail });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.body).toMatch(/^<svg [^>]*width="320" height="400"/);
      expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const full = await t.app.inject({ method: 'GET', url: lp.full });
      expect(full.body).toMatch(/^<svg [^>]*width="1024" height="1280"/);
    }
  });

  it('answers 404 for ids that do not match merchant and offer, 400 for malformed ones, never 500', async () => {
    const id = await campaignWhere((c) => c.expiry_date === null);
    const c = await detail(id);
    const banner = c.creatives.find((cr) => cr.type === 'banner')!;
    const text = c.creatives.find((cr) => cr.type === 'text')!;
    const m = c.details.advertiser_id;
    const lp = c.landing_pages[0].landing_page_id;
    for (const url of [
      `/cdn/creatives/${m + 1}/${id}/${banner.creative_id}.svg`,
      `/cdn/creatives/${m}/${id + 1}/${banner.creative_id}.svg`,
      `/cdn/creatives/${m}/${id}/999999.svg`,
      `/cdn/creatives/${m}/${id}/${text.creative_id}.svg`,
      `/cdn/landing-pages/${m + 1}/${id}/${lp}.svg`,
      `/cdn/landing-pages/${m}/${id}/999999-full.svg`,
      `/cdn/creatives/${m}/${id}/2147483647.svg`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of [
      `/cdn/creatives/${m}/${id}/${banner.creative_id}.png`,
      `/cdn/creatives/abc/${id}/${banner.creative_id}.svg`,
      `/cdn/creatives/${m}/${id}/99999999999.svg`,
      `/cdn/landing-pages/${m}/${id}/${lp}-huge.svg`,
      `/cdn/landing-pages/${m}/0/${lp}.svg`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).errors.message, url).toMatch(/^The .*\.$/);
    }
  });

  it('points the images at CREATIVE_BASE_URL when set, and lets the portal load them', async () => {
    const app = await buildApp({ db: db(), engine: t.database.engine, passwordCost: TEST_SCRYPT, creativeBaseUrl: 'https://cdn.example.com/assets' });
    try {
      await app.ready();
      const id = await campaignWhere((c) => c.expiry_date === null);
      const res = await app.inject(withToken(token, { method: 'GET', url: `/api/campaign/${id}` }));
      const c = CampaignDetailResponse.parse(res.json()).campaign;
      const banner = c.creatives.find((cr) => cr.type === 'banner')!;
      expect(banner.image).toBe(`https://cdn.example.com/assets/creatives/${c.details.advertiser_id}/${id}/${banner.creative_id}.svg`);
      expect(c.landing_pages[0].full).toMatch(/^https:\/\/cdn\.example\.com\/assets\/landing-pages\//);
      expect(String(res.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com/);
    } finally {
      await app.close();
    }
  });
});

describe('CREATIVE_BASE_URL', () => {
  it('defaults to the product\'s own /cdn and takes an http(s) URL or a path, without its trailing slash', () => {
    expect(loadConfig({}, []).creativeBaseUrl).toBe('/cdn');
    expect(loadConfig({ CREATIVE_BASE_URL: 'https://cdn.example.com/assets/' }, []).creativeBaseUrl).toBe('https://cdn.example.com/assets');
    expect(creativeBaseFromEnv('/static/cdn/')).toBe('/static/cdn');
    for (const bad of ['cdn.example.com', '//evil.example', 'javascript:alert(1)', 'ftp://cdn.example.com', '/a b']) {
      expect(() => creativeBaseFromEnv(bad), bad).toThrow(/CREATIVE_BASE_URL/);
    }
  });
});
