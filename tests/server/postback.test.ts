import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionIntakeResponse, HelpTextResponse } from '../../src/api/contract/tracking';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { hostname } from 'node:os';
import { buildApp } from '../../server/app';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { checkUrl, isAllowedAddress } from '../../server/lib/ssrf';
import { backoffMs, createPostbackWorker } from '../../server/modules/postbacks/worker';
import { ConversionBatcher } from '../../server/modules/tracking/conversions';
import { POSTBACK_MACROS } from '../../server/modules/tracking/macros';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';
import { buildLink, clickThrough, countRows, DEMO_AFFILIATE, prepareCampaign, rollupTotals, startReceiver, type RunnableCampaign } from './trackingFixtures';

const SECRET = 'adv-secret-123';
let t: TestContext;
let token: string;
let campaign: RunnableCampaign;
let link: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // The receivers of these tests listen on 127.0.0.1 (POSTBACK_ALLOW_LOOPBACK in development).
  t = await setupTestApp({ tracking: { baseUrl: 'https://trk.example', linkCacheMs: 0, clickBatchDelayMs: 1 }, postbackPolicy: { allowLoopback: true } });
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  campaign = await prepareCampaign(t.database.db, 1);
  const db = t.database.db;
  const adv = await db.selectFrom('campaigns').select('advertiser_id').where('id', '=', campaign.id).executeTakeFirstOrThrow();
  await db.updateTable('advertisers').set({ postback_secret: SECRET }).where('id', '=', adv.advertiser_id).execute();
  await db.updateTable('campaign_rates').set({ status: 'Inactive' }).where('campaign_id', '=', campaign.id).execute();
  await db.insertInto('campaign_rates').values({ campaign_id: campaign.id, description: 'Lead', rate_type: 'F', rate: 12.5, status: 'Active', is_default: true }).execute();
  await db.updateTable('campaigns').set({ tracking_type: 'S', supports_multiple_postback: false }).where('id', '=', campaign.id).execute();
  const built = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId, sub1: 'fb feed' });
  link = built.body['tracking-link'] as string;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const postback = (query: string) => t.app.inject({ method: 'GET', url: `/postback?${query}` });
const savePostback = (campaignId: number, payload: Record<string, unknown>) =>
  t.app.inject(withToken(token, { method: 'POST', url: `/api/campaign/${campaignId}/postback`, payload }));
const saveGlobal = (payload: Record<string, unknown>) =>
  t.app.inject(withToken(token, { method: 'POST', url: '/api/affiliate/globalPostback', payload }));
const worker = (options: Parameters<typeof createPostbackWorker>[1] = {}) =>
  createPostbackWorker(t.database.db, { allowLoopback: true, timeoutMs: 2000, retryBaseMs: 20, retryMaxMs: 100, ...options });

describe(`affiliate postback settings (${testEngine})`, () => {
  it('saves a campaign postback of a type the tracking type offers, and refuses the others', async () => {
    const ok = await savePostback(campaign.id, { type: 'S', code: `http://127.0.0.1:${receiver.port}/pb?c={click_id}&p={payout}&s1={sub1}&tx={transaction_id}&n={campaign_name}&old=#s1#` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Your postback has been saved.' });
    const html = await savePostback(campaign.id, { type: 'I', code: '<img src="x">' });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors.message).toMatch(/^An HTML postback is not offered/);
    const badUrl = await savePostback(campaign.id, { type: 'L', code: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors.message).toMatch(/^The postback must be a full URL/);
    const empty = await savePostback(campaign.id, { type: 'L', code: '  ' });
    expect(empty.json().errors.message).toBe('Enter the postback code for this type.');
    expect((await savePostback(campaign.id, { type: 'Z', code: 'x' })).statusCode).toBe(400);
    expect((await savePostback(999999, { type: 'L', code: 'https://a.example/' })).statusCode).toBe(404);
    const other = await t.database.db.selectFrom('campaign_access').select('campaign_id').where('affiliate_id', '=', DEMO_AFFILIATE).where('status', '=', 'Pending').executeTakeFirstOrThrow();
    expect((await savePostback(other.campaign_id, { type: 'L', code: 'https://a.example/' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/campaign/${campaign.id}/postback`, payload: { type: 'L', code: 'https://a.example/' } })).statusCode).toBe(401);
    const saved = await t.database.db.selectFrom('postbacks').select(['type', 'code']).where('affiliate_id', '=', DEMO_AFFILIATE).where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(saved.type).toBe('S');
  });

  it('saves the global postback (types L and I; S only when it is already the saved type)', async () => {
    const s = await saveGlobal({ type: 'S', code: 'https://a.example/' });
    expect(s.statusCode).toBe(400);
    const ok = await saveGlobal({ type: 'L', code: `http://127.0.0.1:${receiver.port}/global?c={click_id}&p={payout}` });
    expect(ok.json()).toEqual({ success: true, message: 'Your global postback has been saved.' });
    const affiliate = await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }));
    expect(affiliate.json().promotional_methods.global_callback_type).toBe('L');
  });

  it('serves the macro list as help text 18', async () => {
    const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/application/help/18' }));
    const body = HelpTextResponse.parse(res.json());
    for (const m of POSTBACK_MACROS) expect(body.help_text).toContain(`{${m.name}}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/application/help/99999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/application/help/abc' })).statusCode).toBe(400);
  });
});

describe(`conversion intake (${testEngine})`, () => {
  let clickId: string;

  it('credits a postback with the campaign payout, in the rollup, and queues the affiliate postback', async () => {
    clickId = await clickThrough(t.app, link);
    const before = await rollupTotals(t.database.db, campaign.id);
    const res = await postback(`click_id=${clickId}&txid=T-1&amount=80&secret=${SECRET}`);
    expect(res.statusCode).toBe(200);
    const body = ConversionIntakeResponse.parse(res.json());
    expect(body).toMatchObject({ success: true, duplicate: false, payout: 12.5 });
    const conversion = await t.database.db.selectFrom('conversions').selectAll().where('id', '=', body.conversion_id!).executeTakeFirstOrThrow();
    expect(conversion).toMatchObject({ affiliate_id: DEMO_AFFILIATE, campaign_id: campaign.id, status: 'approved', payout: 12.5, sale_amount: 80, advertiser_ref: 'T-1', sub1: 'fb feed', intake: 'postback' });
    expect(await rollupTotals(t.database.db, campaign.id)).toEqual({ clicks: before.clicks, leads: before.leads + 1, earnings: Math.round((before.earnings + 12.5) * 100) / 100, sales: Math.round((before.sales + 80) * 100) / 100 });
    const delivery = await t.database.db.selectFrom('postback_deliveries').selectAll().where('conversion_id', '=', body.conversion_id!).executeTakeFirstOrThrow();
    expect(delivery.status).toBe('pending');
    expect(delivery.url).toContain(`/pb?c=${clickId}&p=12.50&s1=fb%20feed&tx=T-1`);
    expect(delivery.url).toContain('&old=fb%20feed');
  });

  it('fires the queued postback with the macros filled and records the attempt', async () => {
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    const hit = receiver.received.find((u) => u.pathname === '/pb')!;
    expect(hit.searchParams.get('c')).toBe(clickId);
    expect(hit.searchParams.get('p')).toBe('12.50');
    expect(hit.searchParams.get('s1')).toBe('fb feed');
    const delivery = await t.database.db.selectFrom('postback_deliveries').selectAll().where('url', 'like', `%c=${clickId}%`).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    const attempts = await t.database.db.selectFrom('postback_attempts').selectAll().where('delivery_id', '=', delivery.id).execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status_code: 200, error: '' });
  });

  it('credits the same transaction once, even sent 50 times at once', async () => {
    const id = await clickThrough(t.app, link);
    const conversions = await countRows(t.database.db, 'conversions');
    const before = await rollupTotals(t.database.db, campaign.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => postback(`click_id=${id}&txid=DUP-7&secret=${SECRET}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await countRows(t.database.db, 'conversions')).toBe(conversions + 1);
    expect(await rollupTotals(t.database.db, campaign.id)).toMatchObject({ leads: before.leads + 1, earnings: Math.round((before.earnings + 12.5) * 100) / 100 });
  });

  it('answers each conversion of one batch alone: good ones, copies, wrong secrets and unknown clicks', async () => {
    const ids = await Promise.all([clickThrough(t.app, link), clickThrough(t.app, link), clickThrough(t.app, link)]);
    const conversions = await countRows(t.database.db, 'conversions');
    const before = await rollupTotals(t.database.db, campaign.id);
    // Sent together, these go in the same group-commit batch.
    const answers = await Promise.all([
      postback(`click_id=${ids[0]}&txid=MIX-1&secret=${SECRET}`),
      postback(`click_id=${ids[1]}&txid=MIX-2&secret=wrong`),
      postback(`click_id=${ids[1]}&txid=MIX-3&secret=${SECRET}`),
      postback(`click_id=AAAAAAAAAAAAAAAAAAAAAA&txid=MIX-4&secret=${SECRET}`),
      postback(`click_id=${ids[2]}&txid=MIX-1&secret=${SECRET}`),
      postback(`click_id=${ids[0]}&txid=MIX-1&secret=${SECRET}`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 200, 404, 200, 200]);
    expect(answers[2].json().duplicate).toBe(false);
    // Three copies of MIX-1 (the transaction id is per campaign): one credited, two duplicates.
    expect([0, 4, 5].map((i) => answers[i].json().duplicate).sort()).toEqual([false, true, true]);
    expect(await countRows(t.database.db, 'conversions')).toBe(conversions + 2);
    expect(await rollupTotals(t.database.db, campaign.id)).toMatchObject({ leads: before.leads + 2, earnings: Math.round((before.earnings + 25) * 100) / 100 });
  });

  it('writes the conversions of a failed batch one by one, so only the bad one fails', async () => {
    const ids = await Promise.all([clickThrough(t.app, link), clickThrough(t.app, link)]);
    const batcher = new ConversionBatcher(t.database.db, { max: 10, delayMs: 20, concurrency: 1, queueMax: 100 });
    const input = (clickId: string, txid: string) => ({ clickId, txid, secret: SECRET, via: 'postback' as const, at: new Date(), timeZone: 'America/New_York' });
    const results = await Promise.allSettled([batcher.record(input(ids[0], 'FAIL-1')), batcher.record(input(ids[1], 'bad\u0000')), batcher.record(input(ids[1], 'FAIL-3'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batcher.stats.failures).toBe(1);
    const refs = await t.database.db.selectFrom('conversions').select('advertiser_ref').where('advertiser_ref', 'like', 'FAIL-%').execute();
    expect(refs.map((r) => r.advertiser_ref).sort()).toEqual(['FAIL-1', 'FAIL-3']);
    await batcher.close();
    await expect(batcher.record(input(ids[0], 'FAIL-4'))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('answers bad input with a clear 4xx and records nothing', async () => {
    const id = await clickThrough(t.app, link);
    const conversions = await countRows(t.database.db, 'conversions');
    const cases: Array<[string, number, RegExp]> = [
      ['txid=1', 400, /^click_id: is required/],
      ['click_id=nope&txid=1', 404, /^click_id: unknown click id/],
      ['click_id=AAAAAAAAAAAAAAAAAAAAAA&txid=1', 404, /^click_id: unknown click id/],
      [`click_id=${id}&txid=1&secret=wrong`, 403, /^secret: does not match/],
      [`click_id=${id}&txid=1`, 403, /^secret/],
      [`click_id=${id}&txid=1&amount=12,5&secret=${SECRET}`, 400, /^amount: must be an amount/],
      [`click_id=${id}&txid=1&status=maybe&secret=${SECRET}`, 400, /^status/],
      [`click_id=${encodeURIComponent("' or 1=1 --")}&txid=1`, 404, /click_id/],
    ];
    for (const [query, status, message] of cases) {
      const res = await postback(query);
      expect(res.statusCode, query).toBe(status);
      expect(res.json().errors.message, query).toMatch(message);
    }
    expect(await countRows(t.database.db, 'conversions')).toBe(conversions);
  });

  it('pays a share of the sale on revshare campaigns', async () => {
    const db = t.database.db;
    await db.updateTable('campaign_rates').set({ rate_type: 'P', rate: 10 }).where('campaign_id', '=', campaign.id).where('status', '=', 'Active').execute();
    try {
      const id = await clickThrough(t.app, link);
      expect((await postback(`click_id=${id}&txid=S-1&secret=${SECRET}`)).json().errors.message).toMatch(/^amount: is required/);
      const res = await postback(`click_id=${id}&txid=S-1&amount=249.90&secret=${SECRET}`);
      expect(res.json()).toMatchObject({ duplicate: false, payout: 24.99 });
    } finally {
      await db.updateTable('campaign_rates').set({ rate_type: 'F', rate: 12.5 }).where('campaign_id', '=', campaign.id).where('status', '=', 'Active').execute();
    }
  });

  it('reverses a conversion: a reversals row, and the lead and earnings taken back', async () => {
    const db = t.database.db;
    const before = await rollupTotals(db, campaign.id);
    const reversals = await countRows(db, 'reversals');
    const res = await postback(`click_id=${clickId}&txid=T-1&status=reversed&reason=Chargeback&secret=${SECRET}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ duplicate: false, payout: -12.5 });
    expect(await countRows(db, 'reversals')).toBe(reversals + 1);
    const row = await db.selectFrom('reversals').innerJoin('conversions', 'conversions.id', 'reversals.conversion_id').select(['reversals.amount', 'reversals.reason', 'conversions.status']).where('conversions.advertiser_ref', '=', 'T-1').executeTakeFirstOrThrow();
    expect(row).toEqual({ amount: 12.5, reason: 'Chargeback', status: 'reversed' });
    expect(await rollupTotals(db, campaign.id)).toEqual({ clicks: before.clicks, leads: before.leads - 1, earnings: Math.round((before.earnings - 12.5) * 100) / 100, sales: Math.round((before.sales - 80) * 100) / 100 });
    const again = await postback(`click_id=${clickId}&txid=T-1&status=reversed&secret=${SECRET}`);
    expect(again.json()).toMatchObject({ duplicate: true });
    expect(await countRows(db, 'reversals')).toBe(reversals + 1);
    expect((await postback(`click_id=${clickId}&txid=NOPE&status=reversed&secret=${SECRET}`)).statusCode).toBe(404);
  });

  it('uses the global postback when the campaign has none, and renders HTML postbacks in the pixel', async () => {
    const db = t.database.db;
    await savePostback(campaign.id, { type: '', code: '' });
    const id = await clickThrough(t.app, link);
    const res = await postback(`click_id=${id}&txid=G-1&secret=${SECRET}`);
    const delivery = await db.selectFrom('postback_deliveries').select('url').where('conversion_id', '=', res.json().conversion_id).executeTakeFirstOrThrow();
    expect(delivery.url).toBe(`http://127.0.0.1:${receiver.port}/global?c=${id}&p=12.50`);

    await db.updateTable('campaigns').set({ tracking_type: 'I' }).where('id', '=', campaign.id).execute();
    expect((await savePostback(campaign.id, { type: 'I', code: '<img src="https://aff.example/px?c={click_id}&s={sub1}">' })).statusCode).toBe(200);
    const url = new URL(link);
    const clickRes = await t.app.inject({ method: 'GET', url: `${url.pathname}?sub1=${encodeURIComponent('"><script>x</script>')}` });
    const cookie = String(clickRes.headers['set-cookie']).split(';')[0];
    const pixel = await t.app.inject({ method: 'GET', url: `/pixel?campaign_id=${campaign.id}&txid=PX-1`, headers: { cookie } });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toContain('text/html');
    expect(pixel.headers['content-security-policy']).toContain('sandbox');
    expect(pixel.body).toContain('s=&quot;&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(pixel.body).not.toContain('<script>');
    // The pixel's txid is always the click id (one pixel conversion per click).
    const conv = await db.selectFrom('conversions').select(['intake', 'payout']).where('advertiser_ref', '=', cookie.split('=')[1]).executeTakeFirstOrThrow();
    expect(conv).toEqual({ intake: 'pixel', payout: 12.5 });
    const noClick = await t.app.inject({ method: 'GET', url: `/pixel?campaign_id=${campaign.id}` });
    expect(noClick.statusCode).toBe(400);
  });
});

describe(`postback delivery (${testEngine})`, () => {
  it('retries with backoff until a receiver that failed three times accepts, recording every attempt', async () => {
    await saveGlobal({ type: 'L', code: `http://127.0.0.1:${receiver.port}/retry?c={click_id}` });
    expect((await savePostback(campaign.id, { type: '', code: '' })).statusCode).toBe(200);
    const id = await clickThrough(t.app, link);
    const res = await postback(`click_id=${id}&txid=R-1&secret=${SECRET}`);
    receiver.setFailures(3, '/retry');
    const w = worker();
    const deadline = Date.now() + 10_000;
    let status = 'pending';
    while (status === 'pending' && Date.now() < deadline) {
      await w.runOnce();
      await new Promise((r) => setTimeout(r, 30));
      const row = await t.database.db.selectFrom('postback_deliveries').select('status').where('conversion_id', '=', res.json().conversion_id).executeTakeFirstOrThrow();
      status = row.status;
    }
    expect(status).toBe('delivered');
    const delivery = await t.database.db.selectFrom('postback_deliveries').select(['id', 'attempts']).where('conversion_id', '=', res.json().conversion_id).executeTakeFirstOrThrow();
    const attempts = await t.database.db.selectFrom('postback_attempts').select(['status_code', 'error', 'latency_ms']).where('delivery_id', '=', delivery.id).orderBy('id').execute();
    expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
    expect(attempts[0].error).toBe('HTTP 500');
    expect(delivery.attempts).toBe(4);
    expect(receiver.received.filter((u) => u.pathname === '/retry')).toHaveLength(4);
  });

  it('refuses private, link-local and reserved postback addresses when they are saved, with a message for the affiliate', async () => {
    for (const code of ['http://10.0.0.1/pb?c={click_id}', 'http://169.254.169.254/latest/meta-data/', 'https://[fd00::1]/x', 'http://192.168.1.20:8080/x']) {
      for (const res of [await saveGlobal({ type: 'L', code }), await savePostback(campaign.id, { type: 'L', code })]) {
        expect(res.statusCode, code).toBe(400);
        expect(res.json().errors.message).toMatch(/^This address is on a private or local network/);
      }
    }
    // Without the development setting, loopback is refused too, by name and by what a name resolves to.
    const strict = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT });
    for (const code of ['http://127.0.0.1:9/x', 'http://localhost:9/x', `http://${hostname()}:9/x`]) {
      const res = await strict.inject(withToken(token, { method: 'POST', url: '/api/affiliate/globalPostback', payload: { type: 'L', code } }));
      expect(res.statusCode, code).toBe(400);
    }
    await strict.close();
    // A public name that does not resolve from here is accepted (delivery checks it again).
    expect((await saveGlobal({ type: 'L', code: 'https://postbacks.example.com/pb?c={click_id}' })).statusCode).toBe(200);
  });

  it('refuses postbacks aimed at loopback, private, link-local and metadata addresses', async () => {
    const db = t.database.db;
    const conv = await db.selectFrom('conversions').select('id').where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
    const targets = ['http://127.0.0.1:9/x', 'http://10.0.0.1/x', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]:9/x', 'http://[::ffff:127.0.0.1]/x', 'http://localhost:9/x', 'http://0x7f000001/x', 'gopher://example.com/'];
    const ids: number[] = [];
    for (const url of targets) {
      const row = await db.insertInto('postback_deliveries').values({ conversion_id: conv.id, affiliate_id: DEMO_AFFILIATE, postback_id: null, type: 'L', url, next_attempt_at: new Date(Date.now() - 1000) }).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await worker({ allowLoopback: false, batchSize: 50 }).runOnce();
    const rows = await db.selectFrom('postback_deliveries').select(['id', 'status', 'last_error']).where('id', 'in', ids).orderBy('id').execute();
    for (const row of rows) {
      expect(row.status, row.last_error).toBe('failed');
      expect(row.last_error).toMatch(/^refused/);
    }
  });

  it('judges addresses after resolution', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:10.0.0.1', '224.0.0.1',
      // IPv4-compatible (::/96), 6to4 (2002::/16) and NAT64 (64:ff9b::/96, 64:ff9b:1::/48).
      '::7f00:1', '::8.8.8.8', '::a00:1', '2002:7f00:1::1', '2002:a9fe:a9fe::', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1', '64:ff9b:1::a00:1', '64:ff9b:1:ffff::1']) {
      expect(isAllowedAddress(a), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isAllowedAddress(a), a).toBe(true);
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(() => checkUrl('http://user:pw@example.com/')).toThrow(/credentials/);
    expect(() => checkUrl('http://[::1]/')).toThrow(/refused/);
    for (const url of ['http://[::7f00:1]/', 'http://[2002:7f00:1::]/', 'http://[64:ff9b:1::a00:1]/']) expect(() => checkUrl(url), url).toThrow(/refused/);
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(20, 1000, 60_000, () => 1)).toBe(60_000);
  });
});

describe(`the demo affiliate end to end (${testEngine})`, () => {
  it("credits a click on a link built for the demo affiliate and fires that affiliate's saved postback", async () => {
    const db = t.database.db;
    // One of the campaigns whose postback the demo network saved (type S, older #...# macros).
    const saved = await db
      .selectFrom('postbacks')
      .innerJoin('campaigns', 'campaigns.id', 'postbacks.campaign_id')
      .innerJoin('advertisers', 'advertisers.id', 'campaigns.advertiser_id')
      .select(['campaigns.id', 'postbacks.code', 'advertisers.postback_secret'])
      .where('postbacks.affiliate_id', '=', DEMO_AFFILIATE)
      .where('postbacks.type', '=', 'S')
      .where('campaigns.id', '<>', campaign.id)
      .orderBy('campaigns.id')
      .executeTakeFirstOrThrow();
    await db.updateTable('campaigns').set({ status: 'active', expiry_date: null, desktop_traffic: true, os_filtering: false }).where('id', '=', saved.id).execute();
    const rate = await db.selectFrom('campaign_rates').select(['rate_type', 'rate']).where('campaign_id', '=', saved.id).where('status', '=', 'Active').orderBy('is_default', 'desc').orderBy('id').executeTakeFirstOrThrow();
    const traffic = await db.selectFrom('campaign_traffic_types').select('traffic_type').where('campaign_id', '=', saved.id).executeTakeFirstOrThrow();
    const code = { contextual: 'C', display: 'S', search: 'R', social: 'L', native: 'N', mobile: 'M', email: 'E', incentive: 'I', brand_bid: 'B' }[traffic.traffic_type];
    const built = await buildLink(t.app, token, { campaign_id: saved.id, traffic_type: code, creative_id: -1, sub1: 'demo-sub' });
    expect(built.res.statusCode).toBe(200);
    const clickId = await clickThrough(t.app, built.body['tracking-link'] as string);
    const res = await postback(`click_id=${clickId}&txid=DEMO-1&amount=100&secret=${saved.postback_secret}`);
    expect(res.statusCode).toBe(200);
    const payout = rate.rate_type === 'P' ? Math.round(100 * rate.rate) / 100 : rate.rate;
    expect(res.json()).toMatchObject({ duplicate: false, payout });
    const delivery = await db.selectFrom('postback_deliveries').select('url').where('conversion_id', '=', res.json().conversion_id).executeTakeFirstOrThrow();
    expect(delivery.url).toBe(saved.code.replace('#s1#', 'demo-sub').replace('#rate#', payout.toFixed(2)));
  });
});
