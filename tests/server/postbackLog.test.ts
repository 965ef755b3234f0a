import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveriesResponse, TestPostbackResponse } from '../../src/api/contract/postbackLog';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { maskSecrets, TESTS_PER_MINUTE } from '../../server/modules/postbacks/log';
import { createPostbackWorker, type PostbackWorker } from '../../server/modules/postbacks/worker';
import { setupTestApp, tokenFor, withToken, type TestContext } from './helpers';
import { DEMO_AFFILIATE, prepareCampaign, startReceiver, type RunnableCampaign } from './trackingFixtures';

/** The delivery log and the test postback (docs/tracking.md "Delivery log and test postbacks"). */
let t: TestContext;
let token: string;
let other: string;
let campaign: RunnableCampaign;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: PostbackWorker | undefined;

beforeAll(async () => {
  t = await setupTestApp({
    tracking: { baseUrl: 'https://trk.example', linkCacheMs: 0, clickBatchDelayMs: 1, onPostbackQueued: () => worker?.kick() },
    postbackPolicy: { allowLoopback: true },
  });
  worker = createPostbackWorker(t.database.db, { allowLoopback: true, timeoutMs: 2000, retryBaseMs: 20, retryMaxMs: 100, pollMs: 60_000 });
  worker.start();
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  other = await tokenFor(t.app, DEMO_ACCOUNTS.survey);
  campaign = await prepareCampaign(t.database.db, 1);
  await t.database.db.updateTable('campaigns').set({ tracking_type: 'S' }).where('id', '=', campaign.id).execute();
  receiver = await startReceiver();
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await t?.close();
});

const call = (tk: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => t.app.inject(withToken(tk, { method, url, payload }));
const save = (campaignId: number | null, type: string, code: string) =>
  campaignId === null
    ? call(token, 'POST', '/api/affiliate/globalPostback', { type, code })
    : call(token, 'POST', `/api/campaign/${campaignId}/postback`, { type, code });

describe('masking', () => {
  it('hides secret-looking query values and credentials, keeps the rest', () => {
    expect(maskSecrets('https://u:p@tracker.example/pb?click=abc&api_key=XYZ&Token=1&payout=2.00&sig=zz')).toBe(
      'https://tracker.example/pb?click=abc&api_key=***&Token=***&payout=2.00&sig=***',
    );
    expect(maskSecrets('not a url')).toBe('(not a URL)');
  });
});

describe('test postback and the log', () => {
  it('with nothing saved: 409, nothing queued', async () => {
    await save(null, '', '');
    const res = await call(token, 'POST', '/api/postbacks/test', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.message).toBe('You have no postback saved to test. Save one first.');
  });

  it("fires the campaign's own postback with sample values through the worker and answers its result", async () => {
    expect((await save(campaign.id, 'S', `http://127.0.0.1:${receiver.port}/own?c={click_id}&p={payout}&n={campaign_name}&token=s3cr3t`)).statusCode).toBe(200);
    const res = await call(token, 'POST', '/api/postbacks/test', { campaign_id: campaign.id });
    expect(res.statusCode).toBe(200);
    const body = TestPostbackResponse.parse(res.json());
    expect(body.delivery).toMatchObject({ status: 'delivered', is_test: true, attempts: 1, last_status_code: 200, campaign_id: campaign.id });
    expect(body.delivery.url).toContain('token=***');
    const hit = receiver.received.find((u) => u.pathname === '/own')!;
    expect(hit.searchParams.get('c')).toMatch(/^TEST/);
    expect(hit.searchParams.get('p')).toBe('1.00');
    expect(hit.searchParams.get('token')).toBe('s3cr3t');

    const log = DeliveriesResponse.parse((await call(token, 'GET', `/api/postbacks/deliveries?campaign_id=${campaign.id}`)).json());
    expect(log.deliveries[0]).toMatchObject({ id: body.delivery.id, status: 'delivered', is_test: true });
    // Another affiliate never sees it.
    const theirs = DeliveriesResponse.parse((await call(other, 'GET', '/api/postbacks/deliveries')).json());
    expect(theirs.deliveries.map((d) => d.id)).not.toContain(body.delivery.id);
  });

  it('a failing test is tried once and answers failed with the reason', async () => {
    receiver.setFailures(1, '/own');
    const res = await call(token, 'POST', '/api/postbacks/test', { campaign_id: campaign.id });
    const body = TestPostbackResponse.parse(res.json());
    expect(body.delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 500, next_attempt_at: null });
    expect(body.delivery.last_error).toBe('HTTP 500');
  });

  it('an HTML postback cannot be tested from here', async () => {
    await save(null, 'I', '<img src="https://x.example/p?c={click_id}">');
    const res = await call(token, 'POST', '/api/postbacks/test', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.message).toMatch(/^HTML postbacks run in the visitor's browser/);
  });

  it('bad input is a 400 or 404 with a sentence', async () => {
    expect((await call(token, 'GET', '/api/postbacks/deliveries?campaign_id=abc')).statusCode).toBe(400);
    expect((await call(token, 'POST', '/api/postbacks/test', { campaign_id: 'x\u0000' })).statusCode).toBe(400);
    const unknown = await call(token, 'GET', '/api/postbacks/deliveries?campaign_id=2147483647');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.message).toBe("This campaign doesn't exist.");
  });

  it(`at most ${TESTS_PER_MINUTE} tests a minute, counted in the database`, async () => {
    await save(null, 'L', `http://127.0.0.1:${receiver.port}/global`);
    const db = t.database.db;
    const { id } = await db.selectFrom('postbacks').select('id').where('campaign_id', 'is', null).where('affiliate_id', '=', DEMO_AFFILIATE).executeTakeFirstOrThrow();
    const rows = Array.from({ length: TESTS_PER_MINUTE }, () => ({
      conversion_id: null, is_test: true, campaign_id: null, affiliate_id: DEMO_AFFILIATE, postback_id: id, type: 'L', url: 'http://127.0.0.1/x',
      status: 'failed' as const, next_attempt_at: new Date(), created_at: new Date(),
    }));
    await db.insertInto('postback_deliveries').values(rows).execute();
    const res = await call(token, 'POST', '/api/postbacks/test', {});
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().errors.message).toMatch(/test postbacks a minute/);
  });
});
