import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TrackingLinkResponse } from '../../src/api/contract/tracking';
import { landingUrl } from '../../server/modules/tracking/landingUrl';
import { parseUserAgent } from '../../server/modules/tracking/userAgent';
import { testEngine } from './helpers';
import { campaign, FALLBACK, t, token, WINDOWS, withTrackingApp } from './trackingApp';
import { buildLink, codeOf, countRows, DEMO_AFFILIATE, rollupTotals } from './trackingFixtures';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

let link: string;

withTrackingApp({ countryHeader: 'x-country', clickBatchDelayMs: 1 });

const click = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': WINDOWS, ...headers }, remoteAddress: '203.0.113.9' });

describe(`POST /api/trackinglink (${testEngine})`, () => {
  it('builds {TRACKING_BASE_URL}/go/{code} with the sub IDs as query parameters', async () => {
    const { res, body } = await buildLink(t.app, token, {
      campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, lpid: campaign.landingPageId,
      sub1: 'fb feed', sub2: 'a&b', sub3: '', sub4: '', sub5: '', safesearch: false,
    });
    expect(res.statusCode).toBe(200);
    const parsed = TrackingLinkResponse.parse(body);
    expect(parsed.withTrafficAndCreative).toBe(true);
    link = parsed['tracking-link'];
    const url = new URL(link);
    expect(url.origin).toBe('https://trk.example');
    expect(url.pathname).toMatch(/^\/go\/[A-Za-z0-9_-]{22}$/);
    expect(url.searchParams.get('sub1')).toBe('fb feed');
    expect(url.searchParams.get('sub2')).toBe('a&b');
    expect(url.searchParams.has('sub3')).toBe(false);
    // Rebuilding the same link gives the same code; another creative gives another one.
    const again = await buildLink(t.app, token, { campaign_id: String(campaign.id), traffic_type: campaign.trafficCode, creative_id: String(campaign.creativeId), lpid: campaign.landingPageId });
    expect(codeOf(again.body['tracking-link'] as string)).toBe(codeOf(link));
    const raw = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: -1 });
    expect(raw.body.withTrafficAndCreative).toBe(true);
    expect(codeOf(raw.body['tracking-link'] as string)).not.toBe(codeOf(link));
  });

  it('is not ready until both a traffic type and a creative are chosen', async () => {
    for (const payload of [
      { campaign_id: campaign.id, traffic_type: '', creative_id: campaign.creativeId },
      { campaign_id: campaign.id, traffic_type: campaign.trafficCode },
      { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: '' },
    ]) {
      const { res, body } = await buildLink(t.app, token, payload);
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({ success: true, 'tracking-link': '', withTrafficAndCreative: false });
    }
  });

  it('refuses unknown traffic codes, foreign creatives and landing pages, and campaigns not approved', async () => {
    const links = await countRows(t.database.db, 'tracking_links');
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ campaign_id: campaign.id, traffic_type: 'X', creative_id: campaign.creativeId }, 400, /traffic_type: unknown traffic type code "X"/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.otherCampaignCreative }, 400, /creative_id: this creative does not belong/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: -9 }, 400, /creative_id/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, lpid: campaign.otherCampaignLanding }, 400, /lpid: this landing page does not belong/],
      [{ campaign_id: 999999, traffic_type: 'E', creative_id: 1 }, 404, /doesn't exist/],
      [{ campaign_id: 'abc', traffic_type: 'E' }, 400, /campaign_id/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, sub1: 'x'.repeat(300) }, 400, /sub1: is too long/],
    ];
    for (const [payload, status, message] of cases) {
      const { res, body } = await buildLink(t.app, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect((body.errors as { message: string }).message).toMatch(message);
    }
    const notApproved = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('id', 'not in', t.database.db.selectFrom('campaign_access').select('campaign_id').where('affiliate_id', '=', DEMO_AFFILIATE).where('status', '=', 'Approved'))
      .executeTakeFirstOrThrow();
    const refused = await buildLink(t.app, token, { campaign_id: notApproved.id, traffic_type: 'E', creative_id: -1 });
    expect(refused.res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/trackinglink', payload: { campaign_id: campaign.id } });
    expect(anonymous.statusCode).toBe(401);
    expect(await countRows(t.database.db, 'tracking_links')).toBe(links);
  });

  it('finds a wrong traffic type for the campaign', async () => {
    const allowed = await t.database.db.selectFrom('campaign_traffic_types').select('traffic_type').where('campaign_id', '=', campaign.id).execute();
    const names = new Set<string>(allowed.map((r) => r.traffic_type));
    const codes: Record<string, string> = { C: 'contextual', S: 'display', R: 'search', L: 'social', N: 'native', M: 'mobile', E: 'email', I: 'incentive', B: 'brand_bid' };
    const missing = Object.entries(codes).find(([, name]) => !names.has(name));
    if (!missing) return;
    const { res, body } = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: missing[0], creative_id: campaign.creativeId });
    expect(res.statusCode).toBe(400);
    expect((body.errors as { message: string }).message).toMatch(/does not allow/);
  });
});

describe(`GET /go/{code} (${testEngine})`, () => {
  it('records the click and its rollup, then redirects to the landing page with macros filled', async () => {
    const before = await rollupTotals(t.database.db, campaign.id);
    const clicks = await countRows(t.database.db, 'clicks');
    const path = new URL(link).pathname + new URL(link).search;
    const res = await click(path, { 'x-country': 'us', referer: 'https://blog.example/post' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://lp.example/offer');
    const clickId = location.searchParams.get('cid')!;
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(location.searchParams.get('aff')).toBe(String(DEMO_AFFILIATE));
    expect(location.searchParams.get('s1')).toBe('fb feed');
    expect(location.searchParams.get('s2')).toBe('a&b');
    expect(String(res.headers['set-cookie'])).toContain(`pp_ck_${campaign.id}=${clickId}`);
    const row = await t.database.db.selectFrom('clicks').selectAll().where('click_key', '=', clickId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, creative_id: campaign.creativeId, landing_page_id: campaign.landingPageId,
      sub1: 'fb feed', sub2: 'a&b', ip: '203.0.113.9', country_code: 'US', device: 'Desktop', os: 'Windows', browser: 'Chrome',
      referrer: 'https://blog.example/post',
    });
    expect(await countRows(t.database.db, 'clicks')).toBe(clicks + 1);
    expect(await rollupTotals(t.database.db, campaign.id)).toEqual({ ...before, clicks: before.clicks + 1 });
  });

  it('gives every click its own id', async () => {
    const path = new URL(link).pathname;
    const answers = await Promise.all(Array.from({ length: 20 }, () => click(path)));
    const ids = answers.map((r) => new URL(r.headers.location as string).searchParams.get('cid'));
    expect(answers.every((r) => r.statusCode === 302)).toBe(true);
    expect(new Set(ids).size).toBe(20);
  });

  it('sends tampered, truncated, random and unknown codes to the fallback, recording nothing', async () => {
    const code = codeOf(link);
    const flipped = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    const clicks = await countRows(t.database.db, 'clicks');
    for (const bad of [flipped, code.slice(0, 21), code.slice(0, 10), randomBytes(16).toString('base64url'), 'not-a-code', `${code}x`, '%00%27--', 'a'.repeat(90)]) {
      const res = await click(`/go/${bad}`);
      expect(res.statusCode, bad).toBe(302);
      expect(res.headers.location).toBe(FALLBACK);
    }
    expect(await countRows(t.database.db, 'clicks')).toBe(clicks);
  });

  it('sends clicks of paused or expired campaigns, or of affiliates no longer approved, to the fallback', async () => {
    const path = new URL(link).pathname;
    const db = t.database.db;
    const clicks = await countRows(db, 'clicks');
    try {
      await db.updateTable('campaigns').set({ status: 'paused' }).where('id', '=', campaign.id).execute();
      expect((await click(path)).headers.location).toBe(FALLBACK);
      await db.updateTable('campaigns').set({ status: 'active', expiry_date: '2020-01-01' }).where('id', '=', campaign.id).execute();
      expect((await click(path)).headers.location).toBe(FALLBACK);
      await db.updateTable('campaigns').set({ expiry_date: null }).where('id', '=', campaign.id).execute();
      await db.updateTable('campaign_access').set({ status: 'Pending' }).where('campaign_id', '=', campaign.id).where('affiliate_id', '=', DEMO_AFFILIATE).execute();
      expect((await click(path)).headers.location).toBe(FALLBACK);
    } finally {
      await db.updateTable('campaigns').set({ status: 'active', expiry_date: null }).where('id', '=', campaign.id).execute();
      await db.updateTable('campaign_access').set({ status: 'Approved' }).where('campaign_id', '=', campaign.id).where('affiliate_id', '=', DEMO_AFFILIATE).execute();
    }
    expect(await countRows(db, 'clicks')).toBe(clicks);
    expect((await click(path)).headers.location).toMatch(/^https:\/\/lp\.example\//);
  });

  it('applies the country, device and OS rules', async () => {
    const path = new URL(link).pathname;
    const db = t.database.db;
    try {
      await db.updateTable('campaigns').set({ geo_filtering: true }).where('id', '=', campaign.id).execute();
      await db.deleteFrom('campaign_countries').where('campaign_id', '=', campaign.id).execute();
      await db.insertInto('campaign_countries').values([{ campaign_id: campaign.id, country_code: 'US' }, { campaign_id: campaign.id, country_code: 'CA' }]).execute();
      expect((await click(path, { 'x-country': 'DE' })).headers.location).toBe(FALLBACK);
      expect((await click(path)).headers.location).toBe(FALLBACK); // unknown country
      expect((await click(path, { 'x-country': 'CA' })).headers.location).toMatch(/^https:\/\/lp\.example\//);
      await db.updateTable('campaigns').set({ geo_filtering: false, mobile_traffic: false }).where('id', '=', campaign.id).execute();
      expect((await click(path, { 'user-agent': IPHONE })).headers.location).toBe(FALLBACK);
      expect((await click(path)).headers.location).toMatch(/^https:\/\/lp\.example\//);
      await db.updateTable('campaigns').set({ mobile_traffic: true, os_filtering: true }).where('id', '=', campaign.id).execute();
      await db.deleteFrom('campaign_os').where('campaign_id', '=', campaign.id).execute();
      await db.insertInto('campaign_os').values({ campaign_id: campaign.id, os: 'iOS' }).execute();
      expect((await click(path)).headers.location).toBe(FALLBACK);
      const mobile = await click(path, { 'user-agent': IPHONE });
      expect(mobile.headers.location).toMatch(/^https:\/\/lp\.example\//);
      const row = await db.selectFrom('clicks').select(['device', 'os']).where('click_key', '=', new URL(mobile.headers.location as string).searchParams.get('cid')!).executeTakeFirstOrThrow();
      expect(row).toEqual({ device: 'Mobile', os: 'iOS' });
    } finally {
      await db.updateTable('campaigns').set({ geo_filtering: false, mobile_traffic: true, os_filtering: false }).where('id', '=', campaign.id).execute();
    }
  });

  it('never redirects to a host the landing page does not name (no open redirect)', async () => {
    expect(landingUrl('https://{sub1}/offer', { sub1: 'evil.example' })).toBeNull();
    expect(landingUrl('https://lp.example{sub1}', { sub1: '@evil.example' })).toBeNull();
    expect(landingUrl('https://lp.example/o?s={sub1}', { sub1: '//evil.example/x?' })).toBe('https://lp.example/o?s=%2F%2Fevil.example%2Fx%3F');
    expect(landingUrl('javascript:alert({sub1})', { sub1: '1' })).toBeNull();
    expect(landingUrl('https://lp.example/o?x=1', { click_id: 'abc' })).toBe('https://lp.example/o?x=1&click_id=abc');
    expect(landingUrl('https://lp.example/o?c={click_id}', { click_id: 'abc' })).toBe('https://lp.example/o?c=abc');
    const db = t.database.db;
    await db.updateTable('landing_pages').set({ url: 'https://{sub1}/offer' }).where('id', '=', campaign.landingPageId).execute();
    try {
      const res = await click(`${new URL(link).pathname}?sub1=evil.example`);
      expect(res.headers.location).toBe(FALLBACK);
    } finally {
      await db.updateTable('landing_pages').set({ url: 'https://lp.example/offer?cid={click_id}&aff={affiliate_id}&s1={sub1}&s2={sub2}' }).where('id', '=', campaign.landingPageId).execute();
    }
  });

  it('reads device and OS from user agents', () => {
    expect(parseUserAgent(IPHONE)).toEqual({ device: 'Mobile', os: 'iOS', browser: 'Safari' });
    expect(parseUserAgent(WINDOWS)).toEqual({ device: 'Desktop', os: 'Windows', browser: 'Chrome' });
    expect(parseUserAgent('')).toEqual({ device: '', os: '', browser: '' });
  });
});
