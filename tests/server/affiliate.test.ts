import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AffiliateResponse } from '../../src/api/contract/affiliate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo/seed';
import { setupTestApp, signIn, snapshot, testEngine, tokenFor, withToken, type TestContext } from './helpers';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await setupTestApp();
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
});
afterAll(() => t?.close());

describe(`GET /api/affiliate (${testEngine})`, () => {
  it('answers the field mapping of spec 002 section 7', async () => {
    const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }));
    expect(res.statusCode).toBe(200);
    const body = AffiliateResponse.parse(res.json());
    expect(body.publisher_id).toBe(100001);
    expect(body.affiliate_personal_information).toMatchObject({ name: 'Alex Morgan', phone: '+1 (212) 555-0147', mobile_phone: '+1 (917) 555-0182' });
    expect(body.affiliate_personal_information.registration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.maxmoney_balance).toBeGreaterThan(0);
    expect(body.affiliate_manager).toMatchObject({ name: 'Rachel Kim', email: 'rachel.kim@network.example', im_handle: '@rachel_am' });
    expect(body.affiliate_manager.image).toMatch(/^\/api\/images\/managers\/\d+$/);
    expect(body.promotional_methods.global_callback_type).toBe('L');
    expect(body.promotional_methods.global_callback_code).toContain('#s1#');
    expect(body.payment_information).toEqual({ payee: 'Morgan Media LLC', method: 'ACH', platform: 'Tipalti', tmp_payoneer: 0 });
    expect(body.affiliate_flags).toEqual([175, 183]);
  });

  it('never sends secrets: no password hash, TOTP secret or security answers', async () => {
    const two = await signIn(t.app, DEMO_ACCOUNTS.twoFactor);
    expect(two.res.statusCode).toBe(200);
    const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate?log=true' }));
    const text = res.body;
    expect(text).not.toMatch(/scrypt\$|password|otp_secret|GEZDGNBV/);
    expect(res.json().security.question1.answer).toBe('');
  });

  it('shows a two-factor marker, not the secret, when two-factor is on', async () => {
    await t.database.db.updateTable('affiliates').set({ otp_enabled: true, otp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', 100001).execute();
    try {
      const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }));
      expect(res.json().otp_details).toEqual({ otp_key: 'active' });
      expect(res.body).not.toContain('JBSWY3DPEHPK3PXP');
    } finally {
      await t.database.db.updateTable('affiliates').set({ otp_enabled: false, otp_secret: null }).where('id', '=', 100001).execute();
    }
  });

  it('answers each affiliate with their own record', async () => {
    const other = await tokenFor(t.app, DEMO_ACCOUNTS.optional2fa);
    const res = await t.app.inject(withToken(other, { method: 'GET', url: '/api/affiliate' }));
    expect(res.json().publisher_id).toBe(100004);
    expect(res.json().affiliate_flags).toEqual([121]);
  });
});

describe(`POST /api/affiliate/pageView (${testEngine})`, () => {
  it('records the page view of the token holder', async () => {
    const res = await t.app.inject(withToken(token, { method: 'POST', url: '/api/affiliate/pageView', payload: { screen_name: '/reports/earnings', query_string: '?startDate=2026-11-01&endDate=2026-11-30' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await t.database.db.selectFrom('page_views').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ affiliate_id: 100001, screen_name: '/reports/earnings', query_string: '?startDate=2026-11-01&endDate=2026-11-30' });
  });

  it('defaults the query string to empty', async () => {
    const res = await t.app.inject(withToken(token, { method: 'POST', url: '/api/affiliate/pageView', payload: { screen_name: '/dashboard' } }));
    expect(res.statusCode).toBe(200);
  });
});

describe(`transactions (${testEngine})`, () => {
  it('leaves nothing half-written when a sign-in fails midway', async () => {
    // Make the session insert fail after the attempt row was written in the same transaction.
    await sql`create function fail_sessions() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(t.database.db);
    await sql`create trigger sessions_fail before insert on sessions for each row execute function fail_sessions()`.execute(t.database.db);
    try {
      const before = await snapshot(t.database);
      const res = await t.app.inject({ method: 'POST', url: '/api/authenticationApp', payload: { email: DEMO_ACCOUNTS.forced2fa, password: DEMO_PASSWORD }, remoteAddress: '10.8.0.1' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, errors: { message: 'Something went wrong on our side. Please try again.', code: 500 } });
      expect(res.body).not.toContain('disk full');
      const after = await snapshot(t.database);
      expect(after).toEqual(before);
      const forced = await t.database.db.selectFrom('affiliates').select('last_login_at').where('email', '=', DEMO_ACCOUNTS.forced2fa).executeTakeFirstOrThrow();
      expect(forced.last_login_at).toBeNull();
    } finally {
      await sql`drop trigger sessions_fail on sessions`.execute(t.database.db);
      await sql`drop function fail_sessions()`.execute(t.database.db);
    }
    const ok = await signIn(t.app, DEMO_ACCOUNTS.forced2fa, DEMO_PASSWORD, '10.8.0.1');
    expect(ok.res.statusCode).toBe(200);
  });

  it('serves concurrent requests while a transaction runs', async () => {
    const results = await Promise.all([
      signIn(t.app, DEMO_ACCOUNTS.demo, DEMO_PASSWORD, '10.8.1.1'),
      t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' })),
      signIn(t.app, DEMO_ACCOUNTS.optional2fa, DEMO_PASSWORD, '10.8.1.2'),
      t.app.inject(withToken(token, { method: 'POST', url: '/api/affiliate/pageView', payload: { screen_name: '/browse/new' } })),
    ]);
    expect(results.map((r) => ('res' in r ? r.res.statusCode : r.statusCode))).toEqual([200, 200, 200, 200]);
  });
});
