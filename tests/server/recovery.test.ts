import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo/seed';
import { FORGOT_PER_IP } from '../../server/modules/recovery/routes';
import { redactUrlSecrets } from '../../server/modules/tracking/logging';
import { FORGOT_MIN_MS, RESETS_PER_HOUR } from '../../server/modules/recovery/service';
import { messages as codeMessages } from '../../server/modules/twoFactor/service';
import { profileMessages } from '../../src/shared/profileOptions';
import { recoveryMessages } from '../../src/shared/recovery';
import { insertAffiliate, setupTestApp, signIn, testEngine, tokenFor, withToken, type TestContext, recordingMessenger } from './helpers';
import type { OutgoingMessage } from '../../server/lib/messenger';

let t: TestContext;
let offset = 0;
const { messenger, sent } = recordingMessenger();
const now = () => new Date(Date.now() + offset);
const NEW_PASSWORD = 'n3w-Secret!';

beforeAll(async () => {
  // A cheap proof of work: the tests solve their captchas in a few milliseconds.
  t = await setupTestApp({ now, messenger, captcha: { cost: 1, minCounter: 1, maxCounter: 30 }, tracking: { baseUrl: 'https://portal.example.com' } });
});
afterAll(() => t?.close());

let ipSerial = 0;
/** Each forgot call from its own address unless told: the per-address limit has its own test. */
const nextIp = () => `198.51.100.${++ipSerial % 250}`;

async function challenge(): Promise<Challenge> {
  const res = await t.app.inject({ method: 'GET', url: '/api/forgotPassword/challenge' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as Challenge;
}

/** What the widget puts in its hidden field: base64 of {challenge, solution}. */
async function solved(): Promise<string> {
  const c = await challenge();
  const solution = await solveChallenge({ challenge: c, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
}

const forgot = (email: string, altcha?: string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'GET', url: '/api/forgotPassword', query: { email, ...(altcha === undefined ? {} : { altcha }) }, remoteAddress });
const check = (token: string) => t.app.inject({ method: 'GET', url: '/api/resetPassword', query: { token } });
const generate = (token: string) => t.app.inject({ method: 'POST', url: '/api/resetPassword/generateCode', payload: { token } });
const reset = (token: string, password: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/resetPassword', query: { token }, payload: { token, password, code } });

const mailsTo = (email: string) => sent.filter((m) => m.channel === 'email' && m.recipient === email);
const linkToken = (m: OutgoingMessage) => /\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(m.body)![1];
const lastSmsCode = () => /\b(\d{6})\b/.exec(sent.filter((m) => m.channel === 'sms').at(-1)!.body)![1];
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let serial = 0;
async function fresh(values: Record<string, unknown> = {}) {
  const email = `recovery-${++serial}@example.com`;
  const id = await insertAffiliate(t.database, { email, status: 'active', ...values });
  return { id, email };
}

/** A reset link of a fresh affiliate, through the forgot call. */
async function linkFor(values: Record<string, unknown> = {}) {
  const a = await fresh(values);
  const res = await forgot(a.email, await solved());
  expect(res.statusCode).toBe(200);
  return { ...a, token: linkToken(mailsTo(a.email).at(-1)!) };
}

const passwordHash = async (id: number) =>
  (await t.database.db.selectFrom('affiliates').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
const count = async (table: 'password_resets' | 'outbox_messages' | 'captcha_uses') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`forgot password and its captcha (${testEngine})`, () => {
  it('refuses a request without a captcha, with a forged one or a wrong solution: 400, nothing written', async () => {
    const a = await fresh();
    const before = { resets: await count('password_resets'), outbox: await count('outbox_messages'), uses: await count('captcha_uses') };

    const missing = await forgot(a.email);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, errors: { message: recoveryMessages.captchaMissing, code: 400 } });

    const c = await challenge();
    const solution = await solveChallenge({ challenge: c, deriveKey });
    const flipLastByte = (hex: string) => `${hex.slice(0, -2)}${(Number.parseInt(hex.slice(-2), 16) ^ 0xff).toString(16).padStart(2, '0')}`;
    const payload = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const cases = [
      'not base64 json',
      payload({ challenge: { ...c, signature: 'f'.repeat(64) }, solution }),
      payload({ challenge: { ...c, parameters: { ...c.parameters, cost: 2 } }, solution }),
      payload({ challenge: c, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
      // The derived key is the proof (checked against the challenge's signed key signature). Its last
      // byte is flipped, never set to a fixed value: one key in 256 already ends in 00 (a CI run hit it).
      payload({ challenge: c, solution: { ...solution, derivedKey: flipLastByte(solution!.derivedKey) } }),
      payload({ challenge: c, solution: {} }),
      payload({ challenge: { parameters: c.parameters }, solution }),
    ];
    for (const altcha of cases) {
      const res = await forgot(a.email, altcha);
      expect(res.statusCode, altcha.slice(0, 40)).toBe(400);
      expect(res.json().errors.message).toBe(recoveryMessages.captchaInvalid);
    }
    expect({ resets: await count('password_resets'), outbox: await count('outbox_messages'), uses: await count('captcha_uses') }).toEqual(before);
    expect(mailsTo(a.email)).toHaveLength(0);
  });

  it('accepts a solved captcha once: the replay is refused and sends nothing', async () => {
    const a = await fresh();
    const altcha = await solved();
    expect((await forgot(a.email, altcha)).statusCode).toBe(200);
    expect(mailsTo(a.email)).toHaveLength(1);
    const replay = await forgot(a.email, altcha);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.message).toBe(recoveryMessages.captchaUsed);
    // Also for another address: the captcha is spent, not the address.
    const b = await fresh();
    expect((await forgot(b.email, altcha)).json().errors.message).toBe(recoveryMessages.captchaUsed);
    expect(mailsTo(a.email)).toHaveLength(1);
    expect(mailsTo(b.email)).toHaveLength(0);
  });

  it('refuses a captcha solved after it expired (5 minutes)', async () => {
    const a = await fresh();
    const altcha = await solved();
    offset += 5 * 60_000 + 1000;
    try {
      const res = await forgot(a.email, altcha);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBe(recoveryMessages.captchaInvalid);
    } finally {
      offset -= 5 * 60_000 + 1000;
    }
    expect(mailsTo(a.email)).toHaveLength(0);
  });

  it('answers known, unknown and inactive addresses alike, no faster for unknown ones; only the active account gets a link', async () => {
    const known = await fresh({ first_name: 'Kim' });
    const inactive = await fresh({ status: 'inactive' });
    const answers = [];
    for (const email of [known.email, 'nobody-here@example.com', inactive.email, `  ${known.email.toUpperCase()} `]) {
      const started = performance.now();
      const res = await forgot(email, await solved());
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ success: true }) });
    expect(mailsTo('nobody-here@example.com')).toHaveLength(0);
    expect(mailsTo(inactive.email)).toHaveLength(0);
    const mails = mailsTo(known.email);
    expect(mails).toHaveLength(2);
    // The product's configured address, never the request's Host header.
    expect(mails[1].body).toMatch(/https:\/\/portal\.example\.com\/resetPassword\?token=[A-Za-z0-9_-]{43}\b/);
    expect(mails[1].body).toContain('Kim');
    // A new link ends the earlier one; only hashes are stored.
    expect((await check(linkToken(mails[0]))).statusCode).toBe(400);
    expect((await check(linkToken(mails[1]))).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('password_resets').select('token_hash').where('affiliate_id', '=', known.id).execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(linkToken(mails[1]));
  });

  it(`sends at most ${RESETS_PER_HOUR} links per account per hour, with the same answer after that`, async () => {
    const a = await fresh();
    for (let i = 0; i < RESETS_PER_HOUR + 1; i++) {
      const res = await forgot(a.email, await solved());
      expect(res.statusCode).toBe(200);
    }
    expect(mailsTo(a.email)).toHaveLength(RESETS_PER_HOUR);
  });

  it(`limits forgot requests per address (${FORGOT_PER_IP} per 15 minutes), in the database`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < FORGOT_PER_IP; i++) expect((await forgot('nobody@example.com', await solved(), ip)).statusCode).toBe(200);
    const over = await forgot('nobody@example.com', await solved(), ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().errors.message).toMatch(/^Too many requests\. Please try again in /);
  });

  it('checks the address before the captcha is spent: a malformed one is a 400 with the page message', async () => {
    const res = await forgot('not-an-address', await solved());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe(recoveryMessages.emailInvalid);
  });
});

describe(`the reset link (${testEngine})`, () => {
  it('is never written to the request log', () => {
    expect(redactUrlSecrets('/api/resetPassword?token=abc&x=1')).toBe('/api/resetPassword?token=[redacted]&x=1');
  });

  it('answers the token check: mobile on file and the manager, or the expired-link text', async () => {
    const { token } = await linkFor();
    const ok = await check(token);
    expect(ok.statusCode).toBe(200);
    const manager = await t.database.db.selectFrom('managers').select('email').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(ok.json()).toEqual({ success: true, data: { is_mobile_added: true, manager_email: manager.email } });

    const noMobile = await linkFor({ mobile_phone: '' });
    expect((await check(noMobile.token)).json().data).toEqual({ is_mobile_added: false, manager_email: manager.email });
    const refused = await generate(noMobile.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.message).toBe(recoveryMessages.noMobile(manager.email));

    for (const bad of ['x'.repeat(43), 'nope', ' ']) {
      const res = await check(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBe(recoveryMessages.linkExpired);
    }
  });

  it('expires after an hour: the check, the code and the reset all refuse it', async () => {
    const { id, token } = await linkFor();
    expect((await generate(token)).statusCode).toBe(200);
    const code = lastSmsCode();
    const hash = await passwordHash(id);
    offset += 60 * 60_000 + 1000;
    try {
      for (const res of [await check(token), await generate(token), await reset(token, NEW_PASSWORD, code)]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.message).toBe(recoveryMessages.linkExpired);
      }
    } finally {
      offset -= 60 * 60_000 + 1000;
    }
    expect(await passwordHash(id)).toBe(hash);
  });
});

describe(`the SMS code (${testEngine})`, () => {
  it('texts 6 digits to the mobile on file, and another only after 60 seconds (429 with Retry-After)', async () => {
    const { email, token } = await linkFor({ mobile_phone: '+1 212 555 0123' });
    const first = await generate(token);
    expect(first.json()).toEqual({ success: true, resend_after: 60 });
    const sms = sent.at(-1)!;
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+1 212 555 0123', account: email });
    expect(sms.body).toMatch(/\b\d{6}\b/);

    offset += 20_000;
    try {
      const early = await generate(token);
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe('40');
      expect(early.json().errors.message).toBe(recoveryMessages.waitForCode(40));
      expect(sent.at(-1)).toBe(sms);
      offset += 41_000;
      const firstCode = lastSmsCode();
      expect((await generate(token)).statusCode).toBe(200);
      expect(sent.at(-1)).not.toBe(sms);
      // The earlier code no longer works once a new one is sent.
      if (firstCode !== lastSmsCode()) {
        const old = await reset(token, NEW_PASSWORD, firstCode);
        expect(old.statusCode).toBe(400);
        expect(old.json().errors.message).toBe(recoveryMessages.wrongCode);
      }
    } finally {
      offset -= 61_000;
    }
  });

  it('a wrong code answers the page text and changes nothing; the fifth locks the code', async () => {
    const { id, email, token } = await linkFor();
    await generate(token);
    const code = lastSmsCode();
    const hash = await passwordHash(id);
    for (let i = 1; i <= 5; i++) {
      const res = await reset(token, NEW_PASSWORD, wrongOf(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBe(i < 5 ? recoveryMessages.wrongCode : codeMessages.lockedCode);
    }
    // Locked (or throttled): even the right code is refused now, and the password is unchanged.
    const right = await reset(token, NEW_PASSWORD, code);
    expect([400, 429]).toContain(right.statusCode);
    expect(await passwordHash(id)).toBe(hash);
    expect((await signIn(t.app, email)).res.statusCode).toBe(200);
  });

  it('a reset without any code sent, or with an unknown code, is the wrong-code text', async () => {
    const { token } = await linkFor();
    const res = await reset(token, NEW_PASSWORD, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe(recoveryMessages.wrongCode);
  });

  it('an expired code (10 minutes) is refused', async () => {
    const { id, token } = await linkFor();
    await generate(token);
    const code = lastSmsCode();
    const hash = await passwordHash(id);
    offset += 10 * 60_000 + 1000;
    try {
      const res = await reset(token, NEW_PASSWORD, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBe(codeMessages.expiredCode);
    } finally {
      offset -= 10 * 60_000 + 1000;
    }
    expect(await passwordHash(id)).toBe(hash);
  });
});

describe(`setting the new password (${testEngine})`, () => {
  it('refuses a password against the rule (spec 002 §5) without using up the code', async () => {
    const { id, token } = await linkFor();
    await generate(token);
    const code = lastSmsCode();
    const hash = await passwordHash(id);
    for (const weak of ['shrt1!', 'nodigits!!', 'n0special', 'with space1!', 'x1!'.repeat(11)]) {
      const res = await reset(token, weak, code);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().errors.message).toBe(profileMessages.passwordRule);
    }
    const empty = await reset(token, '', code);
    expect(empty.json().errors.message).toBe(recoveryMessages.passwordRequired);
    const noCode = await reset(token, NEW_PASSWORD, ' ');
    expect(noCode.json().errors.message).toBe(recoveryMessages.codeRequired);
    expect(await passwordHash(id)).toBe(hash);
    expect((await reset(token, NEW_PASSWORD, code)).statusCode).toBe(200);
  });

  it('refuses a token in the query that differs from the body', async () => {
    const a = await linkFor();
    const b = await linkFor();
    const res = await t.app.inject({ method: 'POST', url: '/api/resetPassword', query: { token: a.token }, payload: { token: b.token, password: NEW_PASSWORD, code: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toBe(recoveryMessages.linkExpired);
  });

  it('the whole good path: new password, every session ended, sign-in failures forgotten, link and code spent', async () => {
    const { id, email, token } = await linkFor();
    const session = await tokenFor(t.app, email);
    // Failed sign-ins before the reset (throttled after 5 from this address).
    for (let i = 0; i < 6; i++) await signIn(t.app, email, 'wrong-password-1!', '192.0.2.9');
    expect((await signIn(t.app, email, DEMO_PASSWORD, '192.0.2.9')).res.statusCode).toBe(429);

    expect((await check(token)).statusCode).toBe(200);
    expect((await generate(token)).statusCode).toBe(200);
    const code = lastSmsCode();
    const res = await reset(token, NEW_PASSWORD, ` ${code} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    // The old session is gone, the old password refused, the new one signs in (from the throttled address too).
    expect((await t.app.inject(withToken(session, { method: 'GET', url: '/api/application/verifyToken' }))).statusCode).toBe(401);
    expect((await signIn(t.app, email, DEMO_PASSWORD, '192.0.2.10')).res.statusCode).toBe(400);
    expect((await signIn(t.app, email, NEW_PASSWORD, '192.0.2.9')).res.statusCode).toBe(200);

    // The link and the code work once.
    for (const again of [await reset(token, 'an0ther-Secret!', code), await check(token), await generate(token)]) {
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.message).toBe(recoveryMessages.linkExpired);
    }
    const row = await t.database.db.selectFrom('password_resets').select(['used_at']).where('affiliate_id', '=', id).executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });
});
