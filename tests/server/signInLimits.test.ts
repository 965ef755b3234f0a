import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/seed';
import { hashToken } from '../../server/lib/crypto';
import type { OutgoingMessage } from '../../server/lib/messenger';
import { totpCode } from '../../server/lib/totp';
import { DEFAULT_LOGIN_LIMITS } from '../../server/modules/session/loginLimiter';
import { CAPTCHA_REQUIRED_STATUS, loginMessages } from '../../src/api/contract/session';
import { DEFAULT_PRODUCT_NAME } from '../../src/shared/product';
import { recoveryMessages } from '../../src/shared/recovery';
import { insertAffiliate, recordingMessenger, setupTestApp, testEngine, withToken, type TestContext } from './helpers';

/**
 * Sign-in limits without lockouts (docs/adr/0009): an address with many failures, or an account with
 * many from elsewhere, asks for the captcha (the forgot page's ALTCHA) instead of refusing; delays
 * stay on the (account, address) pair; the owner is e-mailed about failures and security changes.
 */
let t: TestContext;
let offset = 0;
const now = () => new Date(Date.now() + offset);
const { messenger, sent } = recordingMessenger();

beforeAll(async () => {
  // A cheap proof of work: the tests solve their captchas in a few milliseconds.
  t = await setupTestApp({ now, messenger, captcha: { cost: 1, minCounter: 1, maxCounter: 30 } });
});
afterAll(() => t?.close());

/** What the widget sends: base64 of {challenge, solution}, for a challenge of the server's. */
async function solved(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/forgotPassword/challenge' });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const login = (email: string, password: string, remoteAddress: string, altcha?: string) =>
  t.app.inject({ method: 'POST', url: '/api/authenticationApp', payload: { email, password, ...(altcha ? { altcha } : {}) }, remoteAddress });

const captchaAnswer = (message: string = loginMessages.captchaRequired) => ({ success: false, errors: { message, code: CAPTCHA_REQUIRED_STATUS } });

let serial = 0;
async function owner(values: Record<string, unknown> = {}) {
  const email = `limits-${++serial}@example.com`;
  const id = await insertAffiliate(t.database, { email, ...values });
  return { id, email };
}

const mailsTo = (email: string) => sent.filter((m) => m.channel === 'email' && m.recipient === email);
const outboxTo = async (email: string) =>
  t.database.db.selectFrom('outbox_messages').select(['subject', 'body']).where('recipient', '=', email).where('channel', '=', 'email').orderBy('id').execute();

describe(`sign-in limits: captcha instead of refusal (${testEngine})`, () => {
  it('address A with 40 failures on many e-mails asks for the captcha; the owner at address B signs in at once', async () => {
    const A = '10.70.0.1';
    const B = '10.70.0.2';
    const o = await owner();
    // 40 failures from A: two on the owner's account, the rest on other e-mails (known or not).
    for (let i = 0; i < 40; i++) {
      const email = i < 2 ? o.email : `sprayed-${i}@example.org`;
      const needsCaptcha = i >= DEFAULT_LOGIN_LIMITS.perIp;
      if (needsCaptcha && i === DEFAULT_LOGIN_LIMITS.perIp) {
        // The 31st try without a solution is not counted and not refused for good: it asks.
        const asked = await login(email, 'wrong-pass-1!', A);
        expect(asked.statusCode).toBe(CAPTCHA_REQUIRED_STATUS);
        expect(asked.json()).toEqual(captchaAnswer());
      }
      const res = await login(email, 'wrong-pass-1!', A, needsCaptcha ? await solved() : undefined);
      expect(res.statusCode, `failure ${i + 1}`).toBe(400);
    }

    // The owner from B: no delay, no captcha.
    const started = performance.now();
    const fromB = await login(o.email, DEMO_PASSWORD, B);
    const ownerMs = performance.now() - started;
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['retry-after']).toBeUndefined();
    expect(ownerMs).toBeLessThan(2000);

    // A with the right password: the captcha requirement, not a refusal; the same for an unknown e-mail.
    const asked = await login(o.email, DEMO_PASSWORD, A);
    expect(asked.statusCode).toBe(CAPTCHA_REQUIRED_STATUS);
    expect(asked.json()).toEqual(captchaAnswer());
    expect(asked.headers['retry-after']).toBeUndefined();
    const unknown = await login('nobody-at-all@example.org', DEMO_PASSWORD, A);
    expect(unknown.statusCode).toBe(asked.statusCode);
    expect(unknown.json()).toEqual(asked.json());

    // With a solution it passes; the same solution again is refused (single use), as is a forged one.
    const altcha = await solved();
    const passed = await login(o.email, DEMO_PASSWORD, A, altcha);
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toMatchObject({ success: true, 'mb-aid': o.id });
    const replay = await login(o.email, DEMO_PASSWORD, A, altcha);
    expect(replay.statusCode).toBe(CAPTCHA_REQUIRED_STATUS);
    expect(replay.json()).toEqual(captchaAnswer(recoveryMessages.captchaUsed));
    const forged = await login(o.email, DEMO_PASSWORD, A, Buffer.from('{"challenge":{},"solution":{}}').toString('base64'));
    expect(forged.json()).toEqual(captchaAnswer(recoveryMessages.captchaInvalid));

    // A solution expires (5 minutes).
    const late = await solved();
    offset = 6 * 60_000;
    try {
      expect((await login(o.email, DEMO_PASSWORD, A, late)).json()).toEqual(captchaAnswer(recoveryMessages.captchaInvalid));
    } finally {
      offset = 0;
    }

    // The address's failures leave the 15-minute window: no captcha then.
    offset = 16 * 60_000;
    try {
      expect((await login(o.email, DEMO_PASSWORD, A)).statusCode).toBe(200);
    } finally {
      offset = 0;
    }
  });

  it('many failures on one account from many addresses: a captcha at new addresses (never a delay); none at the owner\'s', async () => {
    const own = '10.71.0.1';
    const o = await owner();
    expect((await login(o.email, DEMO_PASSWORD, own)).statusCode).toBe(200);
    // Ten failures from ten addresses; from the eleventh on, every new address is asked.
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.freePerAccount; i++) expect((await login(o.email, `wrong-${i}!`, `10.71.1.${i + 1}`)).statusCode).toBe(400);

    const fresh = await login(o.email, DEMO_PASSWORD, '10.71.2.1');
    expect(fresh.statusCode).toBe(CAPTCHA_REQUIRED_STATUS);
    expect(fresh.headers['retry-after']).toBeUndefined();
    // The same for an e-mail nobody has, failed as often: the rule reads the e-mail's hash and the address.
    const ghost = 'ghost-account@example.org';
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.freePerAccount; i++) expect((await login(ghost, `wrong-${i}!`, `10.71.3.${i + 1}`)).statusCode).toBe(400);
    const ghostAnswer = await login(ghost, DEMO_PASSWORD, '10.71.2.1');
    expect(ghostAnswer.statusCode).toBe(fresh.statusCode);
    expect(ghostAnswer.json()).toEqual(fresh.json());

    // The owner at their own address: straight in.
    expect((await login(o.email, DEMO_PASSWORD, own)).statusCode).toBe(200);
    // That success resets the account's count: new addresses sign in without a captcha again.
    expect((await login(o.email, DEMO_PASSWORD, '10.71.2.2')).statusCode).toBe(200);
  });

  it('delays only the (account, address) pair, with Retry-After on the 429', async () => {
    const o = await owner();
    for (let i = 0; i < 5; i++) expect((await login(o.email, `wrong-${i}!`, '10.72.0.1')).statusCode).toBe(400);
    const waiting = await login(o.email, DEMO_PASSWORD, '10.72.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect((await login(o.email, DEMO_PASSWORD, '10.72.0.2')).statusCode).toBe(200);
  });
});

describe(`security e-mails to the owner (${testEngine})`, () => {
  it('after repeated failed sign-ins: one e-mail per run of failures, not one per failure', async () => {
    const o = await owner({ first_name: 'Ada' });
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.noticeAfterFailures + 3; i++) await login(o.email, `wrong-${i}!`, `10.73.0.${(i % 3) + 1}`);
    await vi.waitFor(async () => expect(await outboxTo(o.email)).toHaveLength(1));
    const [mail] = await outboxTo(o.email);
    expect(mail.subject).toBe(`Unsuccessful sign-in attempts on your ${DEFAULT_PRODUCT_NAME} account`);
    expect(mail.body).toMatch(/^Hello Ada,/);
    expect(mail.body).toContain(`with a wrong password ${DEFAULT_LOGIN_LIMITS.noticeAfterFailures} times since your last successful sign-in`);
    expect(mail.body).toMatch(/most recently on \d{1,2} \w+ \d{4} at \d\d:\d\d \(UTC\) from the address 10\.73\.0\.2\./);
    expect(mail.body).toContain('If it was not');
    // Unknown e-mails: nothing queued for anyone.
    const before = sent.length;
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.noticeAfterFailures; i++) await login('unknown-owner@example.org', `wrong-${i}!`, '10.73.1.1');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.length).toBe(before);
  });

  it('on a new password (settings and reset), two-factor on and off, and a sign-in from a new country', async () => {
    const NL = '193.0.0.1';
    const DE = '2a01:4f8::1';
    const o = await owner({ first_name: 'Grace', country_code: 'NL', mobile_phone: '+1 (555) 555-0199' });
    const signedIn = await login(o.email, DEMO_PASSWORD, NL);
    expect(signedIn.json()).toMatchObject({ country_verified: true });
    const token = signedIn.json()['mb-app-token'] as string;
    const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject(withToken(token, { method, url: `/api${url}`, payload, remoteAddress: NL }));
    // The settings window (opened by a code in the portal), set directly.
    await t.database.db.updateTable('sessions').set({ settings_verified_until: new Date(now().getTime() + 10 * 60_000) }).where('token_hash', '=', hashToken(token)).execute();

    const NEW = 'Sunny-day-42';
    const save = await api('POST', '/affiliate/securityDetails', {
      password: DEMO_PASSWORD, newPassword1: NEW, newPassword2: NEW, security_q1: 1, security_a1: 'Blue', security_q2: 6, security_a2: 'Rex',
    });
    expect(save.statusCode, save.body).toBe(200);

    const setup = (await api('POST', '/authenticationApp/otpsetup')).json() as { secret: string };
    expect((await api('POST', '/authenticationApp/otpActivate', { secret: setup.secret, otp: totpCode(setup.secret, now()) })).json()).toMatchObject({ isTokenValid: true });
    expect((await api('POST', '/authenticationApp/otpCancel')).json()).toMatchObject({ otpDeactivated: true });
    // Off again when it was already off: nothing happened, nothing sent.
    expect((await api('POST', '/authenticationApp/otpCancel')).statusCode).toBe(200);

    // A sign-in from Germany, a country this account has not used: code verification and an e-mail.
    const abroad = await login(o.email, NEW, DE);
    expect(abroad.json()).toMatchObject({ country_verified: false });

    // The reset flow: the link, the SMS code, the new password.
    const challenge = await solved();
    expect((await t.app.inject({ method: 'GET', url: '/api/forgotPassword', query: { email: o.email, altcha: challenge } })).statusCode).toBe(200);
    const link = /\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(o.email).at(-1)!.body)![1];
    expect((await t.app.inject({ method: 'POST', url: '/api/resetPassword/generateCode', payload: { token: link } })).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec(sent.filter((m: OutgoingMessage) => m.channel === 'sms').at(-1)!.body)![1];
    const reset = await t.app.inject({ method: 'POST', url: '/api/resetPassword', payload: { token: link, password: 'Rainy-day-43', code }, remoteAddress: DE });
    expect(reset.statusCode, reset.body).toBe(200);

    const subjects = (await outboxTo(o.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Your ${DEFAULT_PRODUCT_NAME} password was changed`,
      `Two-factor authentication is on for your ${DEFAULT_PRODUCT_NAME} account`,
      `Two-factor authentication is off for your ${DEFAULT_PRODUCT_NAME} account`,
      `New sign-in to your ${DEFAULT_PRODUCT_NAME} account from Germany`,
      `Reset your ${DEFAULT_PRODUCT_NAME} password`,
      `Your ${DEFAULT_PRODUCT_NAME} password was changed`,
    ]);
    const bodies = (await outboxTo(o.email)).map((m) => m.body);
    expect(bodies[0]).toMatch(/changed on .* \(UTC\) from the address 193\.0\.0\.1 \(Netherlands\) in Settings\./);
    expect(bodies[1]).toContain('turned on');
    expect(bodies[2]).toContain('turned off');
    expect(bodies[3]).toContain('from the address 2a01:4f8::1 (Germany)');
    expect(bodies[3]).toContain('If this was not you');
    expect(bodies[5]).toContain('with a password reset link');
    for (const body of bodies.filter((_, i) => i !== 4)) expect(body).toMatch(/^Hello Grace,\n\n.+\n\nIf /s);
  });
});
