import { CAMPAIGN_NOT_FOUND, campaignDetailEndpoints } from '../../../src/api/contract/campaignDetail';
import { dayInZone } from '../../../src/shared/dates';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { cdnUrls } from '../images/cdn';
import { addBookmark, campaignDetail, campaignExists, isVisible, recordView, removeBookmark, suppressionList } from './queries';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/** The campaign page (spec 000 sections 2, 3, 4, 7): detail, bookmarks, suppression list. */
export const campaignDetailRoutes: RoutePlugin = async (app, { ctx, creativeBaseUrl }) => {
  const cdn = cdnUrls(creativeBaseUrl);
  const today = () => dayInZone(ctx.now(), ctx.reportTimeZone);

  route(app, campaignDetailEndpoints.getCampaign, async (request) => {
    const affiliateId = request.auth.affiliateId;
    const id = request.params.id;
    const campaign = await campaignDetail(ctx.db, id, { affiliateId, today: today(), cdn, byRequestLimit: ctx.access.byRequestLimit });
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    // Opening the page is what Recently Viewed records.
    await recordView(ctx.db, affiliateId, id, ctx.now());
    return { success: true as const, campaign };
  });

  route(app, campaignDetailEndpoints.addBookmark, async (request) => {
    const id = request.params.id;
    if (!(await isVisible(ctx.db, id, today()))) throw notFound(CAMPAIGN_NOT_FOUND);
    await addBookmark(ctx.db, request.auth.affiliateId, id, ctx.now());
    return { success: true as const };
  });

  route(app, campaignDetailEndpoints.removeBookmark, async (request) => {
    const id = request.params.id;
    // Any existing campaign, expired too: a bookmark left on one can still be removed.
    if (!(await campaignExists(ctx.db, id))) throw notFound(CAMPAIGN_NOT_FOUND);
    await removeBookmark(ctx.db, request.auth.affiliateId, id);
    return { success: true as const };
  });

  route(app, campaignDetailEndpoints.getEmailSuppression, async (request) => {
    const { m, o } = request.query;
    const urls = await suppressionList(ctx.db, m, o, today());
    if (!urls) throw notFound(CAMPAIGN_NOT_FOUND);
    return { success: true as const, urls };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [campaignDetailRoutes] };
