import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errorEnvelope } from '../../../src/api/contract/envelope';
import { trackingEndpoints, trackingSiteEndpoints, type ConversionIntakeQuery } from '../../../src/api/contract/tracking';
import type { DB } from '../../db/schema';
import type { OpenApiResponse, RouteDocs } from '../../lib/openapi';
import { route } from '../../lib/route';
import { clientAddress } from '../../lib/trustedProxies';
import type { ClickEngine, ClickOutcome, ClickRequest } from './clicks';
import type { ConversionResult } from './conversionRules';
import { ConversionBatcher } from './conversions';
import { clicksWaitingInJournals } from './journal';
import { buildTrackingLink } from './links';
import type { TrackingOptions } from './options';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

const CLICK_COOKIE_DAYS = 30;
export const clickCookieName = (campaignId: number) => `pp_ck_${campaignId}`;

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offer unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1f2933}</style></head>
<body><h1>This offer is no longer available</h1><p>The link you followed has expired or is not active right now.</p></body></html>`;
const UNAVAILABLE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Try again</title></head>
<body><h1>Please try again in a moment</h1><p>We could not open this offer right now.</p></body></html>`;
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** What a search-safe link's redirect adds (the browser applies a redirect's Referrer-Policy to the next request). */
export const SEARCH_SAFE_HEADERS = { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' } as const;

interface PlainResponse { status: number; headers: Record<string, string>; body: string | Buffer }

/** The click cookie's attributes after its value, per base URL (built once, not per click). */
const cookieTails = new Map<string, string>();
function cookieTail(baseUrl: string): string {
  let tail = cookieTails.get(baseUrl);
  if (tail === undefined) {
    const secure = baseUrl.startsWith('https:');
    tail = `; Path=/; Max-Age=${CLICK_COOKIE_DAYS * 86400}; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
    cookieTails.set(baseUrl, tail);
  }
  return tail;
}

/**
 * The HTTP answer of a click outcome, shared by the Fastify route and the raw fast path. Each answer's
 * headers are one object literal: this runs for every click, and object spread costs several
 * microseconds a call on Node 20 (measured: 15 us per answer with spreads, under 1 us without).
 */
export function clickResponse(outcome: ClickOutcome, options: TrackingOptions): PlainResponse {
  const cache = 'no-store';
  if (outcome.kind === 'redirect') {
    const headers: Record<string, string> = outcome.safe
      // Search-safe: the page the visitor came from (a search result, the affiliate's site) is not passed
      // on to the advertiser, and the redirect is not indexed (docs/tracking.md "Search-safe links").
      ? { 'cache-control': cache, 'referrer-policy': SEARCH_SAFE_HEADERS['referrer-policy'], 'x-robots-tag': SEARCH_SAFE_HEADERS['x-robots-tag'], location: outcome.location, 'content-length': '0' }
      : { 'cache-control': cache, 'referrer-policy': 'no-referrer-when-downgrade', location: outcome.location, 'content-length': '0' };
    // HEAD recorded no click: no click cookie either.
    if (outcome.recorded) headers['set-cookie'] = `${clickCookieName(outcome.campaignId)}=${outcome.clickId}${cookieTail(options.baseUrl)}`;
    return { status: 302, headers, body: '' };
  }
  const referrer = 'no-referrer-when-downgrade';
  if (outcome.kind === 'unavailable') {
    return { status: 503, headers: { 'cache-control': cache, 'referrer-policy': referrer, 'content-type': 'text/html; charset=utf-8', 'retry-after': '1' }, body: UNAVAILABLE_HTML };
  }
  if (outcome.kind === 'fallback' && outcome.location) {
    return { status: 302, headers: { 'cache-control': cache, 'referrer-policy': referrer, location: outcome.location, 'content-length': '0' }, body: '' };
  }
  if (options.fallbackUrl) return { status: 302, headers: { 'cache-control': cache, 'referrer-policy': referrer, location: options.fallbackUrl, 'content-length': '0' }, body: '' };
  return { status: 200, headers: { 'cache-control': cache, 'referrer-policy': referrer, 'content-type': 'text/html; charset=utf-8' }, body: FALLBACK_HTML };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

export function clickRequest(code: string, rawUrl: string, headers: Record<string, string | string[] | undefined>, ip: string, options: TrackingOptions, method = 'GET'): ClickRequest {
  const q = rawUrl.indexOf('?');
  return {
    code,
    head: method === 'HEAD',
    query: new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : ''),
    ip,
    userAgent: header(headers, 'user-agent'),
    referrer: header(headers, 'referer'),
    country: options.countryHeader ? header(headers, options.countryHeader) : '',
  };
}

/**
 * The raw Node handler for GET /go/{code} (used by the listening server in front of Fastify):
 * the same engine, without Fastify's per-request work. Returns false for any other request.
 */
export function createFastClickHandler(engine: ClickEngine, options: TrackingOptions, log: (err: unknown) => void) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (!url.startsWith('/go/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const end = url.indexOf('?');
    let code = '';
    try {
      code = decodeURIComponent(url.slice(4, end >= 0 ? end : undefined));
    } catch {
      // A malformed escape cannot be a code: the fallback (an exception here would end the process).
    }
    // Only what the trusted proxies forwarded (TRUST_PROXY), as Fastify's request.ip.
    const ip = clientAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], options.trustProxy);
    engine
      .handle(clickRequest(code, url, req.headers, ip, options, req.method))
      .catch((err: unknown) => {
        log(err);
        return { kind: 'unavailable' } as const;
      })
      .then((outcome) => {
        const answer = clickResponse(outcome, options);
        res.writeHead(answer.status, answer.headers);
        if (req.method === 'HEAD' || answer.body === '') res.end();
        else res.end(answer.body);
      });
    return true;
  };
}

/**
 * Whether the click journals hold segments older than `olderThanMs` (Postgres has not taken them: it was
 * down or is catching up), looked at most every 250 ms: only conversions of unknown clicks ask.
 */
function journalBehind(dir: string, olderThanMs: number): () => Promise<boolean> {
  let checked: { at: number; answer: Promise<boolean> } | null = null;
  return () => {
    if (!checked || Date.now() - checked.at > 250) checked = { at: Date.now(), answer: clicksWaitingInJournals(dir, olderThanMs) };
    return checked.answer;
  };
}

/** The postback's answer: the result without the pixel's HTML and the outbox flag. */
function intakeAnswer(result: ConversionResult) {
  return { success: true as const, message: result.message, duplicate: result.duplicate, conversion_id: result.conversion_id, payout: result.payout };
}

function sendPlain(reply: FastifyReply, answer: PlainResponse) {
  reply.code(answer.status).headers(answer.headers);
  return reply.send(answer.body);
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

const noStore = { 'Cache-Control': { description: 'Always `no-store`.', schema: { type: 'string' } } };
const envelope = (description: string): OpenApiResponse => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});
const html = (description: string, headers: OpenApiResponse['headers'] = noStore): OpenApiResponse => ({
  description,
  headers,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** The click's answers (clickResponse) as the OpenAPI document lists them. The rate limit does not apply (no 429). */
const CLICK_DOCS: RouteDocs = {
  responses: {
    '200': html('The "offer unavailable" page: the link is unknown, broken or tampered with, or its campaign is not running, and no fallback address is set (TRACKING_FALLBACK_URL).'),
    '302': {
      description:
        "The click was recorded: a redirect to the campaign's landing page with the click id and sub IDs filled in. " +
        'Also the answer when the link cannot be followed and a fallback address is set (then to that address, nothing recorded). ' +
        '`HEAD` answers the same without recording a click.',
      headers: {
        Location: { description: "The landing page (or the fallback address).", schema: { type: 'string', format: 'uri' } },
        'Set-Cookie': {
          description: `The click cookie \`pp_ck_{campaign id}\` holding the click id (${CLICK_COOKIE_DAYS} days, HttpOnly), read by /pixel; only when a click was recorded.`,
          schema: { type: 'string' },
        },
        'Referrer-Policy': { description: '`no-referrer` for a search-safe link, `no-referrer-when-downgrade` otherwise.', schema: { type: 'string' } },
        'X-Robots-Tag': { description: '`noindex, nofollow`, for a search-safe link.', schema: { type: 'string' } },
        ...noStore,
      },
    },
    '503': html('The click could not be recorded right now (the database is not answering): a page asking to try again.', {
      'Retry-After': { description: 'Seconds to wait: 1.', schema: { type: 'integer' } },
      ...noStore,
    }),
    '429': null,
  },
};

const INTAKE_ERRORS = {
  '400': envelope('Bad input: a field is malformed or out of range (`errors.message` names it).'),
  '403': envelope('Refused: the secret does not match the advertiser\'s (or it has none), or the campaign is not tracked this way.'),
  '404': envelope('No click with this click id (or no conversion with this transaction id to reverse).'),
  '409': envelope('The campaign has no active rate: the conversion was not recorded.'),
  '429': null,
} as const;

/** The advertiser's postback: JSON answers only, and no rate limit (advertisers send many from one address). */
const POSTBACK_DOCS: RouteDocs = { responses: { ...INTAKE_ERRORS } };

/** The pixel's answers: the GIF, or the affiliate's HTML postback for an iframe; the envelope on failure. */
const PIXEL_DOCS: RouteDocs = {
  responses: {
    '200': {
      description:
        'The conversion was recorded (or was already: a pixel credits a click once). A 1x1 GIF; the affiliate\'s HTML postback instead, ' +
        'sandboxed, when the affiliate has one and the request comes from an iframe (`Sec-Fetch-Dest: iframe`, or no `Sec-Fetch-Dest`).',
      headers: {
        ...noStore,
        'Cross-Origin-Resource-Policy': { description: '`cross-origin`: any site may embed the pixel.', schema: { type: 'string' } },
        'Content-Security-Policy': { description: '`frame-ancestors *`, with `sandbox allow-scripts` for the HTML postback.', schema: { type: 'string' } },
      },
      content: { 'image/gif': { schema: { type: 'string', format: 'binary' } }, 'text/html': { schema: { type: 'string' } } },
    },
    ...INTAKE_ERRORS,
    '400': envelope('Bad input: a field is malformed or out of range, or `status=reversed` (reversals come by postback only).'),
  },
};

/** /go, /postback and /pixel (outside /api: these are the addresses advertisers and visitors use). */
export const trackingRoutes: RoutePlugin = async (app, { ctx, clickEngine: engine, tracking: options }) => {
  // The tracking addresses are exempt from the global per-address rate limit (rateLimit: false on each).
  route(
    app,
    trackingSiteEndpoints.click,
    async (request, reply) => {
      const outcome = await engine.handle(clickRequest(request.params.code, request.url, request.headers, request.ip, options, request.method));
      if (outcome.kind === 'fallback') request.log.info({ reason: outcome.reason }, 'click to fallback');
      return sendPlain(reply, clickResponse(outcome, options));
    },
    { config: { rateLimit: false, openapi: CLICK_DOCS } },
  );

  // Conversions are group-committed like clicks; the queued ones are written before the database closes.
  const conversions = new ConversionBatcher(ctx.db as Kysely<DB>, {
    max: options.conversionBatchMax,
    delayMs: options.clickBatchDelayMs,
    concurrency: Math.max(1, options.clickBatchConcurrency),
    queueMax: 10 * options.conversionBatchMax,
    processIndex: options.processIndex,
    missGraceMs: options.clickJournal ? 5 * options.clickJournal.rotateMs : 0,
    clicksWaiting: options.clickJournal ? journalBehind(options.clickJournal.dir, 10 * options.clickJournal.rotateMs) : undefined,
  });
  app.addHook('onClose', () => conversions.close());

  const intake = async (request: FastifyRequest, query: ConversionIntakeQuery, via: 'postback' | 'pixel') => {
    try {
      // Fields named one by one (no object spread: it costs microseconds per call on Node 20, see clickResponse).
      const result = await conversions.record({
        clickId: query.click_id, txid: query.txid, amount: query.amount, status: query.status, secret: query.secret, reason: query.reason,
        via, at: ctx.now(), timeZone: options.timeZone,
      });
      if (result.queued) options.onPostbackQueued?.();
      // The redirect sends the next click of a cap just reached to the fallback page.
      if (result.capReached) await engine.caps.reload().catch(() => undefined);
      return result;
    } catch (err) {
      request.log.warn({ via, click_id: query.click_id, txid: query.txid, err: err instanceof Error ? err.message : err }, 'conversion refused');
      throw err;
    }
  };

  route(
    app,
    trackingSiteEndpoints.postbackGet,
    async (request) => {
      return intakeAnswer(await intake(request, request.query, 'postback'));
    },
    { config: { rateLimit: false, openapi: POSTBACK_DOCS } },
  );
  route(
    app,
    trackingSiteEndpoints.postbackPost,
    async (request) => {
      return intakeAnswer(await intake(request, request.body ?? {}, 'postback'));
    },
    { config: { rateLimit: false, openapi: POSTBACK_DOCS } },
  );

  route(
    app,
    trackingSiteEndpoints.pixel,
    async (request, reply) => {
      const { campaign_id, ...query } = request.query;
      const clickId = query.click_id ?? (campaign_id ? readCookie(request, clickCookieName(Number(campaign_id))) : undefined);
      if (query.status === 'reversed') return reply.code(400).send(errorEnvelope('status: reversals come by server-to-server postback, not by pixel.', 400));
      const result = await intake(request, { ...query, click_id: clickId }, 'pixel');
      // Advertisers embed the pixel in their own pages (<img>, <iframe>): undo helmet's
      // same-origin framing and resource policies for this response.
      reply.raw.removeHeader('x-frame-options');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('cache-control', 'no-store');
      // A browser that says what it loads: only an iframe gets the HTML postback (an <img> or a
      // top-level visit gets the GIF). Without Sec-Fetch-Dest (older browsers) the HTML is sent.
      const dest = header(request.headers, 'sec-fetch-dest');
      if (result.html !== null && (dest === '' || dest === 'iframe')) {
        // The affiliate's own HTML runs in an opaque origin: it cannot read this site's storage;
        // scripts only (no forms, no pop-ups).
        reply.header('content-security-policy', 'sandbox allow-scripts; frame-ancestors *');
        return reply.type('text/html; charset=utf-8').send(`<!doctype html><html><body>${result.html}</body></html>`);
      }
      reply.header('content-security-policy', 'frame-ancestors *');
      return reply.type('image/gif').send(GIF_1X1);
    },
    { config: { rateLimit: false, openapi: PIXEL_DOCS } },
  );
};

/** POST /api/trackinglink (spec 000 sections 4 and 7). */
export const trackingLinkRoutes: RoutePlugin = async (app, { ctx, tracking: options }) => {
  route(app, trackingEndpoints.createTrackingLink, async (request) =>
    buildTrackingLink(ctx.db as Kysely<DB>, request.auth.affiliateId, request.body, options),
  );
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [trackingLinkRoutes], site: [trackingRoutes] };
