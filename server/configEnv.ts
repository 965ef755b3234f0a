import path from 'node:path';
import { parseAddressList, parseTrustedProxies, type TrustedProxies } from './lib/trustedProxies';
import type { TlsFiles } from './lib/tls';
import { EASTERN_TIME_ZONE } from '../src/shared/dates';
import { parseLeadPixels } from '../src/shared/leadPixels';
import { DEFAULT_PRODUCT_NAME } from '../src/shared/product';
import type { JournalSync } from './modules/tracking/journal';
import type { TrackingOptions } from './modules/tracking/options';
import { MAX_PROCESS_INDEX } from './modules/tracking/rollupShards';
import { DEFAULT_LINK_CACHE_ENTRIES } from './modules/tracking/linkCache';
import { PROCESS_COUNT_ENV, PROCESS_INDEX_ENV } from './cluster';
import { DEFAULT_CREATIVE_BASE } from './modules/images/cdn';
import type { PaychangeSettings } from './modules/paychange/providers';

/** The parsers of server/config.ts: each reads one group of environment variables and says what is wrong with them. */
export interface MaxmoneyConfig {
  /** Points an affiliate may redeem per redeem week (Tuesday 00:00 to Monday 23:59:59 Eastern), pending and paid together. */
  redeemLimit: number;
}

/** The weekly redeem limit when MAXMONEY_REDEEM_LIMIT is unset, in points (one point is one US dollar). */
export const DEFAULT_MAXMONEY_REDEEM_LIMIT = 500;

/** MAXMONEY_REDEEM_LIMIT: a positive number of points with at most two decimals (default 500). */
export function maxmoneyFromEnv(env: NodeJS.ProcessEnv): MaxmoneyConfig {
  const raw = (env.MAXMONEY_REDEEM_LIMIT ?? '').trim();
  if (raw === '') return { redeemLimit: DEFAULT_MAXMONEY_REDEEM_LIMIT };
  const n = Number(raw);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || !Number.isFinite(n) || n <= 0 || n > 1_000_000) {
    throw new Error(`MAXMONEY_REDEEM_LIMIT must be a number of points above 0 (at most 1000000, two decimals), got "${raw}"`);
  }
  return { redeemLimit: n };
}

export interface AccessConfig {
  /** BY_REQUEST_LIMIT: how many requests an affiliate may have waiting for review (default 10). */
  byRequestLimit: number;
  /** OPERATOR_SESSION_HOURS: lifetime of an operator's token (default 12). */
  operatorSessionHours: number;
  /**
   * OPERATOR_EMAIL and OPERATOR_PASSWORD, both set: this operator account is made (or its password
   * set) when the server starts, for containers and tests where `npm run operator -- create` cannot run.
   */
  bootstrapOperator: { email: string; password: string } | undefined;
}


/** The tracking engine's knobs that come from the environment (the rest come from the app). */
export type TrackingConfig = Pick<
  TrackingOptions,
  'baseUrl' | 'fallbackUrl' | 'countryHeader' | 'linkCacheMs' | 'linkCacheEntries' | 'clickBatchMax' | 'clickBatchDelayMs' | 'clickBatchConcurrency' | 'clickQueueMax' | 'processIndex' | 'clickJournal'
>;

export interface PostbackConfig {
  timeoutMs: number;
  retryBaseMs: number;
  maxAgeMs: number;
  pollMs: number;
  /** Development and tests only: postbacks may reach 127.0.0.0/8 and ::1. */
  allowLoopback: boolean;
}

function urlFromEnv(value: string | undefined, name: string): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

export function trackingFromEnv(env: NodeJS.ProcessEnv, port: number, scheme: 'http' | 'https' = 'http'): TrackingConfig {
  const header = (env.TRACKING_COUNTRY_HEADER ?? '').trim().toLowerCase();
  if (header && !/^[a-z0-9-]{1,64}$/.test(header)) throw new Error(`TRACKING_COUNTRY_HEADER must be a header name, got "${header}"`);
  return {
    baseUrl: urlFromEnv(env.TRACKING_BASE_URL, 'TRACKING_BASE_URL') ?? `${scheme}://localhost:${port}`,
    fallbackUrl: urlFromEnv(env.TRACKING_FALLBACK_URL, 'TRACKING_FALLBACK_URL'),
    countryHeader: header || null,
    linkCacheMs: intFromEnv(env.TRACKING_LINK_CACHE_MS, 5000, 'TRACKING_LINK_CACHE_MS'),
    linkCacheEntries: Math.max(1, intFromEnv(env.TRACKING_LINK_CACHE_ENTRIES, DEFAULT_LINK_CACHE_ENTRIES, 'TRACKING_LINK_CACHE_ENTRIES')),
    clickBatchMax: Math.max(1, intFromEnv(env.CLICK_BATCH_MAX, 500, 'CLICK_BATCH_MAX')),
    clickBatchDelayMs: intFromEnv(env.CLICK_BATCH_DELAY_MS, 1, 'CLICK_BATCH_DELAY_MS'),
    clickBatchConcurrency: Math.max(1, intFromEnv(env.CLICK_BATCH_CONCURRENCY, 1, 'CLICK_BATCH_CONCURRENCY')),
    clickQueueMax: intFromEnv(env.CLICK_QUEUE_MAX, 0, 'CLICK_QUEUE_MAX'),
    // Set by the primary for each server process it forks (server/cluster.ts), not by operators.
    processIndex: Math.min(MAX_PROCESS_INDEX, intFromEnv(env[PROCESS_INDEX_ENV], 0, PROCESS_INDEX_ENV)),
    clickJournal: env.DATABASE_URL && switchFromEnv(env.CLICK_JOURNAL, true, 'CLICK_JOURNAL')
      ? {
        dir: path.resolve(process.cwd(), env.CLICK_JOURNAL_DIR || path.join(env.DATA_DIR || 'data', 'click-journal')),
        rotateMs: Math.max(10, intFromEnv(env.CLICK_JOURNAL_ROTATE_MS, 200, 'CLICK_JOURNAL_ROTATE_MS')),
        maxBacklogBytes: Math.max(1, intFromEnv(env.CLICK_JOURNAL_MAX_MB, 1024, 'CLICK_JOURNAL_MAX_MB')) * 1024 * 1024,
        sync: journalSyncFromEnv(env.CLICK_JOURNAL_SYNC),
        // Set by the primary for each server process it forks (server/cluster.ts).
        processCount: Math.max(1, intFromEnv(env[PROCESS_COUNT_ENV], 1, PROCESS_COUNT_ENV)),
      }
      : null,
  };
}

export function postbacksFromEnv(env: NodeJS.ProcessEnv): PostbackConfig {
  return {
    timeoutMs: Math.max(100, intFromEnv(env.POSTBACK_TIMEOUT_MS, 10_000, 'POSTBACK_TIMEOUT_MS')),
    retryBaseMs: Math.max(10, intFromEnv(env.POSTBACK_RETRY_BASE_MS, 30_000, 'POSTBACK_RETRY_BASE_MS')),
    maxAgeMs: intFromEnv(env.POSTBACK_MAX_AGE_HOURS, 24, 'POSTBACK_MAX_AGE_HOURS') * 3600_000,
    pollMs: Math.max(10, intFromEnv(env.POSTBACK_POLL_MS, 1000, 'POSTBACK_POLL_MS')),
    allowLoopback: env.POSTBACK_ALLOW_LOOPBACK === '1' || env.POSTBACK_ALLOW_LOOPBACK === 'true',
  };
}

/** The network's clock: report days are Eastern-time days unless REPORT_TIME_ZONE says otherwise. */
export const DEFAULT_REPORT_TIME_ZONE = EASTERN_TIME_ZONE;

export function timeZoneFromEnv(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_REPORT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new Error(`REPORT_TIME_ZONE must be an IANA time zone such as America/New_York, got "${value}"`);
  }
  return value;
}

export function productNameFromEnv(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (name === '') return DEFAULT_PRODUCT_NAME;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (name.length > 60 || /[\u0000-\u001f<>]/.test(name)) throw new Error(`PRODUCT_NAME must be plain text of at most 60 characters, got "${name}"`);
  return name;
}

/** CREATIVE_BASE_URL: an absolute http(s) URL or a path starting with '/', without its trailing slash. */
export function creativeBaseFromEnv(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') return DEFAULT_CREATIVE_BASE;
  if (/^\/[^/\\]/.test(v) && !/[\s?#]/.test(v)) return v.replace(/\/+$/, '');
  return urlFromEnv(v, 'CREATIVE_BASE_URL') ?? DEFAULT_CREATIVE_BASE;
}

export function leadPixelsFromEnv(value: string | undefined): string[] {
  const parsed = parseLeadPixels(value ?? '');
  if ('error' in parsed) throw new Error(`LEAD_PIXEL_URLS must be image pixel addresses separated by spaces: ${parsed.error}`);
  return parsed.pixels;
}

function journalSyncFromEnv(value: string | undefined): JournalSync {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'segment';
  if (v === 'segment' || v === 'append') return v;
  throw new Error(`CLICK_JOURNAL_SYNC must be segment or append, got "${value}"`);
}

export function switchFromEnv(value: string | undefined, fallback: boolean, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['on', '1', 'true', 'yes'].includes(v)) return true;
  if (['off', '0', 'false', 'no'].includes(v)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

export function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

export function accessFromEnv(env: NodeJS.ProcessEnv): AccessConfig {
  const email = (env.OPERATOR_EMAIL ?? '').trim();
  const password = env.OPERATOR_PASSWORD ?? '';
  if ((email === '') !== (password === '')) throw new Error('OPERATOR_EMAIL and OPERATOR_PASSWORD are set together or not at all');
  if (password !== '' && password.length < 12) throw new Error('OPERATOR_PASSWORD must be at least 12 characters');
  const byRequestLimit = intFromEnv(env.BY_REQUEST_LIMIT, 10, 'BY_REQUEST_LIMIT');
  const operatorSessionHours = intFromEnv(env.OPERATOR_SESSION_HOURS, 12, 'OPERATOR_SESSION_HOURS');
  if (byRequestLimit < 1) throw new Error('BY_REQUEST_LIMIT must be at least 1');
  if (operatorSessionHours < 1) throw new Error('OPERATOR_SESSION_HOURS must be at least 1');
  return { byRequestLimit, operatorSessionHours, bootstrapOperator: email ? { email: email.toLowerCase(), password } : undefined };
}

function envChoice<T extends string>(value: string | undefined, choices: readonly T[], fallback: T, name: string): T {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (!(choices as readonly string[]).includes(v)) throw new Error(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
  return v as T;
}

/**
 * PAYONEER_PROGRAM_ID + PAYONEER_CLIENT_ID + PAYONEER_CLIENT_SECRET (all or none), PAYONEER_ENV
 * (sandbox | production), optional PAYONEER_API_URL, PAYONEER_AUTH_URL, PAYONEER_FRAME_ORIGIN;
 * TIPALTI_PAYER + TIPALTI_KEY (both or none), TIPALTI_ENV (sandbox | production), optional
 * TIPALTI_IFRAME_URL. None set: the built-in sandbox provider page.
 */
export function paychangeFromEnv(env: NodeJS.ProcessEnv): PaychangeSettings {
  const get = (name: string) => (env[name] ?? '').trim();
  const settings: PaychangeSettings = {};
  const payoneer = ['PAYONEER_PROGRAM_ID', 'PAYONEER_CLIENT_ID', 'PAYONEER_CLIENT_SECRET'];
  const payoneerSet = payoneer.filter((n) => get(n) !== '');
  if (payoneerSet.length > 0 && payoneerSet.length < payoneer.length) throw new Error(`${payoneer.join(', ')} are set together or not at all`);
  if (payoneerSet.length) {
    settings.payoneer = {
      programId: get('PAYONEER_PROGRAM_ID'),
      clientId: get('PAYONEER_CLIENT_ID'),
      clientSecret: get('PAYONEER_CLIENT_SECRET'),
      env: envChoice(env.PAYONEER_ENV, ['sandbox', 'production'] as const, 'sandbox', 'PAYONEER_ENV'),
      apiUrl: urlFromEnv(env.PAYONEER_API_URL, 'PAYONEER_API_URL') ?? undefined,
      authUrl: urlFromEnv(env.PAYONEER_AUTH_URL, 'PAYONEER_AUTH_URL') ?? undefined,
      frameOrigin: urlFromEnv(env.PAYONEER_FRAME_ORIGIN, 'PAYONEER_FRAME_ORIGIN') ?? undefined,
    };
  }
  const tipaltiSet = ['TIPALTI_PAYER', 'TIPALTI_KEY'].filter((n) => get(n) !== '');
  if (tipaltiSet.length === 1) throw new Error('TIPALTI_PAYER and TIPALTI_KEY are set together or not at all');
  if (tipaltiSet.length === 2) {
    settings.tipalti = {
      payer: get('TIPALTI_PAYER'),
      key: get('TIPALTI_KEY'),
      env: envChoice(env.TIPALTI_ENV, ['sandbox', 'production'] as const, 'sandbox', 'TIPALTI_ENV'),
      baseUrl: urlFromEnv(env.TIPALTI_IFRAME_URL, 'TIPALTI_IFRAME_URL') ?? undefined,
    };
  }
  return settings;
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both (HTTPS), or neither (HTTP). Paths relative to the working directory. */
export function tlsFromEnv(env: NodeJS.ProcessEnv, root: string = process.cwd()): TlsFiles | undefined {
  const cert = env.TLS_CERT_FILE?.trim();
  const key = env.TLS_KEY_FILE?.trim();
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error(`TLS_CERT_FILE and TLS_KEY_FILE go together: ${cert ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'} is not set`);
  return { certFile: path.resolve(root, cert), keyFile: path.resolve(root, key) };
}

/** TRUST_PROXY: unset, empty, off or 0: no proxy is trusted; otherwise a list of addresses and ranges. */
export function trustProxyFromEnv(value: string | undefined): TrustedProxies | undefined {
  const v = (value ?? '').trim();
  if (v === '' || ['off', '0', 'false', 'no'].includes(v.toLowerCase())) return undefined;
  return parseTrustedProxies(v);
}

/** OPERATOR_ALLOW_FROM: unset or empty: the operator API answers from anywhere. */
export function operatorAllowFromEnv(value: string | undefined): TrustedProxies | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  return parseAddressList(v, 'OPERATOR_ALLOW_FROM', 'the addresses or CIDR ranges operators connect from');
}
