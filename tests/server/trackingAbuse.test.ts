import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createPostbackWorker } from '../../server/modules/postbacks/worker';
import { ClickBatcher, ClickQueueFullError } from '../../server/modules/tracking/clickBatcher';
import { newOpaqueId } from '../../server/modules/tracking/clickIds';
import { loadLink } from '../../server/modules/tracking/resolvedLink';
import { cleanText } from '../../server/modules/tracking/visitorText';
import { LinkCache } from '../../server/modules/tracking/linkCache';
import { revsharePayout } from '../../server/modules/tracking/conversionRules';
import { redactUrlSecrets, serverLoggerOptions } from '../../server/modules/tracking/logging';
import { testEngine, withToken } from './helpers';
import { campaign, FALLBACK, t, token, WINDOWS, withTrackingApp } from './trackingApp';
import { buildLink, clickThrough, codeOf, countRows, DEMO_AFFILIATE, rollupTotals, startReceiver } from './trackingFixtures';

/** The security review's findings on the tracking engine: each test fails without its fix. */
const SECRET = 'abuse-secret-42';
let link: string;
let advertiserId: number;

withTrackingApp({ clickBatchDelayMs: 20 }, 2);
beforeAll(async () => {
  const db = t.database.db;
  const adv = await db.selectFrom('campaigns').select('advertiser_id').where('id', '=', campaign.id).executeTakeFirstOrThrow();
  advertiserId = adv.advertiser_id;
  await db.updateTable('advertisers').set({ postback_secret: SECRET }).where('id', '=', advertiserId).execute();
  await db.updateTable('campaign_rates').set({ status: 'Inactive' }).where('campaign_id', '=', campaign.id).execute();
  await db.insertInto('campaign_rates').values({ campaign_id: campaign.id, description: 'Lead', rate_type: 'F', rate: 10, status: 'Active', is_default: true }).execute();
  await db.updateTable('campaigns').set({ tracking_type: 'S', supports_multiple_postback: false }).where('id', '=', campaign.id).execute();
  // No affiliate postback on this campaign nor a global one: the pixel answers its GIF.
  await db.deleteFrom('postbacks').where('affiliate_id', '=', DEMO_AFFILIATE).where((eb) => eb.or([eb('campaign_id', '=', campaign.id), eb('campaign_id', 'is', null)])).execute();
  const built = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId });
  link = built.body['tracking-link'] as string;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const setTrackingType = (type: string) => t.database.db.updateTable('campaigns').set({ tracking_type: type }).where('id', '=', campaign.id).execute();
const setRate = (rate_type: 'F' | 'P', rate: number) =>
  t.database.db.updateTable('campaign_rates').set({ rate_type, rate }).where('campaign_id', '=', campaign.id).where('status', '=', 'Active').execute();
const conversionOf = (clickId: string) =>
  t.database.db.selectFrom('conversions').innerJoin('clicks', 'clicks.id', 'conversions.click_id')
    .select(['conversions.status', 'conversions.sale_amount', 'conversions.payout', 'conversions.advertiser_ref', 'conversions.intake'])
    .where('clicks.click_key', '=', clickId).execute();

describe(`the pixel (${testEngine})`, () => {
  it('is refused on a campaign tracked by server-to-server postback', async () => {
    await setTrackingType('S');
    const id = await clickThrough(t.app, link);
    const conversions = await countRows(t.database.db, 'conversions');
    for (const type of ['S', 'M', 'A', 'G', 'H']) {
      await setTrackingType(type);
      const res = await get(`/pixel?click_id=${id}&txid=P-1`);
      expect(res.statusCode, type).toBe(403);
      expect(res.json().errors.message).toMatch(/^pixel: this campaign is tracked by server-to-server postback/);
    }
    expect(await countRows(t.database.db, 'conversions')).toBe(conversions);
  });

  it('credits one approved conversion per click, ignoring the requester\'s txid, status and (flat rate) amount', async () => {
    await setTrackingType('L');
    const id = await clickThrough(t.app, link);
    const before = await rollupTotals(t.database.db, campaign.id);
    const first = await get(`/pixel?click_id=${id}&txid=MINE-1&amount=99999&status=pending`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    for (let i = 2; i <= 5; i++) expect((await get(`/pixel?click_id=${id}&txid=MINE-${i}&amount=5000`)).statusCode).toBe(200);
    expect(await conversionOf(id)).toEqual([{ status: 'approved', sale_amount: 0, payout: 10, advertiser_ref: id, intake: 'pixel' }]);
    expect(await rollupTotals(t.database.db, campaign.id)).toEqual({ ...before, leads: before.leads + 1, earnings: Math.round((before.earnings + 10) * 100) / 100 });
    // A reversal never comes by pixel.
    const reversals = await countRows(t.database.db, 'reversals');
    const reversed = await get(`/pixel?click_id=${id}&status=reversed`);
    expect(reversed.statusCode).toBe(400);
    expect(await countRows(t.database.db, 'reversals')).toBe(reversals);
    expect((await conversionOf(id))[0].status).toBe('approved');
  });

  it('uses the amount on a revshare pixel campaign, and the iFrame type is a pixel type too', async () => {
    await setTrackingType('I');
    await setRate('P', 10);
    try {
      const id = await clickThrough(t.app, link);
      expect((await get(`/pixel?click_id=${id}&amount=10.25`)).statusCode).toBe(200);
      expect(await conversionOf(id)).toEqual([{ status: 'approved', sale_amount: 10.25, payout: 1.03, advertiser_ref: id, intake: 'pixel' }]);
    } finally {
      await setRate('F', 10);
    }
  });

  it('can be embedded by advertisers: no X-Frame-Options, cross-origin resource policy, any frame ancestor', async () => {
    await setTrackingType('L');
    const id = await clickThrough(t.app, link);
    const res = await get(`/pixel?click_id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(String(res.headers['content-security-policy'])).not.toContain("frame-ancestors 'self'");
  });

  it('renders the HTML postback only in an iframe, sandboxed without forms or pop-ups', async () => {
    await setTrackingType('I');
    const saved = await t.app.inject(withToken(token, { method: 'POST', url: `/api/campaign/${campaign.id}/postback`, payload: { type: 'I', code: '<img src="https://aff.example/px?c={click_id}">' } }));
    expect(saved.statusCode).toBe(200);
    try {
      const framed = await get(`/pixel?click_id=${await clickThrough(t.app, link)}`, { 'sec-fetch-dest': 'iframe' });
      expect(framed.headers['content-type']).toContain('text/html');
      const csp = String(framed.headers['content-security-policy']);
      expect(csp).toMatch(/sandbox allow-scripts(;|$)/);
      expect(csp).not.toMatch(/allow-forms|allow-popups/);
      expect(csp).toContain('frame-ancestors *');
      expect(framed.headers['x-frame-options']).toBeUndefined();
      for (const dest of ['document', 'image']) {
        const res = await get(`/pixel?click_id=${await clickThrough(t.app, link)}`, { 'sec-fetch-dest': dest });
        expect(res.statusCode, dest).toBe(200);
        expect(res.headers['content-type'], dest).toBe('image/gif');
      }
    } finally {
      await t.database.db.deleteFrom('postbacks').where('affiliate_id', '=', DEMO_AFFILIATE).where('campaign_id', '=', campaign.id).execute();
      await setTrackingType('S');
    }
  });
});

describe(`server-to-server postbacks (${testEngine})`, () => {
  it('are refused for an advertiser without a secret', async () => {
    const db = t.database.db;
    await setTrackingType('S');
    const id = await clickThrough(t.app, link);
    await db.updateTable('advertisers').set({ postback_secret: '' }).where('id', '=', advertiserId).execute();
    try {
      for (const query of [`click_id=${id}&txid=E-1`, `click_id=${id}&txid=E-1&secret=`, `click_id=${id}&txid=E-1&secret=x`]) {
        const res = await get(`/postback?${query}`);
        expect(res.statusCode, query).toBe(403);
        expect(res.json().errors.message, query).toMatch(/^secret: this advertiser has no postback secret/);
      }
      expect(await conversionOf(id)).toEqual([]);
    } finally {
      await db.updateTable('advertisers').set({ postback_secret: SECRET }).where('id', '=', advertiserId).execute();
    }
    expect((await get(`/postback?click_id=${id}&txid=E-1&secret=${SECRET}`)).statusCode).toBe(200);
  });

  it('the demo network gives every advertiser a secret', async () => {
    const empty = await t.database.db.selectFrom('advertisers').select('id').where('postback_secret', '=', '').execute();
    expect(empty).toEqual([]);
  });

  it('pays revshare rounded half-up to cents, exactly', async () => {
    expect(revsharePayout(10.25, 10)).toBe(1.03);
    expect(revsharePayout(1.15, 50)).toBe(0.58);
    expect(revsharePayout(0.15, 10)).toBe(0.02);
    expect(revsharePayout(249.9, 10)).toBe(24.99);
    expect(revsharePayout(1_000_000_000, 100)).toBe(1_000_000_000);
    await setTrackingType('S');
    try {
      for (const [amount, rate, payout] of [['10.25', 10, 1.03], ['1.15', 50, 0.58], ['0.15', 10, 0.02], ['1.005', 100, 1.01]] as const) {
        await setRate('P', rate);
        const id = await clickThrough(t.app, link);
        const res = await get(`/postback?click_id=${id}&amount=${amount}&secret=${SECRET}`);
        expect(res.json(), `${amount}@${rate}`).toMatchObject({ duplicate: false, payout });
        expect((await conversionOf(id))[0].payout).toBe(payout);
      }
    } finally {
      await setRate('F', 10);
    }
  });

  it('keeps crediting a rollup row past 10^10 of sales (numeric(18,4)), and caps one amount at 10^9', async () => {
    await setTrackingType('S');
    const id = await clickThrough(t.app, link);
    for (let i = 0; i < 11; i++) {
      const res = await get(`/postback?click_id=${id}&txid=BIG-${i}&amount=1000000000&secret=${SECRET}`);
      expect(res.statusCode, `conversion ${i}`).toBe(200);
    }
    const row = await t.database.db.selectFrom('stats_daily').innerJoin('clicks', (j) => j
      .onRef('clicks.affiliate_id', '=', 'stats_daily.affiliate_id').onRef('clicks.campaign_id', '=', 'stats_daily.campaign_id')
      .onRef('clicks.creative_id', '=', 'stats_daily.creative_id').onRef('clicks.landing_page_id', '=', 'stats_daily.landing_page_id')
      .onRef('clicks.sub1', '=', 'stats_daily.sub1'))
      .select('stats_daily.sales').where('clicks.click_key', '=', id).execute();
    expect(row.some((r) => Number(r.sales) >= 11_000_000_000)).toBe(true);
    for (const amount of ['1000000000.01', '99999999999', '12345678901.5', '1.23456']) {
      const res = await get(`/postback?click_id=${id}&txid=CAP&amount=${amount}&secret=${SECRET}`);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().errors.message, amount).toMatch(/^amount: must be/);
    }
  });
});

describe(`bad input is a 4xx, never a 500 (${testEngine})`, () => {
  it('refuses NUL characters and out-of-range ids', async () => {
    const id = await clickThrough(t.app, link);
    const intake: Array<[string, RegExp]> = [
      [`/postback?click_id=${id}&txid=a%00b&secret=${SECRET}`, /^txid: must not contain NUL/],
      [`/postback?click_id=${id}&txid=R&status=reversed&reason=x%00y&secret=${SECRET}`, /^reason: must not contain NUL/],
      [`/postback?click_id=${id}%00&secret=${SECRET}`, /^click_id/],
      [`/postback?click_id=${id}&secret=${SECRET}%00`, /^secret/],
      ['/pixel?campaign_id=2147483648', /^campaign_id: must be a campaign id/],
      ['/pixel?campaign_id=9999999999', /^campaign_id: must be a campaign id/],
    ];
    for (const [url, message] of intake) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.message, url).toMatch(message);
    }
    const builder: Array<[Record<string, unknown>, RegExp]> = [
      [{ campaign_id: 2147483648, traffic_type: campaign.trafficCode, creative_id: -1 }, /^campaign_id/],
      [{ campaign_id: '2147483648', traffic_type: campaign.trafficCode, creative_id: -1 }, /^campaign_id/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: 9999999999 }, /^creative_id/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: '3000000000' }, /^creative_id/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, lpid: 2147483648 }, /^lpid/],
      [{ campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, sub1: 'a\u0000b' }, /^sub1: must not contain NUL/],
      [{ campaign_id: campaign.id, traffic_type: '\u0000', creative_id: campaign.creativeId }, /^traffic_type/],
    ];
    for (const [payload, message] of builder) {
      const { res, body } = await buildLink(t.app, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((body.errors as { message: string }).message, JSON.stringify(payload)).toMatch(message);
    }
    const postback = await t.app.inject(withToken(token, { method: 'POST', url: `/api/campaign/${campaign.id}/postback`, payload: { type: 'L', code: 'https://a.example/\u0000' } }));
    expect(postback.statusCode).toBe(400);
    expect(postback.json().errors.message).toMatch(/^code: must not contain NUL/);
  });
});

describe(`clicks with hostile input (${testEngine})`, () => {
  const click = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${new URL(link).pathname}${query}`, headers: { 'user-agent': WINDOWS, ...headers }, remoteAddress: '203.0.113.9' });
  const stored = (res: { headers: Record<string, unknown> }) =>
    t.database.db.selectFrom('clicks').selectAll().where('click_key', '=', new URL(res.headers.location as string).searchParams.get('cid')!).executeTakeFirstOrThrow();

  it('strips control characters, so one NUL cannot fail the clicks batched with it', async () => {
    const answers = await Promise.all([
      click('?sub1=ok-1'),
      click('?sub1=%00abc&sub2=x%01y%1Fz%7F&sub3=%0D%0Anew'),
      click('?sub1=ok-2'),
      click('?sub5=tail%00'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([302, 302, 302, 302]);
    expect(await stored(answers[1])).toMatchObject({ sub1: 'abc', sub2: 'xyz', sub3: 'new' });
    expect((await stored(answers[3])).sub5).toBe('tail');
  });

  it('cuts sub IDs by code points, never inside an emoji', async () => {
    const emoji = '\u{1F600}';
    const res = await click(`?sub1=${encodeURIComponent('x'.repeat(254) + emoji + 'y')}&sub2=${encodeURIComponent(emoji.repeat(300))}`);
    expect(res.statusCode).toBe(302);
    const row = await stored(res);
    expect(row.sub1).toBe('x'.repeat(254) + emoji);
    expect(Array.from(row.sub2)).toHaveLength(255);
    expect(row.sub2).toBe(emoji.repeat(255));
    expect(cleanText('a\u0000\u{1F600}\uD800b', 10)).toBe('a\u{1F600}\uFFFDb');
    expect(cleanText(`ab${emoji}`, 2)).toBe('ab');
    expect(cleanText(`a${emoji}`, 2)).toBe(`a${emoji}`);
  });

  it('writes the rows of a failed batch one by one, so only the bad row fails', async () => {
    const batcher = new ClickBatcher(t.database.db, { clickBatchMax: 10, clickBatchDelayMs: 30, clickBatchConcurrency: 1, timeZone: 'America/New_York' });
    const row = (sub2: string) => ({
      click_key: newOpaqueId(), affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, creative_id: campaign.creativeId,
      landing_page_id: campaign.landingPageId, sub1: 'batch', sub2, clicked_at: new Date(),
    });
    const rows = [row('a'), row('bad\u0000'), row('c')];
    const results = await Promise.allSettled(rows.map((r) => batcher.record(r)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const keys = await t.database.db.selectFrom('clicks').select('click_key').where('click_key', 'in', rows.map((r) => r.click_key)).execute();
    expect(keys.map((k) => k.click_key).sort()).toEqual([rows[0].click_key, rows[2].click_key].sort());
    await batcher.close();
  });

  it('refuses clicks at once (503) when the queue is full', async () => {
    const batcher = new ClickBatcher(t.database.db, { clickBatchMax: 2, clickBatchDelayMs: 50, clickBatchConcurrency: 1, clickQueueMax: 3, timeZone: 'America/New_York' });
    const row = () => ({ click_key: newOpaqueId(), affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, sub1: 'queue', clicked_at: new Date() });
    // 2 in flight, 3 queued: the sixth is refused without waiting.
    const pending = Array.from({ length: 5 }, () => batcher.record(row()));
    await expect(batcher.record(row())).rejects.toBeInstanceOf(ClickQueueFullError);
    await Promise.all(pending);
    expect(batcher.stats.refused).toBe(1);
    await batcher.close();
  });

  it('answers HEAD like GET without recording a click', async () => {
    const clicks = await countRows(t.database.db, 'clicks');
    const head = await t.app.inject({ method: 'HEAD', url: new URL(link).pathname, headers: { 'user-agent': WINDOWS } });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toMatch(/^https:\/\/lp\.example\/offer/);
    expect(head.headers['set-cookie']).toBeUndefined();
    const unknown = await t.app.inject({ method: 'HEAD', url: `/go/${newOpaqueId()}` });
    expect(unknown.headers.location).toBe(FALLBACK);
    expect(await countRows(t.database.db, 'clicks')).toBe(clicks);
  });

  it('does not cache unknown codes', async () => {
    const db = t.database.db;
    const cache = new LinkCache(60_000, loadLink);
    const code = codeOf(link);
    const fresh = randomBytes(16).toString('base64url');
    expect(await cache.get(db, fresh)).toBeNull();
    await db.updateTable('tracking_links').set({ code: fresh }).where('code', '=', code).execute();
    try {
      expect((await cache.get(db, fresh))?.campaign_id).toBe(campaign.id);
    } finally {
      await db.updateTable('tracking_links').set({ code }).where('code', '=', fresh).execute();
    }
  });
});

describe(`logs (${testEngine})`, () => {
  it('never contain the advertiser secret of a postback URL', async () => {
    expect(redactUrlSecrets(`/postback?click_id=a&secret=${SECRET}&txid=1`)).toBe('/postback?click_id=a&secret=[redacted]&txid=1');
    expect(redactUrlSecrets(`/postback?SECRET=${SECRET}`)).toBe('/postback?SECRET=[redacted]');
    expect(redactUrlSecrets(`/postback?%73ecret=${SECRET}#x`)).toBe('/postback?%73ecret=[redacted]#x');
    expect(redactUrlSecrets('/go/abc?sub1=secretive')).toBe('/go/abc?sub1=secretive');
    // The options server/index.ts gives its logger, writing to a stream of ours.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ db: t.database.db, engine: t.database.engine, logger: { ...serverLoggerOptions('info'), stream } });
    try {
      await app.ready();
      const id = await clickThrough(app, link);
      await app.inject({ method: 'GET', url: `/postback?click_id=${id}&txid=LOG-1&secret=${SECRET}` });
      await app.inject({ method: 'GET', url: `/postback?click_id=${id}&txid=LOG-2&secret=${SECRET}-wrong` });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('/postback?click_id=');
    expect(log).toContain('secret=[redacted]');
    expect(log).not.toContain(SECRET);
  });
});

describe(`postback delivery after downtime (${testEngine})`, () => {
  it('marks deliveries older than the maximum age failed instead of trying them', async () => {
    const db = t.database.db;
    const receiver = await startReceiver();
    try {
      const id = await clickThrough(t.app, link);
      const res = await get(`/postback?click_id=${id}&txid=OLD-1&secret=${SECRET}`);
      const conversionId = res.json().conversion_id as number;
      const now = new Date(Date.now() + 30 * 3600_000); // the server comes back 30 hours later
      const created = new Date(now.getTime() - 25 * 3600_000);
      const fresh = new Date(now.getTime() - 3600_000);
      const old = await db.insertInto('postback_deliveries').values({ conversion_id: conversionId, affiliate_id: DEMO_AFFILIATE, postback_id: null, type: 'L', url: `http://127.0.0.1:${receiver.port}/old`, next_attempt_at: created, created_at: created }).returning('id').executeTakeFirstOrThrow();
      const recent = await db.insertInto('postback_deliveries').values({ conversion_id: conversionId, affiliate_id: DEMO_AFFILIATE, postback_id: null, type: 'L', url: `http://127.0.0.1:${receiver.port}/recent`, next_attempt_at: fresh, created_at: fresh }).returning('id').executeTakeFirstOrThrow();
      const worker = createPostbackWorker(db, { allowLoopback: true, timeoutMs: 2000, maxAgeMs: 24 * 3600_000, batchSize: 100, now: () => now });
      await worker.runOnce();
      const rows = await db.selectFrom('postback_deliveries').select(['id', 'status', 'attempts', 'last_error']).where('id', 'in', [old.id, recent.id]).orderBy('id').execute();
      expect(rows[0]).toMatchObject({ status: 'failed', attempts: 0 });
      expect(rows[0].last_error).toMatch(/^expired/);
      expect(rows[1]).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(receiver.received.map((u) => u.pathname)).not.toContain('/old');
      expect(await db.selectFrom('postback_attempts').select('id').where('delivery_id', '=', old.id).execute()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
