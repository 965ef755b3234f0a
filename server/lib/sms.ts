import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_COUNTRY } from '../../src/shared/phone';

/**
 * The SMS adapter: Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form
 * fields, HTTP basic auth), which Twilio-compatible providers answer too. The messenger
 * (server/lib/messenger.ts) calls it once a message's outbox row is committed.
 */
export interface SmsSettings {
  provider: 'twilio';
  /** Base of the API without a trailing slash (TWILIO_API_URL, default https://api.twilio.com). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Sender: an E.164 number, a short code or an alphanumeric sender ID (SMS_FROM). */
  from: string | undefined;
  /** Twilio Messaging Service that picks the sender (TWILIO_MESSAGING_SERVICE_SID). */
  messagingServiceSid: string | undefined;
  /** Time limit of one request, answer included (SMS_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
}

const DEFAULT_TWILIO_API_URL = 'https://api.twilio.com';
const DEFAULT_SMS_TIMEOUT_MS = 10_000;

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM', 'TWILIO_MESSAGING_SERVICE_SID', 'TWILIO_API_URL', 'SMS_TIMEOUT_MS'];
const SID = /^[A-Za-z0-9_-]{1,64}$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const SHORT_CODE = /^\d{3,8}$/;
const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

/**
 * SMS_PROVIDER=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM or
 * TWILIO_MESSAGING_SERVICE_SID (or both); optional TWILIO_API_URL and SMS_TIMEOUT_MS. Nothing set:
 * undefined (SMS stays in the outbox and on the console). A partial set is refused, naming what is
 * missing; the auth token is never repeated in an error.
 */
export function smsFromEnv(env: NodeJS.ProcessEnv): SmsSettings | undefined {
  const get = (name: string) => (env[name] ?? '').trim();
  const provider = get('SMS_PROVIDER');
  if (provider === '') {
    const stray = TWILIO_VARIABLES.filter((n) => get(n) !== '');
    if (stray.length) throw new Error(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but SMS_PROVIDER is not: set SMS_PROVIDER=twilio to send SMS, or unset ${stray.length === 1 ? 'it' : 'them'}`);
    return undefined;
  }
  if (provider.toLowerCase() !== 'twilio') throw new Error(`SMS_PROVIDER must be twilio (Twilio or a provider with Twilio's Messages API), got "${provider}"`);

  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'].filter((n) => get(n) === '');
  if (get('SMS_FROM') === '' && get('TWILIO_MESSAGING_SERVICE_SID') === '') missing.push('SMS_FROM or TWILIO_MESSAGING_SERVICE_SID');
  if (missing.length) throw new Error(`SMS_PROVIDER=twilio also needs ${missing.join(' and ')}`);

  const accountSid = get('TWILIO_ACCOUNT_SID');
  if (!SID.test(accountSid)) throw new Error(`TWILIO_ACCOUNT_SID must be the account's SID (on Twilio AC and 32 hex digits), got "${accountSid}"`);
  const authToken = get('TWILIO_AUTH_TOKEN');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (authToken.length > 256 || /[\s\u0000-\u001f:]/.test(authToken)) throw new Error('TWILIO_AUTH_TOKEN must be the account\'s auth token: one word without spaces or colons');
  const from = get('SMS_FROM') || undefined;
  if (from !== undefined && !E164.test(from) && !SHORT_CODE.test(from) && !SENDER_ID.test(from)) {
    throw new Error(`SMS_FROM must be a number in E.164 form (+14155550100), a short code or an alphanumeric sender ID of at most 11 characters, got "${from}"`);
  }
  const messagingServiceSid = get('TWILIO_MESSAGING_SERVICE_SID') || undefined;
  if (messagingServiceSid !== undefined && !SID.test(messagingServiceSid)) {
    throw new Error(`TWILIO_MESSAGING_SERVICE_SID must be a Messaging Service SID (on Twilio MG and 32 hex digits), got "${messagingServiceSid}"`);
  }
  return {
    provider: 'twilio',
    apiUrl: apiUrlFromEnv(get('TWILIO_API_URL')),
    accountSid,
    authToken,
    from,
    messagingServiceSid,
    timeoutMs: timeoutFromEnv(get('SMS_TIMEOUT_MS')),
  };
}

/** An https URL (http only to this machine: the auth token travels in every request), no query. */
function apiUrlFromEnv(value: string): string {
  if (value === '') return DEFAULT_TWILIO_API_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`TWILIO_API_URL must be an absolute https URL, got "${value}"`);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`TWILIO_API_URL must be an https URL (http only for localhost), got "${value}"`);
  }
  if (url.username || url.password || url.search || url.hash) throw new Error(`TWILIO_API_URL must be a plain base URL without credentials, query or fragment, got "${url.origin}${url.pathname}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function timeoutFromEnv(value: string): number {
  if (value === '') return DEFAULT_SMS_TIMEOUT_MS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 100 || n > 120_000) throw new Error(`SMS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${value}"`);
  return n;
}

/**
 * A mobile number as the product stores it (typed by the affiliate and checked by
 * src/shared/phone.ts: '+1 (917) 555-0182', '+44 7700 900123', US when it has no country code) in
 * E.164 form ('+19175550182'), or null when it cannot be one.
 */
export function toE164(number: string): string | null {
  const text = number.trim();
  if (!text || text.length > 40) return null;
  try {
    const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
    return parsed && parsed.isPossible() ? parsed.number : null;
  } catch {
    return null;
  }
}

const MAX_ERROR = 500;

/**
 * Sends one SMS. Resolves when the provider accepted it (a 2xx answer); otherwise rejects with an
 * Error whose message is meant for the outbox row's `error`: readable, at most 500 characters,
 * without the auth token.
 */
export async function sendSms(settings: SmsSettings, to: string, body: string): Promise<void> {
  const host = new URL(settings.apiUrl).host;
  const fail = (text: string): never => {
    throw new Error(redact(text, settings).slice(0, MAX_ERROR));
  };
  const number = toE164(to);
  if (!number) fail(`the mobile number "${to}" cannot be written in E.164 form`);
  const form = new URLSearchParams({ To: number!, Body: body });
  if (settings.from) form.set('From', settings.from);
  if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let status: number;
  let answer: string;
  try {
    const res = await fetch(`${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(settings),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      // A redirect is an error answer here, never followed with the credentials.
      redirect: 'manual',
      signal,
    });
    status = res.status;
    answer = await res.text();
  } catch (e) {
    if (signal.aborted) return fail(`no answer from ${host} within ${settings.timeoutMs / 1000} s`);
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return fail(`could not reach ${host}: ${cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e))}`);
  }
  if (status >= 200 && status < 300) return;
  fail(`${host} answered ${status}: ${providerError(answer)}`);
}

/** Twilio's error body is JSON with `message` and `code`; anything else is shown as plain text. */
function providerError(answer: string): string {
  try {
    const json = JSON.parse(answer) as { message?: unknown; code?: unknown };
    if (typeof json.message === 'string' && json.message.trim()) {
      return `${json.message.trim()}${typeof json.code === 'number' || typeof json.code === 'string' ? ` (code ${json.code})` : ''}`;
    }
  } catch {
    // not JSON
  }
  const text = answer.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 200) : 'no error text';
}

function basicAuth(s: SmsSettings): string {
  return `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`;
}

function redact(text: string, s: SmsSettings): string {
  return text.split(s.authToken).join('[auth token]').split(basicAuth(s).slice(6)).join('[credentials]');
}
