import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliateEndpoints } from '../../../src/api/contract/affiliate';
import { sessionEndpoints } from '../../../src/api/contract/session';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import { loadAffiliateRecord } from './queries';

export const affiliateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, affiliateEndpoints.getAffiliate, async (request) => {
    const record = await loadAffiliateRecord(ctx.db, request.auth.affiliateId);
    if (!record) throw unauthorized();
    return record;
  });

  route(app, sessionEndpoints.pageView, async (request) => {
    await ctx.db
      .insertInto('page_views')
      .values({
        affiliate_id: request.auth.affiliateId,
        screen_name: request.body.screen_name,
        query_string: request.body.query_string,
        created_at: ctx.now(),
      })
      .execute();
    return { success: true as const };
  });
};
