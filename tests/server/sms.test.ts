import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/db/demo/seed';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { createMessenger, type Messenger } from '../../server/lib/messenger';
import { smsFromEnv, toE164, type SmsSettings } from '../../server/lib/sms';
import { openTestDatabase, signIn, SMALL_DEMO, testEngine, withToken, type TestDatabase } from './helpers';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'f00dfeedf00dfeedf00dfeedf00dfeed';
const FROM = '+15005550006';

interface Received { method: string; url: string; authorization: string; contentType: string; form: URLSearchParams }

/** A Twilio stand-in on 127.0.0.1: records each request and answers as `mode` says. */
let mode: 'created' | 'refused' | 'echo' | 'hang' = 'created';
const received: Received[] = [];
let receiver: Server;
let apiUrl: string;

let database: TestDatabase;
let app: FastifyInstance;
const printed: string[] = [];

const settings = (extra: Partial<SmsSettings> = {}): SmsSettings => ({
  ...smsFromEnv({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: FROM, TWILIO_API_URL: apiUrl })!,
  ...extra,
});
const messenger = (sms: SmsSettings | undefined): Messenger => createMessenger({ sms, db: database.db, print: (line) => printed.push(line) });

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? '', contentType: req.headers['content-type'] ?? '', form });
    if (mode === 'hang') return; // never answers
    if (mode === 'echo') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 20003, message: `Authenticate: got ${req.headers.authorization}, token ${TOKEN}`, status: 401 }));
      return;
    }
    if (mode === 'refused') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 21211, message: `The 'To' number ${form.get('To')} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }));
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to: form.get('To'), body: form.get('Body') }));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const opened = await openTestDatabase(true);
  database = opened;
  if (!opened.seeded) await seedDemo(opened.db, SMALL_DEMO);
  app = await buildApp({ db: database.db, engine: database.engine, passwordCost: TEST_SCRYPT, messenger: messenger(settings()) });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The newest SMS row to this recipient. */
const lastRow = (recipient: string) =>
  database.db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'sms').where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirst();

/** The row once its delivery has an outcome (sent_at or error). */
async function settled(recipient: string) {
  return vi.waitFor(async () => {
    const row = await lastRow(recipient);
    if (!row || (!row.sent_at && !row.error)) throw new Error(`no outcome yet for ${recipient}`);
    return row;
  }, { timeout: 10_000, interval: 20 });
}

describe('SMS settings (smsFromEnv)', () => {
  const full = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: FROM };

  it('nothing set: no SMS provider; the full set: Twilio with its defaults', () => {
    expect(smsFromEnv({})).toBeUndefined();
    expect(smsFromEnv(full)).toEqual({
      provider: 'twilio', apiUrl: 'https://api.twilio.com', accountSid: SID, authToken: TOKEN, from: FROM, messagingServiceSid: undefined, timeoutMs: 10_000,
    });
    expect(smsFromEnv({ ...full, SMS_PROVIDER: 'Twilio', SMS_FROM: '', TWILIO_MESSAGING_SERVICE_SID: 'MG0123456789abcdef0123456789abcdef', TWILIO_API_URL: 'https://sms.example.com/api/laml/', SMS_TIMEOUT_MS: '5000' }))
      .toMatchObject({ apiUrl: 'https://sms.example.com/api/laml', from: undefined, messagingServiceSid: 'MG0123456789abcdef0123456789abcdef', timeoutMs: 5000 });
  });

  it('refuses a partial or wrong set in words, never repeating the auth token', () => {
    const error = (env: NodeJS.ProcessEnv) => {
      try {
        smsFromEnv(env);
      } catch (e) {
        expect(String(e)).not.toContain(TOKEN);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(error({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN })).toBe('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN are set but SMS_PROVIDER is not: set SMS_PROVIDER=twilio to send SMS, or unset them');
    expect(error({ ...full, SMS_PROVIDER: 'nexmo' })).toBe('SMS_PROVIDER must be twilio (Twilio or a provider with Twilio\'s Messages API), got "nexmo"');
    expect(error({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID })).toBe('SMS_PROVIDER=twilio also needs TWILIO_AUTH_TOKEN and SMS_FROM or TWILIO_MESSAGING_SERVICE_SID');
    expect(error({ ...full, TWILIO_ACCOUNT_SID: 'AC 123' })).toMatch(/^TWILIO_ACCOUNT_SID must be the account's SID/);
    expect(error({ ...full, TWILIO_AUTH_TOKEN: `${TOKEN} x` })).toMatch(/^TWILIO_AUTH_TOKEN must be/);
    expect(error({ ...full, SMS_FROM: '+1 (500) 555-0006' })).toMatch(/^SMS_FROM must be a number in E\.164 form/);
    expect(error({ ...full, TWILIO_API_URL: 'http://sms.example.com' })).toBe('TWILIO_API_URL must be an https URL (http only for localhost), got "http://sms.example.com"');
    expect(error({ ...full, TWILIO_API_URL: `https://${SID}:${TOKEN}@api.twilio.com` })).toMatch(/^TWILIO_API_URL must be a plain base URL without credentials/);
    expect(error({ ...full, SMS_TIMEOUT_MS: '10s' })).toMatch(/^SMS_TIMEOUT_MS must be a whole number/);
  });

  it('writes stored mobile numbers in E.164 form (no country code: US)', () => {
    expect(toE164('+1 (917) 555-0182')).toBe('+19175550182');
    expect(toE164('+44 7700 900123')).toBe('+447700900123');
    expect(toE164('(212) 555-0147')).toBe('+12125550147');
    expect(toE164('call me')).toBeNull();
    expect(toE164('')).toBeNull();
  });
});

describe(`SMS through a Twilio-compatible API (${testEngine})`, () => {
  it('a sign-in code by SMS: posted to the Messages API with basic auth and form fields; the row is sent; the code works', async () => {
    mode = 'created';
    const { body } = await signIn(app, DEMO_ACCOUNTS.unverified);
    const token = body['mb-app-token'] as string;
    const before = received.length;
    const send = await app.inject(withToken(token, { method: 'POST', url: '/api/authenticationApp/sendCode', payload: { method: 'bySMS', purpose: 'login' } }));
    expect(send.statusCode).toBe(200);
    const row = await settled('+44 7700 900123');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.error).toBeNull();

    expect(received.length).toBe(before + 1);
    const request = received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect([...request.form.keys()].sort()).toEqual(['Body', 'From', 'To']);
    expect(request.form.get('To')).toBe('+447700900123');
    expect(request.form.get('From')).toBe(FROM);
    expect(request.form.get('Body')).toBe(row.body);
    // Without SMTP_URL the code is still on the console and in the outbox.
    expect(printed.at(-1)).toContain(`[outbox] sms to +44 7700 900123 (${DEMO_ACCOUNTS.unverified}): ${row.body}`);

    const code = /\b(\d{6})\b/.exec(request.form.get('Body')!)![1];
    const verify = await app.inject(withToken(token, { method: 'POST', url: '/api/authenticationApp/verifyCode', payload: { code, t: send.json().t } }));
    expect(verify.json()).toEqual({ success: true });
  });

  it('a Messaging Service instead of a sender number sends MessagingServiceSid', async () => {
    mode = 'created';
    await messenger(settings({ from: undefined, messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' })).queue(database.db, { channel: 'sms', recipient: '+1 (312) 555-0190', body: 'hello' });
    expect((await settled('+1 (312) 555-0190')).sent_at).toBeInstanceOf(Date);
    const form = received.at(-1)!.form;
    expect([...form.keys()].sort()).toEqual(['Body', 'MessagingServiceSid', 'To']);
    expect(form.get('MessagingServiceSid')).toBe('MG0123456789abcdef0123456789abcdef');
  });

  it('a 400 with a Twilio error body: the row gets its message and code, never the auth token', async () => {
    mode = 'refused';
    await database.db.transaction().execute((trx) => messenger(settings()).queue(trx, { channel: 'sms', recipient: '+1 (312) 555-0191', body: 'hello' }));
    const row = await settled('+1 (312) 555-0191');
    expect(row.sent_at).toBeNull();
    expect(row.error).toBe(`${new URL(apiUrl).host} answered 400: The 'To' number +13125550191 is not a valid phone number. (code 21211)`);
  });

  it('a provider that echoes the credentials in its error: they are blanked on the row', async () => {
    mode = 'echo';
    await messenger(settings()).queue(database.db, { channel: 'sms', recipient: '+1 (312) 555-0192', body: 'hello' });
    const row = await settled('+1 (312) 555-0192');
    expect(row.error).toBe(`${new URL(apiUrl).host} answered 401: Authenticate: got Basic [credentials], token [auth token] (code 20003)`);
  });

  it('a number that cannot be written in E.164 form: no request, the row says why', async () => {
    const before = received.length;
    await messenger(settings()).queue(database.db, { channel: 'sms', recipient: 'call me', body: 'hello' });
    expect((await settled('call me')).error).toBe('the mobile number "call me" cannot be written in E.164 form');
    expect(received.length).toBe(before);
  });

  it('a provider that does not answer: the request is abandoned after the time limit and the row says so', async () => {
    mode = 'hang';
    const before = received.length;
    const started = Date.now();
    await messenger(settings({ timeoutMs: 300 })).queue(database.db, { channel: 'sms', recipient: '+1 (312) 555-0193', body: 'hello' });
    const row = await settled('+1 (312) 555-0193');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(received.length).toBe(before + 1);
    expect(row.sent_at).toBeNull();
    expect(row.error).toBe(`no answer from ${new URL(apiUrl).host} within 0.3 s`);
  });

  it('a provider that cannot be reached: the row names the address and the reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await messenger(settings({ apiUrl: `http://127.0.0.1:${port}` })).queue(database.db, { channel: 'sms', recipient: '+1 (312) 555-0194', body: 'hello' });
    expect((await settled('+1 (312) 555-0194')).error).toBe(`could not reach 127.0.0.1:${port}: ECONNREFUSED`);
  });

  it('a code whose transaction rolls back is never sent', async () => {
    mode = 'created';
    const before = received.length;
    const sms = messenger(settings());
    await expect(database.db.transaction().execute(async (trx) => {
      await sms.queue(trx, { channel: 'sms', recipient: '+1 (312) 555-0195', body: 'hello' });
      throw new Error('the caller fails after queueing');
    })).rejects.toThrow('the caller fails');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await lastRow('+1 (312) 555-0195')).toBeUndefined();
    expect(received.length).toBe(before);
  });

  it('without SMS settings nothing is sent: the code is in the outbox and on the console only', async () => {
    mode = 'created';
    const before = received.length;
    await messenger(undefined).queue(database.db, { channel: 'sms', recipient: '+1 (312) 555-0196', body: 'Your code is 123456', account: 'x@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const row = await lastRow('+1 (312) 555-0196');
    expect(row).toMatchObject({ body: 'Your code is 123456', sent_at: null, error: null });
    expect(received.length).toBe(before);
    expect(printed.at(-1)).toBe('[outbox] sms to +1 (312) 555-0196 (x@example.com): Your code is 123456');
  });
});
