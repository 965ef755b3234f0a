import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { AccessRequest } from '../../../src/api/contract/operator';
import { operatorEndpoints } from '../../../src/api/contract/operator';
import type { DB } from '../../db/schema';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto';
import { ApiError, notFound } from '../../lib/errors';
import { sendStoredImage } from '../../lib/imageBytes';
import { route } from '../../lib/route';
import { notifyDecision, setCampaignAccess, uploadPath } from './service';
import type { RoutePlugin } from '../../lib/routeModules';

/**
 * The network operator's API (src/api/contract/operator.ts): operators sign in with their
 * own accounts (never affiliates; `npm run operator -- create EMAIL`), list access requests, approve
 * or reject them with a reason. A decision changes the request, the affiliate's status on the
 * campaign and adds the affiliate's notification in one transaction, then e-mails them.
 */

const FAILED_SIGN_IN = 'The e-mail address or password is not correct.';
/** Operator sign-ins per address and minute: a password guesser gets few tries. */
const SIGN_INS_PER_MINUTE = 10;

const asText = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function requestsWhere(db: Kysely<DB>, filter: { id?: number; status?: 'Pending' | 'Approved' | 'Rejected' }): Promise<AccessRequest[]> {
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

/** Makes an operator account, or sets the password of an existing one (the CLI and OPERATOR_EMAIL). */
export async function upsertOperator(db: Kysely<DB>, email: string, password: string): Promise<'created' | 'updated'> {
  const normalized = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw new Error(`"${email}" is not an e-mail address`);
  if (password.length < 12) throw new Error('an operator password must be at least 12 characters');
  const password_hash = await hashPassword(password);
  const existing = await db.selectFrom('operators').select('id').where('email', '=', normalized).executeTakeFirst();
  if (existing) {
    await db.updateTable('operators').set({ password_hash, disabled_at: null }).where('id', '=', existing.id).execute();
    // A new password ends the sessions opened with the old one.
    await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', existing.id).where('revoked_at', 'is', null).execute();
    return 'updated';
  }
  await db.insertInto('operators').values({ email: normalized, password_hash }).execute();
  return 'created';
}

export const operatorRoutes: RoutePlugin = async (app, { ctx, messenger, productName, tracking: { baseUrl: trackingBaseUrl } }) => {
  route(
    app,
    operatorEndpoints.operatorSignIn,
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const operator = await ctx.db.selectFrom('operators').select(['id', 'password_hash', 'disabled_at']).where('email', '=', email).executeTakeFirst();
      // The same work for an unknown address: the answer's timing does not tell who is an operator.
      const ok = await verifyPassword(request.body.password, operator?.password_hash ?? (await ctx.dummyHash()));
      if (!operator || !ok || operator.disabled_at !== null) throw new ApiError(403, FAILED_SIGN_IN);
      const token = newToken();
      const now = ctx.now();
      const expires = new Date(now.getTime() + ctx.access.operatorSessionHours * 3600_000);
      await ctx.db.insertInto('operator_sessions').values({ operator_id: operator.id, token_hash: hashToken(token), created_at: now, expires_at: expires }).execute();
      return { success: true as const, token, expires_at: expires.toISOString() };
    },
    { config: { rateLimit: { max: SIGN_INS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r) => `operator-sign-in:${r.ip}` } } },
  );

  route(app, operatorEndpoints.operatorSignOut, async (request) => {
    await ctx.db.updateTable('operator_sessions').set({ revoked_at: ctx.now() }).where('id', '=', request.operator.sessionId).execute();
    return { success: true as const };
  });

  route(app, operatorEndpoints.listAccessRequests, async (request) => ({
    success: true as const,
    requests: await requestsWhere(ctx.db, { status: request.query.status }),
  }));

  /** Decides a Pending request; a decided one is a 409 (decisions are final; a new request can follow). */
  async function decide(id: number, operatorId: number, decision: { status: 'Approved' } | { status: 'Rejected'; reason: string }) {
    const now = ctx.now();
    const decided = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('access_requests as r')
        .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
        .innerJoin('affiliates as a', 'a.id', 'r.affiliate_id')
        .select(['r.id', 'r.status', 'r.affiliate_id', 'c.id as campaign_id', 'c.name as campaign_name', 'a.email'])
        .where('r.id', '=', id)
        .forUpdate('r')
        .executeTakeFirst();
      if (!row) throw notFound('There is no access request with this id.');
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
      return row.id;
    });
    const [request] = await requestsWhere(ctx.db, { id: decided });
    return { success: true as const, request };
  }

  route(app, operatorEndpoints.approveAccessRequest, async (request) => decide(request.params.id, request.operator.operatorId, { status: 'Approved' }));

  route(app, operatorEndpoints.rejectAccessRequest, async (request) =>
    decide(request.params.id, request.operator.operatorId, { status: 'Rejected', reason: request.body.reason }),
  );

  route(app, operatorEndpoints.advertiserPostback, async (request) => {
    const row = await ctx.db
      .selectFrom('campaigns as c')
      .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
      .select(['c.id', 'a.id as advertiser_id', 'a.name', 'a.postback_secret'])
      .where('c.id', '=', request.params.id)
      .executeTakeFirst();
    if (!row) throw notFound("This campaign doesn't exist.");
    const secret = row.postback_secret === '' ? '' : `&secret=${encodeURIComponent(row.postback_secret)}`;
    return {
      success: true as const,
      campaign_id: row.id,
      advertiser: { advertiser_id: row.advertiser_id, name: row.name },
      postback_url: secret ? `${trackingBaseUrl}/postback?click_id={click_id}&txid={txid}&amount={amount}${secret}` : '',
      pixel_url: `${trackingBaseUrl}/pixel?click_id={click_id}`,
    };
  });

  route(app, operatorEndpoints.accessRequestImage, async (request, reply) => {
    const row = await ctx.db.selectFrom('access_requests').select('creative_file').where('id', '=', request.params.id).executeTakeFirst();
    const file = row?.creative_file ? uploadPath(ctx.access.uploadDir, row.creative_file) : null;
    if (!file) throw notFound('This request has no image.');
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) throw notFound('This request has no image.');
    return sendStoredImage(reply, bytes);
  });
};
