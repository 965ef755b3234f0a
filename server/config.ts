import path from 'node:path';
import { keyFromFile, parseSecretKey } from './lib/secretBox';
import { smsFromEnv, type SmsSettings } from './lib/sms';
import type { TrustedProxies } from './lib/trustedProxies';
import type { TlsFiles } from './lib/tls';
import type { PaychangeSettings } from './modules/paychange/providers';
import { fileStoreFromEnv, type FileStoreConfig } from './lib/storage/config';
import {
  type AccessConfig,
  accessFromEnv,
  creativeBaseFromEnv,
  intFromEnv,
  leadPixelsFromEnv,
  type MaxmoneyConfig,
  maxmoneyFromEnv,
  operatorAllowFromEnv,
  paychangeFromEnv,
  type PostbackConfig,
  postbacksFromEnv,
  productNameFromEnv,
  switchFromEnv,
  timeZoneFromEnv,
  tlsFromEnv,
  type TrackingConfig,
  trackingFromEnv,
  trustProxyFromEnv,
} from './configEnv';

// Every parser of configEnv.ts is also config's: callers import the environment's parts from here.
export * from './configEnv';

/**
 * The one place that reads the environment: every other module gets its settings from here, through
 * buildApp's deps or function arguments. The parsers of each group of variables are in configEnv.ts.
 */

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
  /** Uploaded campaign material and manager pictures: a bucket (S3_*) or UPLOAD_DIR/files (server/lib/storage, docs/ops-files.md). */
  fileStore: FileStoreConfig;
  /** Campaign access requests and the operator API. */
  access: AccessConfig;
  /**
   * Payment providers (PAYONEER_*, TIPALTI_*; docs/settings.md "Payment platforms"). A provider whose
   * variables are unset is replaced by the product's built-in sandbox provider page.
   */
  paychange: PaychangeSettings;
  /** MaxMoney points (docs/rewards.md): MAXMONEY_REDEEM_LIMIT, the weekly redeem limit in points. */
  maxmoney: MaxmoneyConfig;
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
  const uploadDir = path.resolve(root, env.UPLOAD_DIR || path.join(env.DATA_DIR || 'data', 'uploads'));
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
    uploadDir,
    fileStore: fileStoreFromEnv(env, uploadDir),
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
