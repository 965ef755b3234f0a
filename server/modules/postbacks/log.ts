import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { postbackLogEndpoints, type PostbackDelivery } from '../../../src/api/contract/postbackLog';
import { dateTimeInZone } from '../../../src/shared/dates';
import type { AppContext } from '../../context';
import { ApiError, notFound, tooManyRequests } from '../../lib/errors';
import { route } from '../../lib/route';
import { encodeForUrl, fillMacros } from '../tracking/macros';
import type { RoutePlugin } from '../../lib/routeModules';

/** The log shows the newest deliveries, at most this many. */
export const DELIVERY_LOG_LIMIT = 50;
/** Test postbacks an affiliate may send per minute (counted in the database: every process agrees). */
export const TESTS_PER_MINUTE = 10;
/** How long the test call waits for the first attempt before answering with the delivery as it is. */
export const TEST_WAIT_MS = 8000;

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

interface DeliveryRow {
  id: number | string;
  created_at: Date | string;
  campaign_id: number | null;
  campaign_name: string | null;
  type: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  last_error: string;
  is_test: boolean;
  status_code: number | null;
  latency_ms: number | null;
  attempt_error: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toDelivery(r: DeliveryRow): PostbackDelivery {
  return {
    id: Number(r.id),
    created_at: iso(r.created_at)!,
    campaign_id: r.campaign_id ?? 0,
    campaign_name: r.campaign_name ?? 'Global postback',
    type: r.type,
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
  const { rows } = await sql<DeliveryRow>`
    select d.id, d.created_at, coalesce(d.campaign_id, c.campaign_id) as campaign_id, cp.name as campaign_name, d.type, d.url,
      d.status, d.attempts, d.next_attempt_at, d.delivered_at, d.last_error, d.is_test,
      a.status_code, a.latency_ms, a.error as attempt_error
    from postback_deliveries d
    left join conversions c on c.id = d.conversion_id
    left join campaigns cp on cp.id = coalesce(d.campaign_id, c.campaign_id)
    left join lateral (
      select status_code, latency_ms, error from postback_attempts
      where delivery_id = d.id order by attempted_at desc, id desc limit 1
    ) a on true
    where d.affiliate_id = ${affiliateId}
      ${where.campaignId !== undefined ? sql`and coalesce(d.campaign_id, c.campaign_id) = ${where.campaignId}` : sql``}
      ${where.id !== undefined ? sql`and d.id = ${where.id}` : sql``}
    order by d.created_at desc, d.id desc
    limit ${DELIVERY_LOG_LIMIT}`.execute(ctx.db);
  return rows.map(toDelivery);
}

/**
 * The delivery log and the test postback (issue 15, docs/tracking.md "Delivery log and test
 * postbacks"). `wake` starts the outbox worker's round at once (server/index.ts passes the worker's
 * kick; without a worker, as in most tests, a test delivery waits for whoever runs one).
 */
export const postbackLogRoutes: RoutePlugin = async (app, { ctx, tracking: { onPostbackQueued: wake } }) => {
  route(app, postbackLogEndpoints.listDeliveries, async (request) => {
    const campaignId = request.query.campaign_id;
    if (campaignId !== undefined) {
      const exists = await ctx.db.selectFrom('campaigns').select('id').where('id', '=', campaignId).executeTakeFirst();
      if (!exists) throw notFound("This campaign doesn't exist.");
    }
    return { success: true as const, deliveries: await deliveries(ctx, request.auth.affiliateId, { campaignId }) };
  });

  route(app, postbackLogEndpoints.sendTestPostback, async (request) => {
    const { affiliateId } = request.auth;
    const campaignId = request.body.campaign_id;
    const now = ctx.now();
    let campaign: { id: number; name: string } | null = null;
    if (campaignId !== undefined) {
      const row = await ctx.db
        .selectFrom('campaigns')
        .leftJoin('campaign_access as a', (j) => j.onRef('a.campaign_id', '=', 'campaigns.id').on('a.affiliate_id', '=', affiliateId))
        .select(['campaigns.id', 'campaigns.name', 'a.status as access'])
        .where('campaigns.id', '=', campaignId)
        .executeTakeFirst();
      if (!row) throw notFound("This campaign doesn't exist.");
      if (row.access !== 'Approved') throw new ApiError(403, 'You are not approved to run this campaign.');
      campaign = { id: row.id, name: row.name };
    }
    // The postback a conversion would fire: the campaign's own, else the global one.
    const saved = await ctx.db
      .selectFrom('postbacks')
      .select(['id', 'type', 'code', 'campaign_id'])
      .where('affiliate_id', '=', affiliateId)
      .where('type', '!=', '')
      .where((eb) => (campaign ? eb.or([eb('campaign_id', '=', campaign.id), eb('campaign_id', 'is', null)]) : eb('campaign_id', 'is', null)))
      .orderBy(sql`campaign_id is null`)
      .executeTakeFirst();
    if (!saved) throw new ApiError(409, 'You have no postback saved to test. Save one first.');
    if (saved.type === 'I') {
      throw new ApiError(409, "HTML postbacks run in the visitor's browser on the advertiser's page and cannot be sent from here. Test a URL postback instead.");
    }
    const recent = await ctx.db
      .selectFrom('postback_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('affiliate_id', '=', affiliateId)
      .where('is_test', '=', true)
      .where('created_at', '>', new Date(now.getTime() - 60_000))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= TESTS_PER_MINUTE) {
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
    const inserted = await ctx.db
      .insertInto('postback_deliveries')
      .values({
        conversion_id: null,
        is_test: true,
        campaign_id: campaign?.id ?? null,
        affiliate_id: affiliateId,
        postback_id: saved.id,
        type: saved.type,
        url: fillMacros(saved.code.trim(), values, encodeForUrl),
        next_attempt_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
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
