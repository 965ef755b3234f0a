import path from 'node:path';
import { keyFromFile, parseSecretKey } from './lib/secretBox';
import { smsFromEnv, type SmsSettings } from './lib/sms';
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

export interface Config {
  port: number;
  host: string;
  /** HOST was set; unset, the host is chosen by defaultHost (a demo network listens on 127.0.0.1 only). */
  hostFromEnv: boolean;
  /** Set: a real Postgres server. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Seed the demo network into a DATABASE_URL database when it is empty (`--demo`). */
  demo: boolean;
  buildIfNeeded: boolean;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses and CIDR ranges,
   * server/lib/trustedProxies.ts); unset, the connection's own address is the client's.
   */
  trustProxy: TrustedProxies | undefined;
  /** Where the operator API (/api/operator) answers from (OPERATOR_ALLOW_FROM); unset, from anywhere. */
  operatorAllowFrom: TrustedProxies | undefined;
  /**
   * HTTPS with HTTP/2 served by the product (TLS_CERT_FILE and TLS_KEY_FILE, PEM; both or neither).
   * Unset: plain HTTP, for a reverse proxy that terminates TLS in front (docs/server.md).
   */
  tls: TlsFiles | undefined;
  /** Directory of the built portal. */
  distDir: string;
  /** Demo network size on first start (DEMO_CAMPAIGNS, default 640). */
  demoCampaigns: number;
  /** IANA zone of report days and the dashboard's today/yesterday/month/year (REPORT_TIME_ZONE). */
  reportTimeZone: string;
  /** Tracking engine (TRACKING_*): links, click redirect, group commit. */
  tracking: TrackingConfig;
  /** Server processes (WEB_CONCURRENCY); unset or 0: one per core on Postgres, always one on PGlite. */
  webConcurrency: number | undefined;
  /** Affiliate postback worker (POSTBACK_*). */
  postbacks: PostbackConfig;
  /** Names the product in the portal, codes, e-mails and authenticator apps (PRODUCT_NAME). */
  productName: string;
  /** Mail: an smtp:// or smtps:// URL (SMTP_URL); unset, mail goes to the outbox table and the console. */
  smtpUrl: string | undefined;
  /** Sender of the product's e-mails (MAIL_FROM). */
  mailFrom: string | undefined;
  /** SMS provider (SMS_PROVIDER=twilio, TWILIO_*, SMS_FROM; server/lib/sms.ts); unset, SMS goes to the outbox table and the console. */
  sms: SmsSettings | undefined;
  /**
   * Key that encrypts TOTP secrets at rest (TOTP_SECRET_KEY: 64 hex digits or base64 of 32 bytes).
   * Unset: DATA_DIR/totp-secret.key, made on the first start (see totpKey()).
   */
  totpSecretKey: Buffer | undefined;
  /**
   * HMAC key that signs the forgot-password captcha's challenges (ALTCHA_HMAC_KEY: 64 hex digits or
   * base64 of 32 bytes). Unset: DATA_DIR/altcha-hmac.key, made on the first start (see captchaKey()).
   */
  captchaHmacKey: Buffer | undefined;
  /**
   * Sign-in country check (COUNTRY_CHECK=on|off, default on): a sign-in from a country other than the
   * account's usual ones asks for an e-mail/SMS code. Needs the real client address: TRUST_PROXY
   * behind a reverse proxy (docs/server.md).
   */
  countryCheck: boolean;
  /**
   * Base of the campaign page's creative and landing page images (CREATIVE_BASE_URL): an http(s) URL
   * of a CDN, or a path on the product. Default '/cdn', which the product serves itself.
   */
  creativeBaseUrl: string;
  /** Image pixels the registration's thank-you step requests (LEAD_PIXEL_URLS; src/shared/leadPixels.ts). */
  leadPixels: string[];
  /** Uploaded files (the ad-placement images of access requests): UPLOAD_DIR, default DATA_DIR/uploads. */
  uploadDir: string;
  /** Campaign access requests and the operator API (issue 15). */
  access: AccessConfig;
  /**
   * Payment providers (PAYONEER_*, TIPALTI_*; docs/settings.md "Payment platforms"). A provider whose
   * variables are unset is replaced by the product's built-in sandbox provider page.
   */
  paychange: PaychangeSettings;
  /** MaxMoney points (docs/rewards.md): MAXMONEY_REDEEM_LIMIT, the weekly redeem limit in points. */
  maxmoney: MaxmoneyConfig;
}

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

/**
 * The one place that reads the environment (issue 9): every other module gets its settings from
 * here, through buildApp's deps or function arguments.
 */

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

function productNameFromEnv(value: string | undefined): string {
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

function switchFromEnv(value: string | undefined, fallback: boolean, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['on', '1', 'true', 'yes'].includes(v)) return true;
  if (['off', '0', 'false', 'no'].includes(v)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function accessFromEnv(env: NodeJS.ProcessEnv): AccessConfig {
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

/**
 * Where the server listens when HOST is not set: a database that holds (or is about to get) the demo
 * network, whose passwords and authenticator secret are published, is reachable from this machine
 * only; a Postgres network started without --demo listens on every interface, as a server should.
 */
export function defaultHost(config: Pick<Config, 'databaseUrl' | 'demo'>): string {
  return !config.databaseUrl || config.demo ? '127.0.0.1' : '0.0.0.0';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): Config {
  const root = process.cwd();
  const port = intFromEnv(env.PORT, 8080, 'PORT');
  if (port > 65535) throw new Error(`PORT must be at most 65535, got ${port}`);
  const tls = tlsFromEnv(env, root);
  const databaseUrl = env.DATABASE_URL || undefined;
  const demo = argv.includes('--demo');
  const host = (env.HOST ?? '').trim();
  return {
    port,
    host: host || defaultHost({ databaseUrl, demo }),
    hostFromEnv: host !== '',
    databaseUrl,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    logLevel: env.LOG_LEVEL || 'info',
    demo,
    buildIfNeeded: argv.includes('--build-if-needed'),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    operatorAllowFrom: operatorAllowFromEnv(env.OPERATOR_ALLOW_FROM),
    tls,
    distDir: path.resolve(root, 'dist'),
    demoCampaigns: intFromEnv(env.DEMO_CAMPAIGNS, 640, 'DEMO_CAMPAIGNS'),
    reportTimeZone: timeZoneFromEnv(env.REPORT_TIME_ZONE),
    tracking: trackingFromEnv(env, port, tls ? 'https' : 'http'),
    webConcurrency: intFromEnv(env.WEB_CONCURRENCY, 0, 'WEB_CONCURRENCY') || undefined,
    postbacks: postbacksFromEnv(env),
    productName: productNameFromEnv(env.PRODUCT_NAME),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    sms: smsFromEnv(env),
    totpSecretKey: env.TOTP_SECRET_KEY ? parseSecretKey(env.TOTP_SECRET_KEY, 'TOTP_SECRET_KEY') : undefined,
    captchaHmacKey: env.ALTCHA_HMAC_KEY ? parseSecretKey(env.ALTCHA_HMAC_KEY, 'ALTCHA_HMAC_KEY') : undefined,
    countryCheck: switchFromEnv(env.COUNTRY_CHECK, true, 'COUNTRY_CHECK'),
    creativeBaseUrl: creativeBaseFromEnv(env.CREATIVE_BASE_URL),
    leadPixels: leadPixelsFromEnv(env.LEAD_PIXEL_URLS),
    uploadDir: path.resolve(root, env.UPLOAD_DIR || path.join(env.DATA_DIR || 'data', 'uploads')),
    access: accessFromEnv(env),
    paychange: paychangeFromEnv(env),
    maxmoney: maxmoneyFromEnv(env),
  };
}

/** Where the TOTP key is kept when TOTP_SECRET_KEY is not set. */
export function totpKeyFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'totp-secret.key');
}

/**
 * The key that encrypts TOTP secrets: TOTP_SECRET_KEY, else the key file in DATA_DIR, made on the
 * first start. On Postgres the file works for processes sharing one DATA_DIR (one machine); servers
 * on several machines must share the key, so there TOTP_SECRET_KEY is the way (docs/server.md).
 */
export function totpKey(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'totpSecretKey'>,
  log: (message: string) => void = () => {},
): Buffer {
  if (config.totpSecretKey) return config.totpSecretKey;
  const file = totpKeyFile(config);
  const { key, created } = keyFromFile(file, 'TOTP_SECRET_KEY');
  if (created) {
    log(`made a new key for TOTP secrets at ${file}: back it up with the database${config.databaseUrl ? '; servers on other machines need it as TOTP_SECRET_KEY' : ''}`);
  }
  return key;
}

/**
 * The key that signs captcha challenges (docs/recovery.md): ALTCHA_HMAC_KEY, else DATA_DIR/altcha-hmac.key,
 * made on the first start like the TOTP key. Servers on several machines share it through ALTCHA_HMAC_KEY.
 */
export function captchaKey(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'captchaHmacKey'>,
  log: (message: string) => void = () => {},
): Buffer {
  if (config.captchaHmacKey) return config.captchaHmacKey;
  const file = path.join(config.dataDir, 'altcha-hmac.key');
  const { key, created } = keyFromFile(file, 'ALTCHA_HMAC_KEY');
  if (created) log(`made a new key for captcha challenges at ${file}${config.databaseUrl ? '; servers on other machines need it as ALTCHA_HMAC_KEY' : ''}`);
  return key;
}

/** The embedded database lives in DATA_DIR/pglite (uploads and other files get their own folders). */
export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}
