import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMPAIGN_LIST_NAMES,
  CampaignListQuery,
  CampaignListResponse,
  QUICK_SEARCH_LIMIT,
  QuickSearchQuery,
  QuickSearchResponse,
  type CampaignListName,
} from '../../../src/api/contract/campaign';
import { commonErrorResponses } from '../../../src/api/contract/envelope';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { authenticate } from '../../plugins/auth';
import { dayInZone } from '../dashboard/reportDays';
import { listCampaigns, quickSearch } from './queries';

const security = [{ appToken: [] }];

const isListName = (value: string): value is CampaignListName => (CAMPAIGN_LIST_NAMES as readonly string[]).includes(value);

export const campaignRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/campaigns/:for',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'A campaign list: sidebars, dashboard rows and browse tabs (spec 000 sections 2, 7)',
        description: `Lists: ${CAMPAIGN_LIST_NAMES.join(', ')}. Pages count from 0.`,
        security,
        // Any name reaches the handler: an unknown list is a 404, like an unknown id.
        params: z.object({ for: z.string().max(100, 'is too long') }),
        querystring: CampaignListQuery,
        response: { 200: CampaignListResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      const list = request.params.for;
      if (!isListName(list)) throw notFound('This campaign list does not exist.');
      const { page, limit } = request.query;
      const { campaigns, hasMore } = await listCampaigns(
        ctx.db,
        list,
        { affiliateId: auth.affiliateId, today: dayInZone(now, ctx.reportTimeZone) },
        page,
        limit,
      );
      return { success: true as const, campaigns, page, has_more: hasMore };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Quick search: campaigns by name or #ID for the autocomplete (spec 000 sections 5, 7)',
        security,
        querystring: QuickSearchQuery,
        response: { 200: QuickSearchResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      await authenticate(ctx.db, request, ctx.now());
      return { success: true as const, matchingCampaigns: await quickSearch(ctx.db, request.query.q, QUICK_SEARCH_LIMIT) };
    },
  );
};
