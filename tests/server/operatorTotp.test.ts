import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/lib/totp';
import { openOperatorSecret } from '../../server/modules/operator/service';
import { OperatorSessionResponse, OperatorSignInResponse } from '../../src/api/contract/operator';
import { setupTestApp, testEngine, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator } from './operatorSignIn';

/**
 * The operator's sign-in (docs/operators.md "Sign-in"): password, then an authenticator code, with the
 * set-up at the first sign-in; no session without a verified code; the affiliates' TOTP and limits.
 */
const key = randomBytes(32);
let clock = new Date('2026-12-03T12:00:00Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
let t: TestContext;
let serial = 0;

beforeAll(async () => {
  t = await setupTestApp({ totpKey: key, now: () => clock });
});
afterAll(() => t?.close());

const password = (email: string, remoteAddress: string, pw = OPERATOR_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/operator/session', payload: { email, password: pw }, remoteAddress });
const code = (challenge: string, c: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/operator/session/code', payload: { challenge, code: c }, remoteAddress });
const opens = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/operator/accessRequests', headers: { 'x-operator-token': token } })).statusCode;
const address = () => `203.0.113.${++serial}`;

/** A new operator, signed in once through the set-up: its secret. */
async function setUp(email: string, ip = address()): Promise<string> {
  await createOperator(t.database.db, email, 'manager');
  const first = OperatorSignInResponse.parse((await password(email, ip)).json());
  const res = await code(first.challenge, totpCode(first.secret!, clock), ip);
  expect(res.statusCode, res.body).toBe(200);
  return first.secret!;
}

describe(`operator sign-in (${testEngine})`, () => {
  it('asks for the set-up at the first sign-in, stores the secret sealed after its first right code, then opens a session', async () => {
    const email = 'first@totp.example';
    const id = await createOperator(t.database.db, email, 'viewer');
    const ip = address();
    const res = await password(email, ip);
    expect(res.statusCode, res.body).toBe(200);
    const first = OperatorSignInResponse.parse(res.json());
    expect(first.step).toBe('setup');
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // The half sign-in opens nothing, and nothing is stored before the code.
    expect(await opens(first.challenge)).toBe(401);
    expect((await t.database.db.selectFrom('operators').select('otp_secret').where('id', '=', id).executeTakeFirstOrThrow()).otp_secret).toBeNull();
    const wrong = await code(first.challenge, totpCode(first.secret!, new Date(clock.getTime() - 3600_000)), ip);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors.message).toMatch(/code is not correct/);
    const ok = await code(first.challenge, ` ${totpCode(first.secret!, clock)} `, ip);
    expect(ok.statusCode, ok.body).toBe(200);
    const session = OperatorSessionResponse.parse(ok.json());
    expect(session.operator).toEqual({ operator_id: id, email, role: 'viewer' });
    expect(session.token).not.toBe(first.challenge);
    expect(await opens(session.token)).toBe(200);
    // The challenge is spent: it is not a session and takes no further code.
    expect(await opens(first.challenge)).toBe(401);
    expect((await code(first.challenge, totpCode(first.secret!, clock), ip)).statusCode).toBe(403);
    const stored = (await t.database.db.selectFrom('operators').select('otp_secret').where('id', '=', id).executeTakeFirstOrThrow()).otp_secret!;
    expect(stored).toMatch(/^aesgcm1\./);
    expect(stored).not.toContain(first.secret!);
    expect(openOperatorSecret(key, id, stored)).toBe(first.secret);
  });

  it('asks for a code, not a set-up, once the authenticator is set up; a code is not taken twice', async () => {
    const email = 'second@totp.example';
    const secret = await setUp(email);
    const ip = address();
    const again = OperatorSignInResponse.parse((await password(email, ip)).json());
    expect(again.step).toBe('code');
    expect(again.secret).toBeUndefined();
    expect(again.otpauth_uri).toBeUndefined();
    // The code the set-up used is refused (replay), the next step's is taken.
    expect((await code(again.challenge, totpCode(secret, clock), ip)).statusCode).toBe(403);
    tick(30_000);
    const ok = await code(again.challenge, totpCode(secret, clock), ip);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await opens(OperatorSessionResponse.parse(ok.json()).token)).toBe(200);
  });

  it('refuses wrong passwords, unknown addresses and invitations not accepted alike, with no challenge', async () => {
    await createOperator(t.database.db, 'pw@totp.example', 'viewer');
    const ip = address();
    for (const res of [await password('pw@totp.example', ip, 'not-the-password'), await password('nobody@totp.example', ip)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.message).toBe('The e-mail address or password is not correct.');
    }
    await t.database.db.updateTable('operators').set({ password_hash: '' }).where('email', '=', 'pw@totp.example').execute();
    expect((await password('pw@totp.example', ip, '')).statusCode).toBe(400);
    expect((await password('pw@totp.example', ip, 'anything-at-all')).statusCode).toBe(403);
  });

  it('answers bad input with 400 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/session/code', payload: { challenge: 'x', code: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.message).toMatch(/6-digit code/);
    const none = await t.app.inject({ method: 'POST', url: '/api/operator/session/code', payload: {} });
    expect(none.statusCode).toBe(400);
    expect((await code('not-a-challenge', '123456', address())).statusCode).toBe(403);
  });

  it('lets a challenge expire after 15 minutes, and a disabled operator not finish', async () => {
    const email = 'late@totp.example';
    const secret = await setUp(email);
    const ip = address();
    const late = OperatorSignInResponse.parse((await password(email, ip)).json());
    tick(16 * 60_000);
    const expired = await code(late.challenge, totpCode(secret, clock), ip);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errors.message).toMatch(/sign-in has expired/);
    const next = OperatorSignInResponse.parse((await password(email, ip)).json());
    await t.database.db.updateTable('operators').set({ disabled_at: clock }).where('email', '=', email).execute();
    expect((await code(next.challenge, totpCode(secret, clock), ip)).statusCode).toBe(403);
  });
});

describe(`operator sign-in limits (${testEngine})`, () => {
  it('slows wrong codes down per account and address, ends the half sign-in, and lets the right person in elsewhere', async () => {
    const email = 'guess@totp.example';
    const secret = await setUp(email);
    tick(30_000);
    const ip = address();
    const wrong = totpCode(secret, new Date(clock.getTime() - 3600_000));
    const first = OperatorSignInResponse.parse((await password(email, ip)).json());
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await code(first.challenge, wrong, ip)).statusCode);
    // The fifth wrong code starts the throttling (429) and revokes the half sign-in, as for affiliates.
    expect(answers).toEqual([403, 403, 403, 403, 429]);
    const revoked = await code(first.challenge, totpCode(secret, clock), ip);
    expect([403, 429]).toContain(revoked.statusCode);
    // The counts are in the database: login_attempts, under the operator's own key.
    const rows = await t.database.db.selectFrom('login_attempts').select(['kind', 'succeeded']).where('account_key', 'like', 'operator:%').where('kind', '=', 'otp').where('succeeded', '=', false).execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    // From this address the next try waits (429 with Retry-After) even with the right code.
    const here = OperatorSignInResponse.parse((await password(email, ip)).json());
    const waited = await code(here.challenge, totpCode(secret, clock), ip);
    expect(waited.statusCode).toBe(429);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(0);
    // From another address, the right person is not held back, and the right code resets the count.
    const elsewhere = address();
    const other = OperatorSignInResponse.parse((await password(email, elsewhere)).json());
    const ok = await code(other.challenge, totpCode(secret, clock), elsewhere);
    expect(ok.statusCode, ok.body).toBe(200);
    // And once the delay passed, from the first address too.
    tick(15 * 60_000);
    const later = OperatorSignInResponse.parse((await password(email, ip)).json());
    expect((await code(later.challenge, totpCode(secret, clock), ip)).statusCode).toBe(200);
  });

  it('slows wrong passwords down per account and address, never the right person at another address', async () => {
    const email = 'spray@totp.example';
    await setUp(email);
    const ip = address();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await password(email, ip, `wrong-password-${i}`)).statusCode);
    expect(answers.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(answers[5]).toBe(429);
    expect((await password(email, ip)).statusCode).toBe(429);
    expect((await password(email, address())).statusCode).toBe(200);
    // An affiliate with the same e-mail address would be counted apart: the keys differ.
    const keys = await t.database.db.selectFrom('login_attempts').select('account_key').where('kind', '=', 'password').where('ip', '=', ip).execute();
    expect(new Set(keys.map((k) => k.account_key)).size).toBe(1);
  });
});
