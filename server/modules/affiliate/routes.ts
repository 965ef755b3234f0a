import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AffiliateResponse } from '../../../src/api/contract/affiliate';
import { commonErrorResponses } from '../../../src/api/contract/envelope';
import { PageViewRequest, PageViewResponse } from '../../../src/api/contract/session';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { authenticate } from '../../plugins/auth';
import { loadAffiliateRecord } from './queries';

const security = [{ appToken: [] }];

export const affiliateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/affiliate',
    {
      schema: {
        tags: ['affiliate'],
        summary: 'The signed-in affiliate (spec 002 section 7; profile fields of spec 001 section 3)',
        security,
        // log=true is sent by the settings page (spec 001 section 7); the answer is the same.
        querystring: z.object({ log: z.enum(['true', 'false']).optional() }),
        response: { 200: AffiliateResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const auth = await authenticate(ctx.db, request, ctx.now());
      const record = await loadAffiliateRecord(ctx.db, auth.affiliateId);
      if (!record) throw unauthorized();
      return record;
    },
  );

  app.post(
    '/affiliate/pageView',
    {
      schema: {
        tags: ['affiliate'],
        summary: 'Record a page view of the portal (spec 002 section 7)',
        security,
        body: PageViewRequest,
        response: { 200: PageViewResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      await ctx.db
        .insertInto('page_views')
        .values({
          affiliate_id: auth.affiliateId,
          screen_name: request.body.screen_name,
          query_string: request.body.query_string,
          created_at: now,
        })
        .execute();
      return { success: true as const };
    },
  );
};
