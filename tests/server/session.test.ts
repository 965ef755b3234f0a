import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_REQUIRED_STATUS, LoginResponse, loginMessages } from '../../src/api/contract/session';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo/seed';
import { hashToken } from '../../server/lib/crypto';
import { BAD_CREDENTIALS_MESSAGE, PENDING_MESSAGE } from '../../server/modules/session/service';
import { insertAffiliate, setupTestApp, signIn, testEngine, tokenFor, withToken, type TestContext } from './helpers';

let t: TestContext;
// Tests move the server's clock by changing this offset.
let offset = 0;

beforeAll(async () => {
  t = await setupTestApp({ now: () => new Date(Date.now() + offset) });
});
afterAll(() => t?.close());

describe(`sign-in (${testEngine})`, () => {
  it('signs the main demo affiliate straight in with the fields of spec 002 section 3', async () => {
    const { res, body } = await signIn(t.app, DEMO_ACCOUNTS.demo);
    expect(res.statusCode).toBe(200);
    expect(LoginResponse.parse(body)).toBeTruthy();
    expect(Object.keys(body).sort()).toEqual(
      ['success', 'mb-app-token', 'mb-aid', 'mb-ld', 'mb-oid', 'mb-p', 'mb-o', 'otp_enabled', 'otp_prompt_date', 'country_verified', 'is_mobile_added'].sort(),
    );
    expect(body).toMatchObject({ success: true, 'mb-aid': 100001, 'mb-o': 123, otp_enabled: false, country_verified: true, is_mobile_added: true });
    expect(body['mb-app-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('echoes ld and oid, given as numbers or digit strings', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/authenticationApp',
      payload: { email: DEMO_ACCOUNTS.demo, password: DEMO_PASSWORD, ld: '7', oid: 1042 },
    });
    expect(res.json()).toMatchObject({ 'mb-ld': 7, 'mb-oid': 1042 });
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const { res } = await signIn(t.app, '  DEMO@Example.com ');
    expect(res.statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
  });

  it('stores demo passwords as scrypt hashes with their cost', async () => {
    const row = await t.database.db.selectFrom('affiliates').select('password_hash').where('email', '=', DEMO_ACCOUNTS.demo).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(row.password_hash).not.toContain(DEMO_PASSWORD);
  });

  it('covers each path of spec 002 section 4 with a demo affiliate', async () => {
    const twoFactor = (await signIn(t.app, DEMO_ACCOUNTS.twoFactor)).body;
    expect(twoFactor).toMatchObject({ success: true, otp_enabled: true });

    const unverified = (await signIn(t.app, DEMO_ACCOUNTS.unverified)).body;
    expect(unverified).toMatchObject({ otp_enabled: false, country_verified: false, is_mobile_added: true });

    const optional = (await signIn(t.app, DEMO_ACCOUNTS.optional2fa)).body;
    expect(optional).toMatchObject({ otp_enabled: false, country_verified: true, 'mb-p': 3 });
    expect(optional['mb-o']).not.toBe(123);
    const promptAge = Date.now() - new Date(optional.otp_prompt_date as string).getTime();
    expect(promptAge).toBeGreaterThan(30 * 86_400_000);

    const forced = (await signIn(t.app, DEMO_ACCOUNTS.forced2fa)).body;
    expect(forced).toMatchObject({ otp_enabled: false, country_verified: true, 'mb-p': 1, 'mb-o': 0 });
  });

  it('gives a half-signed-in token (2FA pending, verification pending, forced set-up) no access yet', async () => {
    for (const email of [DEMO_ACCOUNTS.twoFactor, DEMO_ACCOUNTS.unverified, DEMO_ACCOUNTS.forced2fa]) {
      const token = await tokenFor(t.app, email);
      const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }));
      expect(res.statusCode, email).toBe(401);
    }
    const optional = await tokenFor(t.app, DEMO_ACCOUNTS.optional2fa);
    const res = await t.app.inject(withToken(optional, { method: 'GET', url: '/api/application/verifyToken' }));
    expect(res.statusCode).toBe(200);
  });

  it('answers the same message for an unknown e-mail and a wrong password', async () => {
    const unknown = await signIn(t.app, 'nobody-here@example.com', 'whatever-1!', '10.1.0.1');
    const wrong = await signIn(t.app, DEMO_ACCOUNTS.demo, 'Wrong-2026!', '10.1.0.1');
    for (const { res, body } of [unknown, wrong]) {
      expect(res.statusCode).toBe(400);
      expect(body).toEqual({ success: false, errors: { message: BAD_CREDENTIALS_MESSAGE, code: 400 } });
    }
  });

  it('refuses an account that is still under review, after checking the password', async () => {
    const { res, body } = await signIn(t.app, DEMO_ACCOUNTS.pending);
    expect(res.statusCode).toBe(403);
    expect(body).toEqual({ success: false, errors: { message: PENDING_MESSAGE, code: 403 } });
    const wrong = await signIn(t.app, DEMO_ACCOUNTS.pending, 'nope-nope-1!');
    expect(wrong.body.errors).toMatchObject({ message: BAD_CREDENTIALS_MESSAGE });
  });
});

describe(`token lifecycle (${testEngine})`, () => {
  it('verifyToken: success for a live token, 401 with code 401 without or with a bad one', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const ok = await t.app.inject(withToken(token, { method: 'GET', url: '/api/application/verifyToken' }));
    expect(ok.json()).toEqual({ success: true });
    const missing = await t.app.inject({ method: 'GET', url: '/api/application/verifyToken' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, errors: { code: 401 } });
    const forged = await t.app.inject(withToken('A'.repeat(43), { method: 'GET', url: '/api/application/verifyToken' }));
    expect(forged.statusCode).toBe(401);
  });

  it('logout revokes the token server-side, and only that token', async () => {
    const first = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const second = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const out = await t.app.inject(withToken(first, { method: 'POST', url: '/api/authenticationApp/logout' }));
    expect(out.json()).toEqual({ success: true });
    const after = await t.app.inject(withToken(first, { method: 'GET', url: '/api/affiliate' }));
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject(withToken(first, { method: 'POST', url: '/api/authenticationApp/logout' }));
    expect(again.statusCode).toBe(401);
    const other = await t.app.inject(withToken(second, { method: 'GET', url: '/api/affiliate' }));
    expect(other.statusCode).toBe(200);
  });

  it('a half-signed-in token can sign out', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
    const out = await t.app.inject(withToken(token, { method: 'POST', url: '/api/authenticationApp/logout' }));
    expect(out.statusCode).toBe(200);
  });

  it('expires tokens after 7 idle days and after 30 days in all', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const verify = () => t.app.inject(withToken(token, { method: 'GET', url: '/api/application/verifyToken' }));
    try {
      offset = 6 * 86_400_000;
      expect((await verify()).statusCode).toBe(200); // refreshes last_seen_at
      offset = 12 * 86_400_000;
      expect((await verify()).statusCode).toBe(200);
      offset = 20 * 86_400_000; // 8 idle days
      expect((await verify()).statusCode).toBe(401);

      const fresh = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
      const base = offset;
      for (let d = 6; d <= 30; d += 6) {
        offset = base + d * 86_400_000;
        const res = await t.app.inject(withToken(fresh, { method: 'GET', url: '/api/application/verifyToken' }));
        expect(res.statusCode, `day ${d}`).toBe(d < 30 ? 200 : 401);
      }
    } finally {
      offset = 0;
    }
  });

  it('an inactive affiliate loses access at once', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.optional2fa);
    await t.database.db.updateTable('affiliates').set({ status: 'inactive' }).where('email', '=', DEMO_ACCOUNTS.optional2fa).execute();
    try {
      const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }));
      expect(res.statusCode).toBe(401);
    } finally {
      await t.database.db.updateTable('affiliates').set({ status: 'active' }).where('email', '=', DEMO_ACCOUNTS.optional2fa).execute();
    }
  });
});

describe(`sign-in rate limits (${testEngine})`, () => {
  const at = async (ms: number, fn: () => Promise<void>) => {
    offset = ms;
    try {
      await fn();
    } finally {
      offset = 0;
    }
  };

  it('asks new addresses for the captcha after 10 failures on an account from elsewhere, but not the address it signs in from', async () => {
    const email = 'targeted@example.com';
    await insertAffiliate(t.database, { email });
    // The affiliate's own address: a completed sign-in from it.
    expect((await signIn(t.app, email, DEMO_PASSWORD, '10.2.9.9')).res.statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signIn(t.app, email, `wrong-${i}!`, `10.2.0.${i + 1}`)).res.statusCode).toBe(400);
    // A new address, even with the right password, must solve the captcha first: no delay, no refusal.
    const first = await signIn(t.app, email, DEMO_PASSWORD, '10.2.1.1');
    expect(first.res.statusCode).toBe(CAPTCHA_REQUIRED_STATUS);
    expect(first.res.headers['retry-after']).toBeUndefined();
    expect(first.body).toEqual({ success: false, errors: { message: loginMessages.captchaRequired, code: CAPTCHA_REQUIRED_STATUS } });
    // The affiliate at their own address is not asked.
    expect((await signIn(t.app, email, DEMO_PASSWORD, '10.2.9.9')).res.statusCode).toBe(200);
    // ... and that success resets the account's count: new addresses sign in again.
    expect((await signIn(t.app, email, DEMO_PASSWORD, '10.2.1.1')).res.statusCode).toBe(200);
  });

  it('slows one address down after 5 failures on an account; other addresses are not affected', async () => {
    const email = 'typo@example.com';
    await insertAffiliate(t.database, { email });
    // The affiliate's own address (no captcha there however many failures): only the pair's delay applies.
    expect((await signIn(t.app, email, DEMO_PASSWORD, '10.5.0.1')).res.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(t.app, email, `wrong-${i}!`, '10.5.0.1')).res.statusCode).toBe(400);
    const waiting = await signIn(t.app, email, DEMO_PASSWORD, '10.5.0.1');
    expect(waiting.res.statusCode).toBe(429);
    expect(waiting.res.headers['retry-after']).toBe('1');
    expect((await signIn(t.app, email, DEMO_PASSWORD, '10.5.0.2')).res.statusCode).toBe(200);
    // Delays double per failure and stop growing at 15 minutes.
    let clock = 0;
    for (let i = 0; i < 14; i++) {
      clock += 16 * 60_000;
      await at(clock, async () => {
        expect((await signIn(t.app, email, `wrong-again-${i}!`, '10.5.0.1')).res.statusCode).toBe(400);
      });
    }
    await at(clock, async () => {
      const capped = await signIn(t.app, email, DEMO_PASSWORD, '10.5.0.1');
      expect(capped.res.headers['retry-after']).toBe('900');
      expect(capped.body.errors).toMatchObject({ message: expect.stringMatching(/wait 15 minutes/) });
    });
  });

  it('asks one IP for the captcha after 30 failures in 15 minutes across accounts, instead of refusing it', async () => {
    const ip = '10.3.0.9';
    for (let i = 0; i < 30; i++) {
      const { res } = await signIn(t.app, `nobody${i}@example.org`, 'wrong-pass-1!', ip);
      expect(res.statusCode).toBe(400);
    }
    const asked = await signIn(t.app, DEMO_ACCOUNTS.demo, DEMO_PASSWORD, ip);
    expect(asked.res.statusCode).toBe(CAPTCHA_REQUIRED_STATUS);
    expect(asked.body).toEqual({ success: false, errors: { message: loginMessages.captchaRequired, code: CAPTCHA_REQUIRED_STATUS } });
    expect((await signIn(t.app, DEMO_ACCOUNTS.demo, DEMO_PASSWORD, '10.3.0.10')).res.statusCode).toBe(200);
  });

  it('a success resets the count', async () => {
    for (let i = 0; i < 4; i++) await signIn(t.app, DEMO_ACCOUNTS.unverified, `bad-${i}!`, '10.4.0.1');
    expect((await signIn(t.app, DEMO_ACCOUNTS.unverified, DEMO_PASSWORD, '10.4.0.1')).res.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(t.app, DEMO_ACCOUNTS.unverified, `bad-${i}!`, '10.4.0.1');
    expect((await signIn(t.app, DEMO_ACCOUNTS.unverified, DEMO_PASSWORD, '10.4.0.1')).res.statusCode).toBe(200);
  });
});
