import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { setupTestApp, tokenFor, type TestContext } from './helpers';
import { buildLink, prepareCampaign, type RunnableCampaign } from './trackingFixtures';

/** Search-safe links (spec 000 section 4, flag 175; docs/tracking.md "Search-safe links"). */
let t: TestContext;
let token: string;
let campaign: RunnableCampaign;

beforeAll(async () => {
  t = await setupTestApp({ tracking: { baseUrl: 'https://trk.example', linkCacheMs: 0, clickBatchDelayMs: 1 } });
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  campaign = await prepareCampaign(t.database.db, 2, 'https://lp.example/offer?cid={click_id}&tt={traffic_type}&s1={sub1}');
});
afterAll(async () => {
  await t?.close();
});

const click = (link: string) => {
  const url = new URL(link);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0', referer: 'https://search.example/?q=loans' } });
};

describe('search-safe links', () => {
  it('pass no referrer on, are not indexed, and do not name the traffic type to the landing page', async () => {
    const base = { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, sub1: 'kw1' };
    const plain = (await buildLink(t.app, token, base)).body['tracking-link'] as string;
    const safe = (await buildLink(t.app, token, { ...base, safesearch: true })).body['tracking-link'] as string;
    expect(safe).not.toBe(plain);

    const normal = await click(plain);
    expect(normal.statusCode).toBe(302);
    expect(normal.headers['referrer-policy']).toBe('no-referrer-when-downgrade');
    expect(normal.headers['x-robots-tag']).toBeUndefined();
    expect(new URL(normal.headers.location as string).searchParams.get('tt')).not.toBe('');

    const searchSafe = await click(safe);
    expect(searchSafe.statusCode).toBe(302);
    expect(searchSafe.headers['referrer-policy']).toBe('no-referrer');
    expect(searchSafe.headers['x-robots-tag']).toBe('noindex, nofollow');
    const landing = new URL(searchSafe.headers.location as string).searchParams;
    expect(landing.get('tt')).toBe('');
    // The affiliate's own sub IDs still travel: they are the affiliate's tracking, not the source.
    expect(landing.get('s1')).toBe('kw1');
    expect(landing.get('cid')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
