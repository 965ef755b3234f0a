import {
  CAMPAIGN_LIST_NAMES,
  QUICK_SEARCH_LIMIT,
  SEARCH_PAGE_SIZE,
  campaignEndpoints,
  type CampaignListName,
} from '../../../src/api/contract/campaign';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { dayInZone } from '../../../src/shared/dates';
import { listCampaigns } from './lists';
import {
  countryName,
  mainCategoryName,
  quickSearch,
  searchCampaigns,
  searchCategories,
  searchSubcategories,
  subcategoryName,
} from './search';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

const isListName = (value: string): value is CampaignListName => (CAMPAIGN_LIST_NAMES as readonly string[]).includes(value);

export const campaignRoutes: RoutePlugin = async (app, { ctx }) => {
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

  // One route for GET /search (campaignEndpoints.quickSearch and .fullSearch are its typed views).
  route(app, campaignEndpoints.search, async (request) => {
    const { q, ...state } = request.query;
    if (q !== undefined) {
      return { success: true as const, matchingCampaigns: await quickSearch(ctx.db, q, QUICK_SEARCH_LIMIT) };
    }
    const found = await searchCampaigns(
      ctx.db,
      state,
      { affiliateId: request.auth.affiliateId, today: dayInZone(ctx.now(), ctx.reportTimeZone) },
      SEARCH_PAGE_SIZE,
    );
    return { success: true as const, matchingCampaigns: found.campaigns, total_pages: found.totalPages, page: state.pn, total: found.total };
  });

  route(app, campaignEndpoints.searchCategories, async () => ({ success: true as const, categories: await searchCategories(ctx.db) }));

  route(app, campaignEndpoints.searchSubcategories, async (request) => {
    const subcategories = await searchSubcategories(ctx.db, request.params.categoryId);
    if (!subcategories) throw notFound('This category does not exist.');
    return { success: true as const, subcategories };
  });

  route(app, campaignEndpoints.displayCountry, async (request) => {
    const name = await countryName(ctx.db, request.params.code);
    if (!name) throw notFound('This country does not exist.');
    return { success: true as const, country_name: name };
  });

  route(app, campaignEndpoints.displayMainCategory, async (request) => {
    const name = await mainCategoryName(ctx.db, request.params.id);
    if (!name) throw notFound('This category does not exist.');
    return { success: true as const, main_category_name: name };
  });

  route(app, campaignEndpoints.displaySubcategory, async (request) => {
    const name = await subcategoryName(ctx.db, request.params.categoryId, request.params.subcategoryId);
    if (!name) throw notFound('This subcategory does not exist in that category.');
    return { success: true as const, subcategory_name: name };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [campaignRoutes] };
