import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAMPAIGN_LIST_NAMES, QUICK_SEARCH_LIMIT, campaignEndpoints, type CampaignListName } from '../../../src/api/contract/campaign';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { dayInZone } from '../../../src/shared/dates';
import { listCampaigns, quickSearch } from './queries';

const isListName = (value: string): value is CampaignListName => (CAMPAIGN_LIST_NAMES as readonly string[]).includes(value);

export const campaignRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, campaignEndpoints.getCampaigns, async (request) => {
    const list = request.params.for;
    if (!isListName(list)) throw notFound('This campaign list does not exist.');
    const { page, limit } = request.query;
    const { campaigns, hasMore } = await listCampaigns(
      ctx.db,
      list,
      { affiliateId: request.auth.affiliateId, today: dayInZone(ctx.now(), ctx.reportTimeZone) },
      page,
      limit,
    );
    return { success: true as const, campaigns, page, has_more: hasMore };
  });

  route(app, campaignEndpoints.quickSearch, async (request) => ({
    success: true as const,
    matchingCampaigns: await quickSearch(ctx.db, request.query.q, QUICK_SEARCH_LIMIT),
  }));
};
