import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { parseAddressList, parseTrustedProxies } from '../../server/lib/trustedProxies';
import { CLICK_NOT_RECORDED_YET, ConversionBatcher } from '../../server/modules/tracking/conversions';
import { newOpaqueId } from '../../server/modules/tracking/clickIds';
import { setupTestApp, testEngine, type TestContext } from './helpers';
import { seedMinimalNetwork, type MinimalNetwork } from './trackingNetwork';
import { freePort } from './pgCluster';

/**
 * The edges of the network: whose forwarded address is believed (TRUST_PROXY), where the operator API
 * answers (OPERATOR_ALLOW_FROM), and what every kind of caller gets while the database cannot be
 * reached (a pool aimed at a port nothing listens on: the errors of a stopped Postgres).
 */
let t: TestContext;
let network: MinimalNetwork;

beforeAll(async () => {
  t = await setupTestApp(
    {
      trustProxy: parseTrustedProxies('10.0.0.0/8'),
      operatorAllowFrom: parseAddressList('loopback, 192.0.2.0/24', 'OPERATOR_ALLOW_FROM', 'addresses'),
      tracking: { baseUrl: 'https://trk.example', linkCacheMs: 0, clickBatchDelayMs: 1 },
    },
    false,
  );
  network = await seedMinimalNetwork(t.database.db);
});
afterAll(() => t.close());

const clickIp = async (clickKey: string) =>
  (await t.database.db.selectFrom('clicks').select('ip').where('click_key', '=', clickKey).executeTakeFirstOrThrow()).ip;

describe(`trusted proxies (${testEngine})`, () => {
  it('takes the address a trusted proxy forwarded, and ignores what the client wrote before it', async () => {
    const res = await t.app.inject({ url: `/go/${network.code}`, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.7' } });
    expect(res.statusCode).toBe(302);
    expect(await clickIp(new URL(res.headers.location as string).searchParams.get('cid')!)).toBe('198.51.100.7');
  });

  it('believes no X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const res = await t.app.inject({ url: `/go/${network.code}`, remoteAddress: '203.0.113.1', headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(res.statusCode).toBe(302);
    expect(await clickIp(new URL(res.headers.location as string).searchParams.get('cid')!)).toBe('203.0.113.1');
  });
});

describe(`the operator API's allowed addresses (${testEngine})`, () => {
  const signIn = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/operator/session', payload: { email: 'ops@network.example', password: 'not-the-password-1' }, remoteAddress, headers });

  it('answers 404 elsewhere, as if it did not exist, and answers from the allowed ranges (here: wrong credentials, 403)', async () => {
    const outside = await signIn('203.0.113.9');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ success: false, errors: { message: 'This address does not exist.', code: 404 } });
    expect((await t.app.inject({ url: '/api/operator/accessRequests', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await signIn('192.0.2.44')).statusCode).toBe(403);
    expect((await signIn('127.0.0.1')).statusCode).toBe(403);
  });

  it('judges the forwarded address behind a trusted proxy, so a proxy of ours does not open it to everyone', async () => {
    expect((await signIn('10.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await signIn('10.0.0.2', { 'x-forwarded-for': '192.0.2.44' })).statusCode).toBe(403);
  });

  it('leaves the affiliates API alone', async () => {
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
  });
});

describe('a database that cannot be reached', () => {
  it('is answered 503 with Retry-After and a sentence on every kind of call, never a 500', async () => {
    const port = await freePort();
    const database = await openDatabase({ engine: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none`, poolSize: 2, onConnectionError: () => {} });
    const app = await buildApp({ db: database.db, engine: 'postgres', tracking: { baseUrl: 'https://trk.example' } });
    try {
      const calls = [
        { method: 'GET', url: '/api/health' },
        { method: 'POST', url: '/api/authenticationApp', payload: { email: 'demo@example.com', password: 'Demo-2026!' } },
        { method: 'GET', url: '/api/campaigns/categories', headers: { 'x-app-token': 'x'.repeat(43) } },
        { method: 'GET', url: '/postback?click_id=AAAAAAAAAAAAAAAAAAAAAA&txid=1&secret=s' },
      ] as const;
      for (const call of calls) {
        const res = await app.inject(call as never);
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().errors.message).toMatch(/database/);
      }
      const click = await app.inject({ url: '/go/AAAAAAAAAAAAAAAAAAAAAA' });
      expect(click.statusCode).toBe(503);
      expect(click.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe(`a conversion whose click is not in Postgres (${testEngine})`, () => {
  const convert = async (clicksWaiting: boolean) => {
    const batcher = new ConversionBatcher(t.database.db, {
      max: 10, delayMs: 1, concurrency: 1, queueMax: 100, missGraceMs: 5, clicksWaiting: async () => clicksWaiting,
    });
    try {
      return await batcher
        .record({ clickId: newOpaqueId(), txid: 'T-1', secret: network.secret, via: 'postback', at: new Date(), timeZone: 'America/New_York' } as never)
        .then(() => null, (err: { statusCode?: number; message?: string; retryAfterSeconds?: number }) => err);
    } finally {
      await batcher.close();
    }
  };

  it('is asked to come again (503, Retry-After) while clicks still wait in a journal after an outage', async () => {
    expect(await convert(true)).toMatchObject({ statusCode: 503, message: CLICK_NOT_RECORDED_YET, retryAfterSeconds: 5 });
  });

  it('is refused as unknown otherwise', async () => {
    expect(await convert(false)).toMatchObject({ statusCode: 404, message: 'click_id: unknown click id.' });
  });
});
