import multipart from '@fastify/multipart';
import { CAMPAIGN_NOT_FOUND } from '../../../src/api/contract/campaignDetail';
import { campaignAccessEndpoints } from '../../../src/api/contract/campaignAccess';
import { LINK_TRAFFIC_TYPES } from '../../../src/api/contract/tracking';
import {
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  APPLICATION_MESSAGES as M,
  descriptionProblem,
  leadsProblem,
  sourceProblem,
  type ApplicationTrafficCode,
} from '../../../src/shared/campaignApplication';
import { dayInZone } from '../../../src/shared/dates';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { imageTypeOf } from '../../lib/imageBytes';
import { route } from '../../lib/route';
import { lockAffiliate, notifyDecision, pendingRequestCount, setCampaignAccess, storeUpload } from './service';
import type { RoutePlugin } from '../../lib/routeModules';

const SENT = 'Your request has been sent. We will let you know as soon as it has been reviewed.';
const APPROVED = 'You are approved to run this campaign. You can build your tracking link now.';

/**
 * Asking for access to a campaign (spec 000 sections 4, 5, 7, 8):
 * GET  /campaign/{id}/requestApproval  the preface and custom questions;
 * POST /campaign/{id}/requestApproval  multipart: every rule re-checked here, the ad-placement image
 *      checked by its bytes, the by-request limit counted in the database under a row lock, then one
 *      transaction writes the request and the affiliate's status (and, approved at once, the
 *      notification). The image is stored before the commit and removed if the commit fails.
 * Who approves: a Public campaign and a By Request campaign in 'auto' mode approve at once; a By
 * Request campaign in 'review' mode (the default) waits for the operator (operator.ts).
 */
export const accessRequestRoutes: RoutePlugin = async (app, { ctx }) => {
  // Multipart parsing for this module's routes only (plugins are encapsulated). The auth hook runs
  // on request, before any part is read, so an anonymous upload is refused unread.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: AD_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 200 },
  });

  const today = () => dayInZone(ctx.now(), ctx.reportTimeZone);

  async function campaignFor(id: number, affiliateId: number) {
    const row = await ctx.db
      .selectFrom('campaigns as c')
      .leftJoin('campaign_access as a', (j) => j.onRef('a.campaign_id', '=', 'c.id').on('a.affiliate_id', '=', affiliateId))
      .select([
        'c.id', 'c.name', 'c.status', 'c.expiry_date', 'c.by_request', 'c.approval_mode', 'c.approval_preface',
        'c.approval_question1', 'c.approval_question2', 'c.approval_question3', 'a.status as access',
      ])
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!row || row.status === 'expired' || (row.expiry_date !== null && String(row.expiry_date).slice(0, 10) < today())) {
      throw notFound(CAMPAIGN_NOT_FOUND);
    }
    return row;
  }

  route(app, campaignAccessEndpoints.getApprovalQuestions, async (request) => {
    const c = await campaignFor(request.params.id, request.auth.affiliateId);
    return {
      success: true as const,
      approval_info: { approval_preface: c.approval_preface },
      approval_questions: { question1: c.approval_question1, question2: c.approval_question2, question3: c.approval_question3 },
    };
  });

  route(
    app,
    campaignAccessEndpoints.requestApproval,
    async (request) => {
      const { affiliateId } = request.auth;
      const now = ctx.now();
      const c = await campaignFor(request.params.id, affiliateId);
      if (c.access === 'Approved') throw new ApiError(409, M.alreadyApproved);
      if (c.access === 'Pending') throw new ApiError(409, M.alreadyPending);

      const body = request.body;
      const problem = (message: string | null) => {
        if (message) throw badRequest(message);
      };
      problem(leadsProblem(body.estimatedLeads));
      const questions = [c.approval_question1, c.approval_question2, c.approval_question3];
      const custom = [body.custom1, body.custom2, body.custom3].map((answer, i) => (questions[i].trim() === '' ? '' : answer.trim()));
      custom.forEach((answer, i) => problem(questions[i].trim() !== '' && answer === '' ? M.customRequired : null));

      const traffic = body.trafficType as ApplicationTrafficCode;
      const allowed = await ctx.db
        .selectFrom('campaign_traffic_types')
        .select('traffic_type')
        .where('campaign_id', '=', c.id)
        .where('traffic_type', '=', LINK_TRAFFIC_TYPES[traffic])
        .executeTakeFirst();
      if (!allowed) throw badRequest(M.trafficNotAllowed);
      const sources = [body.source1, body.source2, body.source3];
      sources.forEach((answer, i) => problem(sourceProblem(traffic, i as 0 | 1 | 2, answer)));
      problem(descriptionProblem(body.description));

      // The image: bytes, not name or declared type. A non-file value in the field is no image either.
      const raw = body.creativeFile;
      const file = Buffer.isBuffer(raw) && raw.length > 0 ? raw : null;
      if (raw !== undefined && raw !== '' && !Buffer.isBuffer(raw)) throw new ApiError(415, M.imageType);
      if (body.creative === 'M' && !file) throw badRequest(M.imageRequired);
      const imageType = file ? imageTypeOf(file) : null;
      if (file && !(imageType && (AD_IMAGE_TYPES as readonly string[]).includes(imageType))) throw new ApiError(415, M.imageType);
      if (file && file.length > AD_IMAGE_MAX_BYTES) throw new ApiError(413, M.imageTooLarge);

      const automatic = !c.by_request || c.approval_mode === 'auto';
      const stored = file && imageType ? await storeUpload(ctx.access.uploadDir, 'access-requests', file, imageType) : null;
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await lockAffiliate(trx, affiliateId);
          if (!automatic && (await pendingRequestCount(trx, affiliateId)) >= ctx.access.byRequestLimit) {
            throw new ApiError(403, M.limitReached);
          }
          await trx
            .insertInto('access_requests')
            .values({
              affiliate_id: affiliateId,
              campaign_id: c.id,
              status: automatic ? 'Approved' : 'Pending',
              estimated_leads: body.estimatedLeads.trim(),
              traffic_type: traffic,
              description: body.description.trim(),
              custom1: custom[0],
              custom2: custom[1],
              custom3: custom[2],
              creative: body.creative,
              source1: sources[0].trim(),
              source2: sources[1].trim(),
              source3: sources[2].trim(),
              creative_file: stored?.relative ?? null,
              created_at: now,
              decided_at: automatic ? now : null,
            })
            .execute();
          await setCampaignAccess(trx, affiliateId, c.id, automatic ? 'Approved' : 'Pending', now);
          if (automatic) await notifyDecision(trx, affiliateId, c, { status: 'Approved' }, now);
        });
      } catch (err) {
        await stored?.discard();
        // The partial unique index: a second submit raced this one for the same campaign.
        if (err instanceof Error && /access_requests_one_pending_idx/.test(err.message)) throw new ApiError(409, M.alreadyPending);
        throw err;
      }
      return { success: true as const, message: automatic ? APPROVED : SENT, status: automatic ? ('Approved' as const) : ('Pending' as const) };
    },
    // The image (20 MB) and the text fields; the multipart limits above hold each part to its size.
    { bodyLimit: AD_IMAGE_MAX_BYTES + 1024 * 1024 },
  );
};
