import { randomBytes } from 'node:crypto';
import { postbackLogEndpoints, type PostbackDelivery } from '../../../src/api/contract/postbackLog';
import { dateTimeInZone } from '../../../src/shared/dates';
import type { AppContext } from '../../context';
import { ApiError, notFound, tooManyRequests } from '../../lib/errors';
import { route } from '../../lib/route';
import { encodeForUrl, fillMacros } from '../tracking/macros';
import { campaignExists, campaignWithAccess, deliveryRows, firedPostback, queueDelivery, testsSince, type DeliveryRow } from './queries';
import type { RoutePlugin } from '../../lib/routeModules';

/** The log shows the newest deliveries, at most this many. */
const DELIVERY_LOG_LIMIT = 50;
/** Test postbacks an affiliate may send per minute (counted in the database: every process agrees). */
export const TESTS_PER_MINUTE = 10;
/** How long the test call waits for the first attempt before answering with the delivery as it is. */
const TEST_WAIT_MS = 8000;

/** Query parameter names whose values are secrets: shown as *** in the log. */
const SECRET_NAME = /key|token|secret|pass|sig|auth|hash/i;

/**
 * A delivery's URL as the log shows it: credentials in the authority removed, values of query
 * parameters named like secrets (api_key, token, secret, password, sig, auth, hash...) masked.
 * Anything that does not parse as a URL is shown as '(not a URL)'.
 */
export function maskSecrets(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '(not a URL)';
  }
  url.username = '';
  url.password = '';
  const masked = [...url.searchParams.keys()].filter((name) => SECRET_NAME.test(name));
  for (const name of new Set(masked)) url.searchParams.set(name, '***');
  // URLSearchParams encodes * as %2A: show the mask as written.
  return url.toString().replaceAll('%2A%2A%2A', '***');
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toDelivery(r: DeliveryRow): PostbackDelivery {
  return {
    id: Number(r.id),
    created_at: iso(r.created_at)!,
    campaign_id: r.campaign_id ?? 0,
    campaign_name: r.campaign_name ?? 'Global postback',
    type: r.type,
    event: r.event,
    url: maskSecrets(r.url),
    status: r.status,
    attempts: Number(r.attempts),
    last_status_code: r.status_code,
    last_latency_ms: r.latency_ms,
    last_error: r.last_error || r.attempt_error || '',
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    delivered_at: iso(r.delivered_at),
    is_test: Boolean(r.is_test),
  };
}

/** The affiliate's deliveries (one campaign's, or all), newest first, each with its last attempt. */
async function deliveries(ctx: AppContext, affiliateId: number, where: { campaignId?: number; id?: number }) {
  const rows = await deliveryRows(ctx.db, affiliateId, where, DELIVERY_LOG_LIMIT);
  return rows.map(toDelivery);
}

/**
 * The delivery log and the test postback (docs/tracking.md "Delivery log and test
 * postbacks"). `wake` starts the outbox worker's round at once (server/index.ts passes the worker's
 * kick; without a worker, as in most tests, a test delivery waits for whoever runs one).
 */
export const postbackLogRoutes: RoutePlugin = async (app, { ctx, tracking: { onPostbackQueued: wake } }) => {
  route(app, postbackLogEndpoints.listDeliveries, async (request) => {
    const campaignId = request.query.campaign_id;
    if (campaignId !== undefined) {
      if (!(await campaignExists(ctx.db, campaignId))) throw notFound("This campaign doesn't exist.");
    }
    return { success: true as const, deliveries: await deliveries(ctx, request.auth.affiliateId, { campaignId }) };
  });

  route(app, postbackLogEndpoints.sendTestPostback, async (request) => {
    const { affiliateId } = request.auth;
    const campaignId = request.body.campaign_id;
    const now = ctx.now();
    let campaign: { id: number; name: string } | null = null;
    if (campaignId !== undefined) {
      const row = await campaignWithAccess(ctx.db, affiliateId, campaignId);
      if (!row) throw notFound("This campaign doesn't exist.");
      if (row.access !== 'Approved') throw new ApiError(403, 'You are not approved to run this campaign.');
      campaign = { id: row.id, name: row.name };
    }
    // The postback a conversion would fire: the campaign's own, else the global one.
    const saved = await firedPostback(ctx.db, affiliateId, campaign?.id);
    if (!saved) throw new ApiError(409, 'You have no postback saved to test. Save one first.');
    if (saved.type === 'I') {
      throw new ApiError(409, "HTML postbacks run in the visitor's browser on the advertiser's page and cannot be sent from here. Test a URL postback instead.");
    }
    if ((await testsSince(ctx.db, affiliateId, new Date(now.getTime() - 60_000))) >= TESTS_PER_MINUTE) {
      throw tooManyRequests(`You can send ${TESTS_PER_MINUTE} test postbacks a minute. Please wait a moment and try again.`, 60);
    }
    // Sample values: recognisable as a test in the affiliate's tracker.
    const values = {
      click_id: `TEST${randomBytes(9).toString('base64url')}`,
      transaction_id: 'TEST-TRANSACTION',
      payout: '1.00',
      sale_amount: '0.00',
      campaign_id: campaign?.id ?? 0,
      campaign_name: campaign?.name ?? 'Test campaign',
      affiliate_id: affiliateId,
      creative_id: 0,
      landing_page_id: 0,
      sub1: 'test',
      sub2: 'test',
      sub3: 'test',
      sub4: 'test',
      sub5: 'test',
      date: dateTimeInZone(now, ctx.reportTimeZone),
      ip: '203.0.113.7',
    };
    const id = await queueDelivery(ctx.db, {
      conversion_id: null,
      is_test: true,
      campaign_id: campaign?.id ?? null,
      affiliate_id: affiliateId,
      postback_id: saved.id,
      type: saved.type,
      url: fillMacros(saved.code.trim(), values, encodeForUrl),
      next_attempt_at: now,
      created_at: now,
    });
    wake?.();
    // Wait for the first attempt (the worker writes it), then answer with the delivery as it is.
    const until = Date.now() + TEST_WAIT_MS;
    let delivery = (await deliveries(ctx, affiliateId, { id }))[0];
    while (delivery.status === 'pending' && delivery.last_status_code === null && !delivery.last_error && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      delivery = (await deliveries(ctx, affiliateId, { id }))[0];
    }
    const message =
      delivery.status === 'delivered'
        ? 'Test postback delivered.'
        : delivery.status === 'failed'
          ? 'Test postback failed.'
          : 'Test postback queued: its result shows in the log below.';
    return { success: true as const, message, delivery };
  });
};
