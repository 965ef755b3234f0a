import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { publisherReviewEndpoints, type PendingPublisher } from '../../../src/api/contract/register';
import { paths } from '../../../src/shared/paths';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { sendStoredImage } from '../../lib/imageBytes';
import type { Messenger } from '../../lib/messenger';
import { route } from '../../lib/route';
import type { OperatorContext } from '../../plugins/auth';
import { recordAudit } from '../operator/audit';
import { checkAffiliateInScope, scopedManager, scopeOf } from '../opsPeople/scope';
import { messages } from './service';

/**
 * The operator's review of new publishers (docs/registration.md "Operator review"): list
 * the applications waiting, read their ID images, approve (the account becomes active and can sign
 * in; the referrer's referral is credited) or reject (status 'rejected'; sign-in then says so).
 * Operator tokens only (`x-operator-token`), like the access-request review. A manager operator sees
 * and decides the applications of their own manager only (server/modules/opsPeople/scope.ts).
 */

const asText = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

async function publishersWhere(
  db: Kysely<DB>,
  filter: { id?: number; status?: 'pending' | 'active' | 'rejected'; managerId?: number | null },
): Promise<PendingPublisher[]> {
  if (filter.managerId === null) return [];
  let q = db
    .selectFrom('affiliates as a')
    .leftJoin('managers as m', 'm.id', 'a.manager_id')
    .leftJoin('applications as p', 'p.affiliate_id', 'a.id')
    .select([
      'a.id', 'a.status', 'a.registration_date', 'a.email', 'a.email_verified_at', 'a.first_name', 'a.last_name', 'a.company',
      'a.mobile_phone', 'a.phone', 'a.time_zone', 'a.contact_time', 'a.im_handle', 'a.address1', 'a.address2', 'a.city', 'a.state',
      'a.non_state', 'a.country_code', 'a.zipcode', 'a.hear_about_source', 'a.hear_about', 'a.experience_level',
      'a.experience_description', 'a.promotion', 'a.desired_offer', 'a.website', 'm.id as manager_id', 'm.name as manager_name',
      'p.token', 'p.details',
    ])
    // Publishers who applied through registration (an application row), not the network's older accounts.
    .where('p.token', 'is not', null);
  if (filter.id !== undefined) q = q.where('a.id', '=', filter.id);
  if (filter.status !== undefined) q = q.where('a.status', '=', filter.status);
  if (filter.managerId !== undefined) q = q.where('a.manager_id', '=', filter.managerId);
  const rows = await q.orderBy('a.registration_date').orderBy('a.id').limit(500).execute();
  const ids = rows.map((r) => r.id);
  const docs = ids.length
    ? await db.selectFrom('affiliate_documents').select(['affiliate_id', 'side']).where('affiliate_id', 'in', ids).where('content', 'is not', null).execute()
    : [];
  const has = (id: number, side: 'front' | 'back') => docs.some((d) => d.affiliate_id === id && d.side === side);
  const image = (id: number, side: 'front' | 'back') => (has(id, side) ? `/api/operator/publishers/${id}/idImage/${side}` : null);
  return rows.map((r) => {
    const d = (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<string, unknown>;
    const c = (d.context ?? {}) as Record<string, unknown>;
    return {
      affiliate_id: r.id,
      status: r.status,
      registered_at: asText(r.registration_date)!,
      email: r.email,
      email_verified: r.email_verified_at !== null,
      first_name: r.first_name,
      last_name: r.last_name,
      company: r.company,
      mobile: r.mobile_phone,
      phone: r.phone,
      time_zone: r.time_zone,
      contact_time: r.contact_time,
      im_handle: r.im_handle,
      address: { address_1: r.address1, address_2: r.address2, city: r.city, state: r.state, non_state: r.non_state, country: r.country_code ?? '', zipcode: r.zipcode },
      hear_about_source: r.hear_about_source,
      hear_about: r.hear_about,
      experience_level: r.experience_level,
      experience_description: r.experience_description,
      promotion: r.promotion,
      desired_offer: r.desired_offer,
      website: r.website,
      manager: r.manager_id !== null ? { manager_id: r.manager_id, name: r.manager_name ?? '' } : null,
      application: {
        token: r.token ?? '',
        existing_account: str(d.existing_account) || 'no',
        other_affiliate_id: str(d.other_affiliate_id),
        other_email: str(d.other_email),
        referrer: num(c.referrer),
        mktg: num(c.mktg),
        blg: num(c.blg),
        http_referrer: str(c.http_referrer),
      },
      id_images: { front: image(r.id, 'front'), back: image(r.id, 'back') },
    };
  });
}

export const publisherReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; messenger: Messenger; productName: string; baseUrl: string }> = async (
  app,
  { ctx, messenger, productName, baseUrl },
) => {
  route(app, publisherReviewEndpoints.listPublishers, async (request) => ({
    success: true as const,
    publishers: await publishersWhere(ctx.db, { status: request.query.status, managerId: scopedManager(await scopeOf(ctx.db, request.operator)) }),
  }));

  route(app, publisherReviewEndpoints.publisherIdImage, async (request, reply) => {
    const row = await ctx.db
      .selectFrom('affiliate_documents as d')
      .innerJoin('affiliates as a', 'a.id', 'd.affiliate_id')
      .select(['d.content', 'a.manager_id'])
      .where('d.affiliate_id', '=', request.params.id)
      .where('d.side', '=', request.params.side)
      .where('d.content', 'is not', null)
      .orderBy('d.id', 'desc')
      .executeTakeFirst();
    const bytes = row?.content ? Buffer.from(row.content) : null;
    if (!row || !bytes) throw notFound(messages.imageNotFound);
    checkAffiliateInScope(await scopeOf(ctx.db, request.operator), row.manager_id, true);
    return sendStoredImage(reply, bytes);
  });

  /**
   * Decides a pending publisher in one transaction: status, the referral's credit, the e-mail and the
   * audit entry. A decided one is a 409; another manager's applicant is a 403 for a manager operator.
   */
  async function decide(id: number, decision: 'active' | 'rejected', by: { operator: OperatorContext; ip: string }) {
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('affiliates as a')
        .innerJoin('applications as p', 'p.affiliate_id', 'a.id')
        .select(['a.id', 'a.status', 'a.email', 'a.first_name', 'a.manager_id'])
        .where('a.id', '=', id)
        .forUpdate('a')
        .executeTakeFirst();
      if (!row) throw notFound(messages.notFound);
      checkAffiliateInScope(await scopeOf(trx, by.operator), row.manager_id);
      if (row.status !== 'pending') throw new ApiError(409, messages.notPending);
      await trx.updateTable('affiliates').set({ status: decision, updated_at: now }).where('id', '=', id).execute();
      if (decision === 'active') {
        await trx.updateTable('referrals').set({ approved_at: now }).where('referred_id', '=', id).where('approved_at', 'is', null).execute();
      }
      await messenger.queue(trx, {
        channel: 'email',
        recipient: row.email,
        subject: decision === 'active' ? `Welcome to ${productName}` : `Your application to ${productName}`,
        body:
          decision === 'active'
            ? `Hello ${row.first_name},\n\nYour ${productName} account has been approved. You can sign in now:\n\n${baseUrl}${paths.dashboard}\n`
            : `Hello ${row.first_name},\n\nThank you for your interest in ${productName}. After reviewing your application, we are unable to approve it.\n`,
      });
      await recordAudit(trx, {
        operatorId: by.operator.operatorId,
        ip: by.ip,
        at: now,
        action: decision === 'active' ? 'publisher.approve' : 'publisher.reject',
        target: { type: 'affiliate', id },
        before: { status: row.status },
        after: { status: decision },
      });
    });
    const [publisher] = await publishersWhere(ctx.db, { id });
    return { success: true as const, publisher };
  }

  route(app, publisherReviewEndpoints.approvePublisher, async (request) => decide(request.params.id, 'active', request));
  route(app, publisherReviewEndpoints.rejectPublisher, async (request) => decide(request.params.id, 'rejected', request));
};
