import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorEnvelope } from '../src/api/contract/envelope';
import { LEAD_PIXELS_META, leadPixelOrigins } from '../src/shared/leadPixels';
import { DEFAULT_PRODUCT_NAME, PRODUCT_NAME_META } from '../src/shared/product';
import { DEFAULT_MAXMONEY_REDEEM_LIMIT, DEFAULT_REPORT_TIME_ZONE, type MaxmoneyConfig } from './config';
import type { AccessSettings, AppContext } from './context';
import type { DB } from './db/schema';
import { compressVariants, preferredEncoding, registerCompression } from './lib/compression';
import { loadStaticFiles, registerStaticFiles } from './lib/staticFiles';
import { createListeningServer, type TlsPair } from './lib/tls';
import { registerOpenApi } from './lib/openapi';
import { registerRouteModules, type RouteDeps } from './lib/routeModules';
import { OWASP_SCRYPT, type ScryptCost } from './lib/crypto';
import { createProviders, providerFrameOrigins, type PaychangeSettings } from './modules/paychange/providers';
import { cdnOrigin } from './modules/images/cdn';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './modules/session/loginLimiter';
import { makeDummyHash } from './modules/session/service';
import { DEFAULT_CAPTCHA, type CaptchaOptions } from './modules/recovery/captcha';
import { createClickEngine } from './modules/tracking/clicks';
import { DEFAULT_TRACKING, type TrackingOptions } from './modules/tracking/options';
import { createFastClickHandler } from './modules/tracking/routes';
import { createMessenger, type Messenger } from './lib/messenger';
import type { SsrfPolicy } from './lib/ssrf';
import { diskFileStore } from './lib/storage/diskStore';
import type { FileStore } from './lib/storage/fileStore';
import { registerSessionHook } from './plugins/auth';
import { kyselyRateLimitStore } from './plugins/rateLimitStore';
import { frameworkErrors, isReservedPath, registerErrorHandling } from './plugins/errors';
import type { TrustedProxies } from './lib/trustedProxies';

/** Whether the route Fastify matched is the operator API's (its pattern, so no spelling of the address slips past). */
function isOperatorRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && (routeUrl === '/api/operator' || routeUrl.startsWith('/api/operator/'));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `html` with the content of its `<meta name="…">` element set to `content` (already escaped). */
const withMeta = (html: string, name: string, content: string) =>
  // A replacement function: a `$` in the content is text, not a replacement pattern.
  html.replace(new RegExp(`<meta name="${name}" content="[^"]*"`), () => `<meta name="${name}" content="${content}"`);

/**
 * The built index.html as the server answers it: the product name in its title and its product-name
 * meta element, the lead pixels (LEAD_PIXEL_URLS) in theirs.
 */
export function portalIndexHtml(html: string, productName: string, leadPixels: readonly string[] = []): string {
  const name = escapeHtml(productName);
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`);
  return withMeta(withMeta(titled, PRODUCT_NAME_META, name), LEAD_PIXELS_META, escapeHtml(leadPixels.join(' ')));
}

export interface AppDeps {
  db: Kysely<DB>;
  /** Pino logger options, or false for none (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built portal; when absent or missing only the API is served. */
  distDir?: string;
  /** The reverse proxies whose X-Forwarded-For is believed (config TRUST_PROXY); absent: none. */
  trustProxy?: TrustedProxies;
  /** Where /api/operator answers from (config OPERATOR_ALLOW_FROM); absent: anywhere. Elsewhere it is a 404. */
  operatorAllowFrom?: TrustedProxies;
  /** Serve HTTPS with HTTP/2 (and HTTP/1.1 over TLS) with this certificate and key (server/lib/tls.ts). */
  tls?: TlsPair;
  /** Clock, for tests of expiry. */
  now?: () => Date;
  loginLimits?: Partial<LoginLimits>;
  /** Cost of password hashes made by the server (the dummy hash for unknown e-mails). */
  passwordCost?: ScryptCost;
  /** Coarse per-IP flood limit for the whole API, in requests per minute (default 1200). */
  apiRateLimit?: number;
  /** Largest JSON body accepted, in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Report database health (engine name) at /api/health. */
  engine?: string;
  /** Mail and SMS (default: outbox table plus console). */
  messenger?: Messenger;
  /** Names the product in the portal, codes, e-mails and authenticator apps (config PRODUCT_NAME). */
  productName?: string;
  /** Image pixels the registration's thank-you step requests (config LEAD_PIXEL_URLS). */
  leadPixels?: readonly string[];
  /** MaxMoney points (config MAXMONEY_REDEEM_LIMIT; default 500 points a week). */
  maxmoney?: MaxmoneyConfig;
  /** IANA zone of report days (config REPORT_TIME_ZONE; default America/New_York). */
  reportTimeZone?: string;
  /** Where affiliate postbacks may go (config POSTBACK_ALLOW_LOOPBACK); default: public addresses only. */
  postbackPolicy?: SsrfPolicy;
  /** Tracking engine settings (TRACKING_* variables; tests shorten batches and caches). */
  tracking?: Partial<TrackingOptions>;
  /**
   * Key that seals TOTP secrets (config totpKey(): TOTP_SECRET_KEY or DATA_DIR/totp-secret.key).
   * Absent (tests): a random key for this app, so secrets it seals do not outlive it.
   */
  totpKey?: Buffer;
  /** Base of the campaign page's images (config CREATIVE_BASE_URL); default the product's own /cdn. */
  creativeBaseUrl?: string;
  /** Access requests and operators; uploadDir absent (tests): a fresh folder under the system's temp. */
  access?: Partial<AccessSettings>;
  /** The file store of uploaded material (config S3_* or UPLOAD_DIR); absent: a folder `files` in the upload folder. */
  files?: FileStore;
  /** Payment providers (config PAYONEER_*, TIPALTI_*); absent: the built-in sandbox provider page for both. */
  paychange?: PaychangeSettings;
  /** The real providers' HTTP client (tests: a stub). */
  paychangeFetch?: typeof fetch;
  /** Signs the forgot-password captcha's challenges (config captchaKey()); absent (tests): a random key for this app. */
  captchaKey?: Buffer;
  /** The captcha's proof-of-work cost (tests make it cheap). */
  captcha?: Partial<CaptchaOptions>;
}

// zod's default messages name types in its own words; these read better after "field: ".
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      return issue.input === undefined ? 'is required' : `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    }
    return undefined;
  },
});

/** Builds the whole server (no listening): API under /api, OpenAPI, and the portal when built. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // GET /go/{code} on a listening server is answered by a raw handler in front of Fastify (the
  // same engine; app.inject goes through the Fastify route): clicks are the hot path.
  const fast: { click?: ReturnType<typeof createFastClickHandler> } = {};
  const app = Fastify({
    serverFactory: (handler) =>
      createListeningServer((req, res) => {
        if (!fast.click?.(req, res)) handler(req, res);
      }, deps.tls),
    logger: deps.logger ?? false,
    // Fastify walks X-Forwarded-For from the right while the hop is a trusted proxy (the fast click path the same way).
    trustProxy: deps.trustProxy ? (address: string) => deps.trustProxy!.trusts(address) : false,
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    // Sign-in and other JSON bodies only; multipart routes raise their own limit later.
    return503OnClosing: true,
    requestIdHeader: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  registerErrorHandling(app);

  const passwordCost = deps.passwordCost ?? OWASP_SCRYPT;
  const uploadDir = deps.access?.uploadDir ?? path.join(os.tmpdir(), `portal-uploads-${process.pid}-${randomBytes(4).toString('hex')}`);
  const ctx: AppContext = {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...deps.loginLimits },
    passwordCost,
    dummyHash: makeDummyHash(passwordCost),
    reportTimeZone: deps.reportTimeZone ?? DEFAULT_REPORT_TIME_ZONE,
    postbackPolicy: deps.postbackPolicy ?? {},
    totpKey: deps.totpKey ?? randomBytes(32),
    access: {
      byRequestLimit: deps.access?.byRequestLimit ?? 10,
      uploadDir,
      operatorSessionHours: deps.access?.operatorSessionHours ?? 12,
    },
    files: deps.files ?? diskFileStore(path.join(uploadDir, 'files')),
  };
  const productName = deps.productName ?? DEFAULT_PRODUCT_NAME;
  const messenger = deps.messenger ?? createMessenger({});
  // One captcha for the forgot page and busy sign-ins: the same key signs and checks both.
  const captchaKey = deps.captchaKey ?? randomBytes(32);
  const trackingOptions: TrackingOptions = {
    ...DEFAULT_TRACKING, trustProxy: deps.trustProxy, timeZone: ctx.reportTimeZone, ...deps.tracking,
  };
  const clickEngine = createClickEngine(deps.db, trackingOptions, ctx.now, app.log);
  // The click journal takes over what an earlier process left before the server answers clicks.
  app.addHook('onReady', () => clickEngine.batcher.start());
  fast.click = createFastClickHandler(clickEngine, trackingOptions, (err) => app.log.error({ err }, 'click failed'));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A CDN named by CREATIVE_BASE_URL serves the campaign page's images.
        // ...and the lead pixels (LEAD_PIXEL_URLS) their own origins.
        imgSrc: ["'self'", 'data:', 'blob:', ...[cdnOrigin(deps.creativeBaseUrl ?? '')].filter((o): o is string => o !== null), ...leadPixelOrigins(deps.leadPixels ?? [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The Payment Settings modal's iframe: the sandbox provider page ('self') or a configured provider's.
        frameSrc: ["'self'", ...providerFrameOrigins(deps.paychange ?? {})],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin images and the payment providers' iframes later: keep COEP off.
    crossOriginEmbedderPolicy: false,
  });

  // The operator API answers only where OPERATOR_ALLOW_FROM says (before the rate limiter: no query for others).
  const operatorAllowFrom = deps.operatorAllowFrom;
  if (operatorAllowFrom) {
    app.addHook('onRequest', async (request, reply) => {
      if (isOperatorRoute(request.routeOptions.url) && !operatorAllowFrom.trusts(request.ip)) {
        return reply.code(404).send(errorEnvelope('This address does not exist.', 404));
      }
    });
  }

  await app.register(rateLimit, {
    global: true,
    // In the database: shared by every process on one Postgres and kept across restarts.
    store: kyselyRateLimitStore(deps.db),
    max: deps.apiRateLimit ?? 1200,
    timeWindow: 60_000,
    // Static files of the portal are not limited; the API and tracking paths are.
    allowList: (request) => !isReservedPath(request.url),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });

  await registerCompression(app);

  // After the rate limiter (its per-route hook comes first) and before any route: the one session check.
  registerSessionHook(app, ctx);

  await registerOpenApi(app);

  // Every module's routes (server/lib/routeModules.ts): the /api ones, then the tracking addresses and /cdn images.
  const routeDeps: RouteDeps = {
    ctx,
    messenger,
    productName,
    engine: deps.engine ?? 'unknown',
    creativeBaseUrl: deps.creativeBaseUrl,
    captchaKey,
    captcha: { ...DEFAULT_CAPTCHA, ...deps.captcha },
    tracking: trackingOptions,
    clickEngine,
    // The weekly redeem limit (MAXMONEY_REDEEM_LIMIT, server/config.ts; checked by loadConfig at start).
    maxmoney: deps.maxmoney ?? { redeemLimit: DEFAULT_MAXMONEY_REDEEM_LIMIT },
    paychangeProviders: createProviders(deps.paychange ?? {}, ctx.totpKey, deps.paychangeFetch),
  };
  await registerRouteModules(app, routeDeps);

  const distDir = deps.distDir;
  const portalBuilt = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  // index.html is answered from memory with the configured product name (and lead pixels) written in, compressed once
  // here (brotli and gzip) like the build's other files; never cached long, so a new build shows at once.
  const indexHtml = Buffer.from(portalBuilt ? portalIndexHtml(readFileSync(path.join(distDir, 'index.html'), 'utf8'), productName, deps.leadPixels) : '');
  const indexVariants = portalBuilt ? compressVariants(indexHtml) : undefined;
  const sendIndexHtml = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    if (encoding && indexVariants) return reply.header('content-encoding', encoding).send(indexVariants[encoding]);
    return reply.send(indexHtml);
  };
  if (portalBuilt) {
    app.get('/', (_request, reply) => sendIndexHtml(reply));
    app.get('/index.html', (_request, reply) => sendIndexHtml(reply));
    // The build's files from memory (server/lib/staticFiles.ts); @fastify/static below serves the rest.
    registerStaticFiles(app, loadStaticFiles(distDir));
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): sent as they are.
      preCompressed: true,
      // Vite puts content-hashed files under assets/: cache those for a year, the rest briefly.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Graceful close: in-flight requests finish, their connections close right after instead of
  // idling in keep-alive (Fastify keeps those 72 s, which would hold the shutdown).
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections?.(), 50);
    sweep.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    // Clicks waiting for their batch are written before the database closes.
    await clickEngine.batcher.close();
  });

  app.setNotFoundHandler((request, reply) => {
    // The API and the (future) tracking paths answer a JSON 404; everything else is the SPA.
    if (!isReservedPath(request.url) && portalBuilt && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndexHtml(reply);
    }
    return reply.code(404).send(errorEnvelope('This address does not exist.', 404));
  });

  return app;
}
