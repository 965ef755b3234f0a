import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoneerChangeResponse, TipaltiChangeResponse } from '../../src/api/contract/paychange';
import { AffiliateResponse } from '../../src/api/contract/affiliate';
import { PAY_BLACKOUT_MESSAGE } from '../../src/shared/payBlackout';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { sandboxTokenKey, signSandboxToken } from '../../server/modules/paychange/sandbox';
import { paychangeMessages } from '../../server/modules/paychange/routes';
import { openSettingsWindow, settingsMessages } from '../../server/modules/settings/service';
import { hashToken } from '../../server/lib/crypto';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

/** Monday 2026-07-06 11:00 New York (EDT): outside the blackout. */
const MONDAY = new Date('2026-07-06T15:00:00Z');
const serverKey = Buffer.alloc(32, 7);

let t: TestContext;
let clock = MONDAY;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await setupTestApp({ now: () => clock, totpKey: serverKey });
  const ids = await t.database.db.selectFrom('affiliates').select(['id', 'email']).where('email', 'in', [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.noPayment]).execute();
  demoId = ids.find((r) => r.email === DEMO_ACCOUNTS.demo)!.id;
  otherId = ids.find((r) => r.email === DEMO_ACCOUNTS.noPayment)!.id;
});
afterAll(() => t?.close());

const payoneerBody = {
  payee_id: 1,
  lock_type: 'ADDRESS',
  payee: {
    contact: { email: 'someone.else@example.com', mobile: '+12025550143' },
    address: { address_line_1: '1 Main St', address_line_2: '', city: 'Springfield', country: 'US', zip_code: '12345' },
  },
  redirect_url: 'https://evil.example/steal',
};

/** A session of that affiliate with the settings verification window open (a right settings code). */
async function verifiedSession(ctx: TestContext, email: string, now: Date): Promise<string> {
  const token = await tokenFor(ctx.app, email);
  const session = await ctx.database.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
  await openSettingsWindow(ctx.database.db, session.id, now);
  return token;
}
const signedIn = (email: string = DEMO_ACCOUNTS.demo) => verifiedSession(t, email, clock);
const startPayoneer = (token: string, body: unknown = payoneerBody) =>
  t.app.inject(withToken(token, { method: 'POST', url: '/api/paychange/payoneer', payload: body as object }));
const startTipalti = (token: string) => t.app.inject(withToken(token, { method: 'POST', url: '/api/paychange/tipalti' }));
const paymentOf = async (id: number) =>
  t.database.db.selectFrom('affiliates').select(['payment_platform', 'payment_method', 'payee', 'tmp_payoneer']).where('id', '=', id).executeTakeFirstOrThrow();
const setPayment = (id: number, values: { payment_platform?: '' | 'Payoneer' | 'Tipalti'; payment_method?: string; tmp_payoneer?: number }) =>
  t.database.db.updateTable('affiliates').set(values).where('id', '=', id).execute();

const tokenOf = (iframe: string) => new URL(iframe, 'http://localhost').searchParams.get('t')!;
const page = (provider: string, token: string) => t.app.inject({ method: 'GET', url: `/api/paychange/sandbox/${provider}?t=${encodeURIComponent(token)}` });
const submit = (provider: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/paychange/sandbox/${provider}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe(`POST /api/paychange/payoneer and /tipalti (${testEngine})`, () => {
  it("Payoneer: answers the sandbox page and trusts nothing of the body; opening the page is not 'Pending'", async () => {
    clock = MONDAY;
    await setPayment(demoId, { payment_platform: 'Tipalti', payment_method: 'ACH', tmp_payoneer: 0 });
    const token = await signedIn();
    const res = await startPayoneer(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = PayoneerChangeResponse.parse(res.json());
    expect(body.iframe).toMatch(/^\/api\/paychange\/sandbox\/payoneer\?t=v1\./);
    expect(body).toMatchObject({ method: 'ACH', platform: 'Tipalti' });
    // Pending means the affiliate submitted something: opening (and closing) the page marks nothing.
    expect(await paymentOf(demoId)).toMatchObject({ payment_platform: 'Tipalti', tmp_payoneer: 0 });
    const record = AffiliateResponse.parse((await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }))).json());
    expect(record.payment_information).toMatchObject({ platform: 'Tipalti', tmp_payoneer: 0 });
    // The request row is the affiliate's own, whatever payee_id the body named.
    const row = await t.database.db.selectFrom('paychange_requests').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ affiliate_id: demoId, platform: 'Payoneer', kind: 'sandbox', completed_at: null });
  });

  it('Tipalti: answers the sandbox page and leaves the pending mark alone', async () => {
    clock = MONDAY;
    await setPayment(demoId, { payment_platform: '', payment_method: 'None', tmp_payoneer: 1 });
    const res = await startTipalti(await signedIn());
    expect(res.statusCode, res.body).toBe(200);
    const body = TipaltiChangeResponse.parse(res.json());
    expect(body.iframe).toMatch(/^\/api\/paychange\/sandbox\/tipalti\?t=v1\./);
    expect(body).toMatchObject({ method: 'None', platform: '' });
    expect(await paymentOf(demoId)).toMatchObject({ tmp_payoneer: 1 });
  });

  it.each([
    ['Tuesday 08:59:59 EDT', '2026-07-07T12:59:59Z', 200],
    ['Tuesday 09:00:00 EDT', '2026-07-07T13:00:00Z', 409],
    ['Wednesday 11:59:59 EDT', '2026-07-08T15:59:59Z', 409],
    ['Wednesday 12:00:00 EDT', '2026-07-08T16:00:00Z', 200],
    ['Tuesday 08:59:59 EST', '2026-01-06T13:59:59Z', 200],
    ['Tuesday 09:00:00 EST', '2026-01-06T14:00:00Z', 409],
    ['Wednesday 11:59:59 EST', '2026-01-07T16:59:59Z', 409],
    ['Wednesday 12:00:00 EST', '2026-01-07T17:00:00Z', 200],
  ])('the blackout: %s answers %i for both providers', async (_name, iso, status) => {
    clock = new Date(iso);
    const token = await signedIn();
    await setPayment(demoId, { tmp_payoneer: 0 });
    for (const res of [await startPayoneer(token), await startTipalti(token)]) {
      expect(res.statusCode, res.body).toBe(status);
      if (status === 409) expect(res.json()).toEqual({ success: false, errors: { message: PAY_BLACKOUT_MESSAGE, code: 409 } });
    }
    // A refused change leaves nothing behind.
    if (status === 409) expect((await paymentOf(demoId)).tmp_payoneer).toBe(0);
  });

  it('refuses a bad body with a readable message', async () => {
    clock = MONDAY;
    const token = await signedIn();
    const cases: [unknown, string][] = [
      [{ ...payoneerBody, lock_type: 'NONE' }, "lock_type: must be 'ADDRESS'"],
      [{ ...payoneerBody, redirect_url: undefined }, 'redirect_url: is required'],
      [{ ...payoneerBody, payee: { ...payoneerBody.payee, contact: { email: 'x'.repeat(300) } } }, 'payee.contact.email: is too long'],
      [{ ...payoneerBody, payee_id: { id: 1 } }, 'payee_id:'],
    ];
    for (const [body, message] of cases) {
      const res = await startPayoneer(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.message).toContain(message);
    }
  });

  it('refuses a session that has not passed the settings verification (403)', async () => {
    clock = MONDAY;
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    for (const res of [await startPayoneer(token), await startTipalti(token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.message).toBe(settingsMessages.locked);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/paychange/tipalti' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/paychange/payoneer', payload: payoneerBody })).statusCode).toBe(401);
  });
});

describe(`the sandbox provider page (${testEngine})`, () => {
  async function started(provider: 'payoneer' | 'tipalti', email: string = DEMO_ACCOUNTS.demo) {
    const token = await signedIn(email);
    const res = provider === 'payoneer' ? await startPayoneer(token) : await startTipalti(token);
    expect(res.statusCode, res.body).toBe(200);
    return { session: token, t: tokenOf(res.json().iframe as string) };
  }

  it('shows an escaped form, frameable only by the product itself, then completes to /paycompletion', async () => {
    clock = MONDAY;
    await t.database.db.updateTable('affiliates').set({ payee: '<script>alert(1)</script> "Ada"', payment_platform: '', payment_method: 'None', tmp_payoneer: 0 }).where('id', '=', demoId).execute();
    const { t: token } = await started('payoneer');
    expect((await paymentOf(demoId)).tmp_payoneer).toBe(0);
    const res = await page('payoneer', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Ada&quot;');
    for (const method of ['Bank Transfer', 'Prepaid Card']) expect(res.body).toContain(`value="${method}"`);
    expect(res.body).not.toContain('PayPal');

    const done = await submit('payoneer', { t: token, payee_name: '  Ada   Lovelace ', country: 'gb', method: 'Prepaid Card' });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe('/paycompletion');
    expect(await paymentOf(demoId)).toEqual({ payment_platform: 'Payoneer', payment_method: 'Prepaid Card', payee: 'Ada Lovelace', tmp_payoneer: 0 });
    const row = await t.database.db.selectFrom('paychange_requests').selectAll().where('completed_at', 'is not', null).orderBy('completed_at', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ affiliate_id: demoId, platform: 'Payoneer', method: 'Prepaid Card', payee_name: 'Ada Lovelace', country: 'GB' });
  });

  it('Tipalti offers its four methods; completing clears a pending Payoneer change', async () => {
    clock = MONDAY;
    await setPayment(demoId, { payment_platform: '', payment_method: 'None', tmp_payoneer: 1 });
    const { t: token } = await started('tipalti');
    const res = await page('tipalti', token);
    for (const method of ['ACH', 'Wire Transfer', 'Local Bank Transfer (eCheck)', 'PayPal']) expect(res.body).toContain(`value="${method}"`);
    const done = await submit('tipalti', { t: token, payee_name: 'Ada Lovelace', country: 'US', method: 'PayPal' });
    expect(done.statusCode, done.body).toBe(303);
    expect(await paymentOf(demoId)).toMatchObject({ payment_platform: 'Tipalti', payment_method: 'PayPal', tmp_payoneer: 0 });
  });

  it('a replayed form is refused and changes nothing', async () => {
    clock = MONDAY;
    const { t: token } = await started('tipalti');
    expect((await submit('tipalti', { t: token, payee_name: 'Ada', country: 'US', method: 'ACH' })).statusCode).toBe(303);
    const again = await submit('tipalti', { t: token, payee_name: 'Mallory', country: 'US', method: 'PayPal' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(paychangeMessages.used);
    expect(await paymentOf(demoId)).toMatchObject({ payment_platform: 'Tipalti', payment_method: 'ACH', payee: 'Ada' });
    expect((await page('tipalti', token)).statusCode).toBe(409);
  });

  it('two racing submits: exactly one wins', async () => {
    clock = MONDAY;
    const { t: token } = await started('tipalti');
    const [a, b] = await Promise.all([
      submit('tipalti', { t: token, payee_name: 'First', country: 'US', method: 'ACH' }),
      submit('tipalti', { t: token, payee_name: 'Second', country: 'US', method: 'PayPal' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([303, 409]);
  });

  it('an expired token is refused, on the page and on the form', async () => {
    clock = MONDAY;
    const { t: token } = await started('tipalti');
    clock = new Date(MONDAY.getTime() + 30 * 60_000);
    for (const res of [await page('tipalti', token), await submit('tipalti', { t: token, payee_name: 'Ada', country: 'US', method: 'ACH' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(paychangeMessages.expired);
    }
    clock = new Date(MONDAY.getTime() + 30 * 60_000 - 1000);
    expect((await page('tipalti', token)).statusCode).toBe(200);
    clock = MONDAY;
  });

  it('a tampered token, a token for the other provider, or a forged one for another affiliate is refused', async () => {
    clock = MONDAY;
    const { t: token } = await started('payoneer');
    const [v, rid, aid, provider, exp, sig] = token.split('.');
    const flipped = sig[0] === 'A' ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const tampered = [
      [v, rid, String(otherId), provider, exp, sig].join('.'),
      [v, rid, aid, provider, String(Number(exp) + 3600), sig].join('.'),
      [v, rid, aid, provider, exp, flipped].join('.'),
      'v1.not-a-token',
      '',
    ];
    for (const bad of tampered) {
      const res = await submit('payoneer', { t: bad, payee_name: 'Mallory', country: 'US', method: 'Prepaid Card' });
      expect(res.statusCode, bad).toBe(bad === '' ? 403 : 403);
      expect(res.body).toContain(paychangeMessages.invalidLink);
    }
    // A valid token of the Payoneer page does not open the Tipalti page.
    expect((await page('tipalti', token)).statusCode).toBe(403);
    // Signed with the real key (a leaked key, say) but naming another affiliate: the request row is not theirs.
    const key = sandboxTokenKey(serverKey);
    const forged = signSandboxToken(key, { requestId: rid, affiliateId: otherId, provider: 'payoneer', expires: Number(exp) });
    const res = await submit('payoneer', { t: forged, payee_name: 'Mallory', country: 'US', method: 'Prepaid Card' });
    expect(res.statusCode).toBe(403);
    expect(await paymentOf(otherId)).toMatchObject({ payment_platform: '' });
  });

  it('an incomplete form is shown again with its message', async () => {
    clock = MONDAY;
    const { t: token } = await started('tipalti');
    const cases: [Record<string, string>, string][] = [
      [{ payee_name: ' ', country: 'US', method: 'ACH' }, paychangeMessages.payeeName],
      [{ payee_name: 'Ada', country: 'XX', method: 'ACH' }, paychangeMessages.country],
      [{ payee_name: 'Ada', country: 'US', method: 'Prepaid Card' }, paychangeMessages.method],
      [{ payee_name: 'Ada', country: 'US' }, paychangeMessages.method],
    ];
    for (const [fields, message] of cases) {
      const res = await submit('tipalti', { t: token, ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
      expect(res.body).toContain('<form');
    }
    // Still open: the form can be sent once it is right.
    expect((await submit('tipalti', { t: token, payee_name: 'Ada', country: 'US', method: 'ACH' })).statusCode).toBe(303);
  });

  it('the blackout refuses the page and the form', async () => {
    clock = new Date('2026-07-07T12:50:00Z'); // Tuesday 08:50 EDT
    const { t: token } = await started('tipalti');
    clock = new Date('2026-07-07T13:00:00Z');
    const res = await submit('tipalti', { t: token, payee_name: 'Ada', country: 'US', method: 'ACH' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(PAY_BLACKOUT_MESSAGE);
    expect((await page('tipalti', token)).statusCode).toBe(409);
    clock = MONDAY;
  });

  it('an unknown provider and a missing token answer 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/paychange/sandbox/paypal?t=x' })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'GET', url: '/api/paychange/sandbox/tipalti' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe('t: is required');
  });
});

describe(`real providers (${testEngine})`, () => {
  it('Tipalti: the server-signed dashboard address, never the key', async () => {
    const key = 'tipalti-secret-key-0123456789';
    const real = await setupTestApp({ now: () => MONDAY, paychange: { tipalti: { payer: 'Network', key, env: 'sandbox' } } });
    try {
      const res = await real.app.inject(withToken(await verifiedSession(real, DEMO_ACCOUNTS.demo, MONDAY), { method: 'POST', url: '/api/paychange/tipalti' }));
      expect(res.statusCode, res.body).toBe(200);
      const iframe = new URL(res.json().iframe as string);
      expect(iframe.origin).toBe('https://ui2.sandbox.tipalti.com');
      expect(iframe.searchParams.get('payer')).toBe('Network');
      expect(iframe.searchParams.get('ts')).toBe(String(MONDAY.getTime() / 1000));
      expect(iframe.searchParams.get('hashkey')).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body).not.toContain(key);
      const csp = String((await real.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(csp).toContain("frame-src 'self' https://ui2.sandbox.tipalti.com");
    } finally {
      await real.close();
    }
  });

  it("Payoneer: the registration link of the program, with the record and the product's return address; 'Pending' only once the payee comes back; 503 when Payoneer fails", async () => {
    const calls: { url: string; body: string }[] = [];
    let fail = false;
    const fetchStub = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      if (fail) return new Response('nope', { status: 500 });
      if (url.includes('oauth2')) return Response.json({ access_token: 'at-1', expires_in: 3600 });
      return Response.json({ result: { registration_link: 'https://payouts.sandbox.payoneer.com/partners/lp.aspx?token=abc' } });
    }) as typeof fetch;
    const real = await setupTestApp({
      now: () => MONDAY,
      paychange: { payoneer: { programId: '100012345', clientId: 'cid', clientSecret: 'csecret', env: 'sandbox' } },
      paychangeFetch: fetchStub,
    });
    try {
      const session = await verifiedSession(real, DEMO_ACCOUNTS.demo, MONDAY);
      await real.database.db.updateTable('affiliates').set({ tmp_payoneer: 0 }).where('email', '=', DEMO_ACCOUNTS.demo).execute();
      const res = await real.app.inject(withToken(session, { method: 'POST', url: '/api/paychange/payoneer', payload: { ...payoneerBody, redirect_url: 'http://localhost:80/paycompletion' } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().iframe).toBe('https://payouts.sandbox.payoneer.com/partners/lp.aspx?token=abc');
      expect(calls.map((c) => c.url)).toEqual([
        'https://login.sandbox.payoneer.com/api/v2/oauth2/token',
        'https://api.sandbox.payoneer.com/v4/programs/100012345/payees/registration-link',
      ]);
      const sent = JSON.parse(calls[1].body);
      const demoRow = await real.database.db.selectFrom('affiliates').select(['id', 'email']).where('email', '=', DEMO_ACCOUNTS.demo).executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ payee_id: String(demoRow.id), lock_type: 'ADDRESS' });
      expect(sent.payee.contact.email).toBe(demoRow.email);
      // Payoneer sends the payee back through the product's return address, on the portal's origin.
      const back = new URL(sent.redirect_url as string);
      expect(back.origin).toBe('http://localhost');
      expect(back.pathname).toMatch(/^\/api\/paychange\/payoneer\/return\/[A-Za-z0-9_-]{22}$/);
      // Pending means the affiliate submitted something: opening Payoneer's page marks nothing...
      const pending = async () => (await real.database.db.selectFrom('affiliates').select('tmp_payoneer').where('id', '=', demoRow.id).executeTakeFirstOrThrow()).tmp_payoneer;
      expect(await pending()).toBe(0);
      // ...coming back from it does, once; an unknown request redirects the same and marks nothing.
      for (const url of [`${back.pathname}x`, back.pathname, back.pathname]) {
        const res = await real.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<meta http-equiv="refresh" content="0;url=/paycompletion">');
      }
      expect(await pending()).toBe(1);
      const used = await real.database.db.selectFrom('paychange_requests').select('completed_at').where('id', '=', back.pathname.split('/').at(-1)!).executeTakeFirstOrThrow();
      expect(used.completed_at).not.toBeNull();
      // Another address is never passed on.
      await real.app.inject(withToken(session, { method: 'POST', url: '/api/paychange/payoneer', payload: payoneerBody }));
      expect(new URL(JSON.parse(calls.at(-1)!.body).redirect_url as string).origin).toBe('http://localhost');
      fail = true;
      const down = await real.app.inject(withToken(session, { method: 'POST', url: '/api/paychange/payoneer', payload: payoneerBody }));
      expect(down.statusCode).toBe(503);
      expect(down.json().errors.message).toBe(paychangeMessages.unavailable('Payoneer'));
    } finally {
      await real.close();
    }
  });
});

describe('adapters without the network', () => {
  it("Tipalti's hashkey is the HMAC-SHA256 of the query string before it", async () => {
    const { tipaltiIframeUrl } = await import('../../server/modules/paychange/tipalti');
    const { createHmac } = await import('node:crypto');
    const url = tipaltiIframeUrl({ payer: 'My Payer', key: 'k3y', env: 'production' }, '10423', new Date('2026-07-06T15:00:00.900Z'));
    const query = 'idap=10423&payer=My+Payer&ts=1783350000';
    expect(url).toBe(`https://ui2.tipalti.com/PayeeDashboard/Home?${query}&hashkey=${createHmac('sha256', 'k3y').update(query).digest('hex')}`);
  });

  it('Payoneer: the token request, and only a registration link on its page origin is taken', async () => {
    const { payoneerTokenRequest, registrationLinkOf } = await import('../../server/modules/paychange/payoneer');
    const req = payoneerTokenRequest({ programId: 'p', clientId: 'id', clientSecret: 'secret', env: 'production' });
    expect(req.url).toBe('https://login.payoneer.com/api/v2/oauth2/token');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(req.body).toBe('grant_type=client_credentials&scope=read+write');
    const origin = 'https://payouts.payoneer.com';
    expect(registrationLinkOf({ result: { registration_link: 'https://payouts.payoneer.com/x?token=1' } }, origin)).toBe('https://payouts.payoneer.com/x?token=1');
    expect(registrationLinkOf({ result: { registration_link: 'https://evil.example/x' } }, origin)).toBeNull();
    expect(registrationLinkOf({ result: { registration_link: 'javascript:alert(1)' } }, origin)).toBeNull();
    expect(registrationLinkOf({}, origin)).toBeNull();
  });

  it('configuration: all or none of a provider, and known environments', async () => {
    const { paychangeFromEnv } = await import('../../server/config');
    expect(paychangeFromEnv({})).toEqual({});
    expect(() => paychangeFromEnv({ PAYONEER_PROGRAM_ID: '1' })).toThrow(/together/);
    expect(() => paychangeFromEnv({ TIPALTI_KEY: 'k' })).toThrow(/together/);
    expect(() => paychangeFromEnv({ TIPALTI_KEY: 'k', TIPALTI_PAYER: 'p', TIPALTI_ENV: 'staging' })).toThrow(/TIPALTI_ENV/);
    expect(paychangeFromEnv({ TIPALTI_KEY: 'k', TIPALTI_PAYER: 'p', TIPALTI_ENV: 'Production' }).tipalti).toMatchObject({ env: 'production' });
  });
});
