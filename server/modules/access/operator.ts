import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { AccessRequest } from '../../../src/api/contract/operator';
import { operatorEndpoints } from '../../../src/api/contract/operator';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { sendStoredImage } from '../../lib/imageBytes';
import { route } from '../../lib/route';
import { recordAudit } from '../operator/audit';
import { postbackUrls } from '../opsOffers/postback';
import { checkAffiliateInScope, scopedManager, scopeOf } from '../opsPeople/scope';
import { notifyDecision, setCampaignAccess, uploadPath } from './service';
import type { RoutePlugin } from '../../lib/routeModules';
import type { OperatorContext } from '../../plugins/auth';

/**
 * The operators' access-request routes (src/api/contract/operator.ts; signing in and the operator
 * accounts are server/modules/operator): list access requests, approve or reject them with a reason.
 * A decision changes the request, the affiliate's status on the campaign, adds the affiliate's
 * notification, queues their e-mail and writes the audit entry in one transaction. Which roles may
 * call each route is its endpoint's `roles` in the contract, checked before the handler (server/plugins/auth.ts).
 * A manager operator sees and decides the requests of their own manager's affiliates only
 * (server/modules/opsPeople/scope.ts).
 */

const asText = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function requestsWhere(
  db: Kysely<DB>,
  filter: { id?: number; status?: 'Pending' | 'Approved' | 'Rejected'; managerId?: number | null },
): Promise<AccessRequest[]> {
  if (filter.managerId === null) return [];
  let q = db
    .selectFrom('access_requests as r')
    .innerJoin('affiliates as a', 'a.id', 'r.affiliate_id')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select([
      'r.id', 'r.status', 'r.created_at', 'r.decided_at', 'r.estimated_leads', 'r.traffic_type', 'r.description',
      'r.custom1', 'r.custom2', 'r.custom3', 'r.creative', 'r.source1', 'r.source2', 'r.source3', 'r.creative_file',
      'r.reject_reason', 'a.id as affiliate_id', 'a.first_name', 'a.last_name', 'a.email', 'c.id as campaign_id',
      'c.name as campaign_name', 'c.approval_question1', 'c.approval_question2', 'c.approval_question3',
    ]);
  if (filter.id !== undefined) q = q.where('r.id', '=', filter.id);
  if (filter.status !== undefined) q = q.where('r.status', '=', filter.status);
  if (filter.managerId !== undefined) q = q.where('a.manager_id', '=', filter.managerId);
  const rows = await q.orderBy('r.created_at').orderBy('r.id').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    created_at: asText(r.created_at)!,
    decided_at: asText(r.decided_at),
    affiliate: { affiliate_id: r.affiliate_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    campaign: { campaign_id: r.campaign_id, name: r.campaign_name },
    estimated_leads: r.estimated_leads,
    traffic_type: r.traffic_type,
    description: r.description,
    custom_answers: [
      { question: r.approval_question1, answer: r.custom1 },
      { question: r.approval_question2, answer: r.custom2 },
      { question: r.approval_question3, answer: r.custom3 },
    ].filter((a) => a.question.trim() !== ''),
    creative: r.creative,
    sources: [r.source1, r.source2, r.source3].filter((s) => s !== ''),
    creative_file: r.creative_file ? `/api/operator/accessRequests/${r.id}/image` : null,
    reject_reason: r.reject_reason,
  }));
}

/** Operator accounts live in server/modules/operator; the command line and the server's start import it from here too. */
export { upsertOperator } from '../operator/service';

export const operatorRoutes: RoutePlugin = async (app, { ctx, messenger, productName, tracking: { baseUrl: trackingBaseUrl } }) => {
  route(app, operatorEndpoints.listAccessRequests, async (request) => ({
    success: true as const,
    requests: await requestsWhere(ctx.db, { status: request.query.status, managerId: scopedManager(await scopeOf(ctx.db, request.operator)) }),
  }));

  /** Decides a Pending request; a decided one is a 409 (decisions are final; a new request can follow). */
  async function decide(id: number, by: { operator: OperatorContext; ip: string }, decision: { status: 'Approved' } | { status: 'Rejected'; reason: string }) {
    const operatorId = by.operator.operatorId;
    const now = ctx.now();
    const decided = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('access_requests as r')
        .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
        .innerJoin('affiliates as a', 'a.id', 'r.affiliate_id')
        .select(['r.id', 'r.status', 'r.reject_reason', 'r.affiliate_id', 'c.id as campaign_id', 'c.name as campaign_name', 'a.email', 'a.manager_id'])
        .where('r.id', '=', id)
        .forUpdate('r')
        .executeTakeFirst();
      if (!row) throw notFound('There is no access request with this id.');
      checkAffiliateInScope(await scopeOf(trx, by.operator), row.manager_id);
      if (row.status !== 'Pending') throw new ApiError(409, `This request was already ${row.status === 'Approved' ? 'approved' : 'rejected'}.`);
      await trx
        .updateTable('access_requests')
        .set({
          status: decision.status,
          decided_at: now,
          decided_by: operatorId,
          reject_reason: decision.status === 'Rejected' ? decision.reason.trim() : '',
        })
        .where('id', '=', id)
        .execute();
      const campaign = { id: row.campaign_id, name: row.campaign_name };
      await setCampaignAccess(trx, row.affiliate_id, row.campaign_id, decision.status, now);
      await notifyDecision(trx, row.affiliate_id, campaign, decision, now);
      await messenger.queue(trx, {
        channel: 'email',
        recipient: row.email,
        account: row.email,
        subject: `${productName}: your request to run ${row.campaign_name}`,
        body:
          decision.status === 'Approved'
            ? `You are approved to run ${row.campaign_name} (#${row.campaign_id}). Sign in to build your tracking link.`
            : `Your request to run ${row.campaign_name} (#${row.campaign_id}) was not approved: ${decision.reason.trim()}`,
      });
      await recordAudit(trx, {
        operatorId,
        ip: by.ip,
        at: now,
        action: decision.status === 'Approved' ? 'accessRequest.approve' : 'accessRequest.reject',
        target: { type: 'accessRequest', id: row.id },
        before: { status: row.status, reject_reason: row.reject_reason },
        after: { status: decision.status, reject_reason: decision.status === 'Rejected' ? decision.reason.trim() : '' },
      });
      return row.id;
    });
    const [request] = await requestsWhere(ctx.db, { id: decided });
    return { success: true as const, request };
  }

  route(app, operatorEndpoints.approveAccessRequest, async (request) => decide(request.params.id, request, { status: 'Approved' }));

  route(app, operatorEndpoints.rejectAccessRequest, async (request) => decide(request.params.id, request, { status: 'Rejected', reason: request.body.reason }));

  route(app, operatorEndpoints.advertiserPostback, async (request) => {
    // The answer carries the advertiser's secret: who was handed it is audited, with the read, in one transaction.
    const row = await ctx.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('campaigns as c')
        .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
        .select(['c.id', 'a.id as advertiser_id', 'a.name', 'a.postback_secret', 'a.previous_postback_secret', 'a.previous_secret_until', 'a.secret_rotated_at'])
        .where('c.id', '=', request.params.id)
        .executeTakeFirst();
      if (!found) throw notFound("This campaign doesn't exist.");
      await recordAudit(trx, {
        operatorId: request.operator.operatorId,
        ip: request.ip,
        at: ctx.now(),
        action: 'campaign.postback.view',
        target: { type: 'campaign', id: found.id },
        before: null,
        after: { advertiser_id: found.advertiser_id, has_secret: found.postback_secret !== '' },
      });
      return found;
    });
    return {
      success: true as const,
      campaign_id: row.id,
      advertiser: { advertiser_id: row.advertiser_id, name: row.name },
      ...postbackUrls(trackingBaseUrl, row, ctx.now()),
    };
  });

  route(app, operatorEndpoints.accessRequestImage, async (request, reply) => {
    const row = await ctx.db
      .selectFrom('access_requests as r')
      .innerJoin('affiliates as a', 'a.id', 'r.affiliate_id')
      .select(['r.creative_file', 'a.manager_id'])
      .where('r.id', '=', request.params.id)
      .executeTakeFirst();
    const file = row?.creative_file ? uploadPath(ctx.access.uploadDir, row.creative_file) : null;
    if (!row || !file) throw notFound('This request has no image.');
    checkAffiliateInScope(await scopeOf(ctx.db, request.operator), row.manager_id, true);
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) throw notFound('This request has no image.');
    return sendStoredImage(reply, bytes);
  });
};
