import { OFFER_TRAFFIC_TYPES, CAMPAIGN_OS, TRACKING_TYPES, opsOffersEndpoints } from '../../../src/api/contract/opsOffers';
import { dayInZone } from '../../../src/shared/dates';
import { route } from '../../lib/route';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';
import { cdnUrls } from '../images/cdn';
import { createAdvertiser, getAdvertiser, handOutPostback, listAdvertisers, rotateSecret, updateAdvertiser, type Actor } from './advertisers';
import { createCampaign, getCampaign, listCampaigns, previewCampaign, setCampaignStatus, updateCampaign } from './campaigns';

/**
 * The back office's advertisers and campaigns (src/api/contract/opsOffers.ts, docs/ops-offers.md).
 * Which roles may call each route is its endpoint's `roles`, checked before the handler
 * (server/plugins/auth.ts); every write records its audit entry in its own transaction.
 */
export const opsOffersRoutes: RoutePlugin = async (app, { ctx, creativeBaseUrl, tracking: { baseUrl: trackingBaseUrl } }) => {
  const cdn = cdnUrls(creativeBaseUrl);
  const today = () => dayInZone(ctx.now(), ctx.reportTimeZone);
  const clock = () => ({ now: ctx.now(), today: today() });
  const actor = (request: { operator: { operatorId: number }; ip: string }): Actor => ({ operatorId: request.operator.operatorId, ip: request.ip, ...clock() });
  const ep = opsOffersEndpoints;

  route(app, ep.listAdvertisers, async (request) => ({
    success: true as const,
    ...(await listAdvertisers(ctx.db, request.query, clock())),
    page: request.query.page,
    limit: request.query.limit,
  }));

  route(app, ep.getAdvertiser, async (request) => ({ success: true as const, advertiser: await getAdvertiser(ctx.db, request.params.id, clock()) }));

  route(app, ep.createAdvertiser, async (request) => ({ success: true as const, advertiser: await createAdvertiser(ctx.db, request.body, actor(request)) }));

  route(app, ep.updateAdvertiser, async (request) => ({
    success: true as const,
    advertiser: await updateAdvertiser(ctx.db, request.params.id, request.body, actor(request)),
  }));

  route(app, ep.advertiserPostbackUrl, async (request) => ({
    success: true as const,
    ...(await handOutPostback(ctx.db, request.params.id, actor(request), trackingBaseUrl)),
  }));

  route(app, ep.rotateAdvertiserSecret, async (request) => ({
    success: true as const,
    ...(await rotateSecret(ctx.db, request.params.id, request.body.end_previous_now, actor(request), trackingBaseUrl)),
  }));

  route(app, ep.offerOptions, async () => {
    const [categories, subcategories] = await Promise.all([
      ctx.db.selectFrom('categories').select(['id', 'name']).orderBy('sort').orderBy('name').execute(),
      ctx.db.selectFrom('subcategories').select(['id', 'category_id', 'name']).orderBy('name').execute(),
    ]);
    return {
      success: true as const,
      categories: categories.map((c) => ({
        category_id: c.id,
        name: c.name,
        subcategories: subcategories.filter((s) => s.category_id === c.id).map((s) => ({ subcategory_id: s.id, name: s.name })),
      })),
      traffic_types: [...OFFER_TRAFFIC_TYPES],
      operating_systems: [...CAMPAIGN_OS],
      tracking_types: Object.entries(TRACKING_TYPES).map(([code, label]) => ({ code: code as keyof typeof TRACKING_TYPES, label })),
    };
  });

  route(app, ep.listOfferCampaigns, async (request) => ({
    success: true as const,
    ...(await listCampaigns(ctx.db, request.query, today())),
    page: request.query.page,
    limit: request.query.limit,
  }));

  route(app, ep.getOfferCampaign, async (request) => ({ success: true as const, campaign: await getCampaign(ctx.db, request.params.id, today()) }));

  route(app, ep.createOfferCampaign, async (request) => ({ success: true as const, campaign: await createCampaign(ctx.db, request.body, actor(request)) }));

  route(app, ep.updateOfferCampaign, async (request) => ({
    success: true as const,
    campaign: await updateCampaign(ctx.db, request.params.id, request.body, actor(request)),
  }));

  route(app, ep.pauseOfferCampaign, async (request) => ({ success: true as const, campaign: await setCampaignStatus(ctx.db, request.params.id, 'paused', actor(request)) }));

  route(app, ep.resumeOfferCampaign, async (request) => ({ success: true as const, campaign: await setCampaignStatus(ctx.db, request.params.id, 'active', actor(request)) }));

  route(app, ep.expireOfferCampaign, async (request) => ({ success: true as const, campaign: await setCampaignStatus(ctx.db, request.params.id, 'expired', actor(request)) }));

  route(app, ep.previewOfferCampaign, async (request) => ({
    success: true as const,
    ...(await previewCampaign(ctx.db, request.params.id, { today: today(), cdn, byRequestLimit: ctx.access.byRequestLimit })),
  }));
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [opsOffersRoutes] };
