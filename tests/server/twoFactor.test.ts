import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { totpCode } from '../../server/lib/totp';
import { messages } from '../../server/modules/twoFactor/service';
import { insertAffiliate, setupTestApp, testEngine, tokenFor, withToken, type TestContext, recordingMessenger } from './helpers';

const DEMO_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
let t: TestContext;
let offset = 0;
const { messenger, sent } = recordingMessenger();
const now = () => new Date(Date.now() + offset);
const codeAt = totpCode;
const lastCode = () => /\b(\d{6})\b/.exec(sent.at(-1)!.body)![1];

beforeAll(async () => {
  t = await setupTestApp({ now, messenger });
});
afterAll(() => t?.close());

const post = (token: string, url: string, payload: object = {}) => t.app.inject(withToken(token, { method: 'POST', url: `/api/authenticationApp/${url}`, payload }));
const verifyToken = (token: string) => t.app.inject(withToken(token, { method: 'GET', url: '/api/application/verifyToken' }));

describe(`authenticator code at sign-in (${testEngine})`, () => {
  it('a half sign-in token reaches only its own step; a right code completes it; a replay is refused', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
    expect((await verifyToken(token)).statusCode).toBe(401);
    expect((await post(token, 'otpsetup')).statusCode).toBe(401);
    const code = codeAt(DEMO_SECRET, now());
    const ok = await post(token, 'otpVerify', { inputCode: code });
    expect(ok.json()).toEqual({ success: true, isCodeValid: true });
    expect((await verifyToken(token)).statusCode).toBe(200);

    const second = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
    expect((await post(second, 'otpVerify', { inputCode: code })).json()).toEqual({ success: true, isCodeValid: false });
  });

  it('answers a malformed code with a 400 in words for the affiliate, no field name from the code', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
    const res = await post(token, 'otpVerify', { inputCode: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe('Please enter the 6-digit code from your authenticator app.');
  });

  it('counts wrong codes per account: the 5th revokes the half sign-in, a new password gives no fresh guesses', async () => {
    const email = 'guessed@example.com';
    await insertAffiliate(t.database, { email, otp_enabled: true, otp_secret: DEMO_SECRET });
    const token = await tokenFor(t.app, email);
    const wrong = codeAt(DEMO_SECRET, new Date(now().getTime() + 3_600_000));
    for (let i = 0; i < 4; i++) expect((await post(token, 'otpVerify', { inputCode: wrong })).json().isCodeValid).toBe(false);
    const fifth = await post(token, 'otpVerify', { inputCode: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('1');
    expect(fifth.json().errors.message).toMatch(/^Too many incorrect codes\. Please wait 1 second and sign in again\.$/);
    expect((await post(token, 'otpVerify', { inputCode: wrong })).statusCode).toBe(401);

    // The password is right (and accepted), but the code count stays: the next wrong code waits longer.
    offset = 2_000;
    try {
      const again = await tokenFor(t.app, email);
      const sixth = await post(again, 'otpVerify', { inputCode: wrong });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBe('2');
      const third = await tokenFor(t.app, email);
      // While it waits, not even the right code is checked.
      const early = await post(third, 'otpVerify', { inputCode: codeAt(DEMO_SECRET, now()) });
      expect(early.statusCode).toBe(429);
      offset = 5_000;
      expect((await post(third, 'otpVerify', { inputCode: codeAt(DEMO_SECRET, now()) })).json()).toEqual({ success: true, isCodeValid: true });
      // A right code resets the count.
      const fourth = await tokenFor(t.app, email);
      expect((await post(fourth, 'otpVerify', { inputCode: wrong })).json().isCodeValid).toBe(false);
    } finally {
      offset = 0;
    }
  });
});

describe(`e-mail and SMS codes (${testEngine})`, () => {
  it('sends by e-mail and SMS, verifies once, and completes the sign-in', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.unverified);
    const res = await post(token, 'sendCode', { method: 'byBoth', purpose: 'login' });
    expect(res.statusCode).toBe(200);
    const { t: handle } = res.json();
    expect(handle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.slice(-2).map((m) => m.channel)).toEqual(['email', 'sms']);
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(token, 'verifyCode', { code: wrong, t: handle });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.message).toBe(messages.wrongCode);
    expect((await post(token, 'verifyCode', { code: ` ${code} `, t: handle })).json()).toEqual({ success: true });
    expect((await verifyToken(token)).statusCode).toBe(200);
    // Single use.
    const again = await post(token, 'verifyCode', { code, t: handle });
    expect(again.json().errors.message).toBe(messages.expiredCode);
  });

  it('locks a code after 5 wrong tries', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.unverified);
    const { t: handle } = (await post(token, 'sendCode', { method: 'byEmail', purpose: 'login' })).json();
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await post(token, 'verifyCode', { code: wrong, t: handle })).json().errors.message).toBe(messages.wrongCode);
    expect((await post(token, 'verifyCode', { code: wrong, t: handle })).json().errors.message).toBe(messages.lockedCode);
    // Five wrong codes also throttle the account (any code): the next try waits ...
    const waiting = await post(token, 'verifyCode', { code, t: handle });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    // ... and then finds this code locked.
    offset = 2_000;
    try {
      expect((await post(token, 'verifyCode', { code, t: handle })).statusCode).toBe(400);
    } finally {
      offset = 0;
    }
  });

  it('expires a code after 10 minutes', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.unverified);
    const { t: handle } = (await post(token, 'sendCode', { method: 'byEmail', purpose: 'login' })).json();
    offset = 10 * 60_000 + 1000;
    try {
      const res = await post(token, 'verifyCode', { code: lastCode(), t: handle });
      // The half sign-in itself lives 15 minutes, so the code's own expiry answers here.
      expect(res.json().errors.message).toBe(messages.expiredCode);
    } finally {
      offset = 0;
    }
  });

  it('refuses SMS without a mobile number, and an unknown method', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const sms = await post(token, 'sendCode', { method: 'bySMS', purpose: 'settings' });
    // The main demo affiliate has a mobile number: settings codes by SMS are allowed for it.
    expect(sms.statusCode).toBe(200);
    const res = await post(token, 'sendCode', { method: 'byPigeon', purpose: 'settings' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toMatch(/^method: /);
  });
});

describe(`two-factor set-up (${testEngine})`, () => {
  it('the forced-offer affiliate sets up two-factor; a wrong code is refused; then sign-in asks for the code', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.forced2fa);
    expect((await verifyToken(token)).statusCode).toBe(401);
    const setup = (await post(token, 'otpsetup')).json();
    expect(setup.token).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = codeAt(setup.secret, new Date(now().getTime() + 3_600_000));
    expect((await post(token, 'otpActivate', { secret: setup.secret, otp: wrong })).json()).toEqual({ success: true, isTokenValid: false });
    expect((await post(token, 'otpActivate', { secret: setup.secret, otp: codeAt(setup.secret, now()) })).json()).toEqual({ success: true, isTokenValid: true });
    expect((await verifyToken(token)).statusCode).toBe(200);
    const next = await t.app.inject({ method: 'POST', url: '/api/authenticationApp', payload: { email: DEMO_ACCOUNTS.forced2fa, password: 'Demo-2026!' } });
    expect(next.json().otp_enabled).toBe(true);
    // And off again: only after the settings verification (docs/settings.md).
    expect((await post(token, 'otpCancel')).statusCode).toBe(403);
    const send = (await post(token, 'sendCode', { method: 'byEmail', purpose: 'settings' })).json();
    expect((await post(token, 'verifyCode', { code: lastCode(), t: send.t })).json()).toMatchObject({ success: true, editable_until: expect.any(String) });
    expect((await post(token, 'otpCancel')).json()).toMatchObject({ success: true, otpDeactivated: true });
  });

  it('savePromptDate needs a full session', async () => {
    const half = await tokenFor(t.app, DEMO_ACCOUNTS.forced2fa);
    expect((await post(half, 'savePromptDate')).statusCode).toBe(401);
    const full = await tokenFor(t.app, DEMO_ACCOUNTS.optional2fa);
    expect((await post(full, 'savePromptDate')).json()).toEqual({ success: true });
  });
});
