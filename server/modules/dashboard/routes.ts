import { AnnouncementNotice, dashboardEndpoints } from '../../../src/api/contract/dashboard';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { loadPerformanceBonus, optInPerformanceBonus } from './bonus';
import {
  affiliateFlags,
  confirmDocumentsSubmitted,
  dashboardModals,
  dismissNotice,
  saveTargets,
  targetStatus,
  verticalList,
} from './notices';
import { loadAffiliateStats } from './stats';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

export const dashboardRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, dashboardEndpoints.getAffiliateStats, async (request) => ({
    success: true as const,
    ...(await loadAffiliateStats(ctx.db, request.auth.affiliateId, ctx.now(), ctx.reportTimeZone)),
  }));

  route(app, dashboardEndpoints.getPerformanceBonus, async (request) =>
    loadPerformanceBonus(ctx.db, request.auth.affiliateId, ctx.now(), ctx.reportTimeZone),
  );

  route(app, dashboardEndpoints.optInPerformanceBonus, async (request) => {
    const { affiliateId } = request.auth;
    await optInPerformanceBonus(ctx.db, affiliateId, ctx.now(), ctx.reportTimeZone);
    return {
      success: true as const,
      message: 'You are now opted in to the performance bonus.',
      affiliate_flags: await affiliateFlags(ctx.db, affiliateId),
    };
  });

  route(app, dashboardEndpoints.getVerticalList, async () => ({ success: true as const, vertical_list: await verticalList(ctx.db) }));

  route(app, dashboardEndpoints.saveTargets, async (request) => {
    await saveTargets(ctx.db, request.auth.affiliateId, request.body.countries, request.body.verticals);
    return { success: true as const, message: 'Thank you! Your target countries and verticals have been saved.' };
  });

  route(app, dashboardEndpoints.getTargetStatus, async (request) => ({
    success: true as const,
    ...(await targetStatus(ctx.db, request.auth.affiliateId)),
  }));

  route(app, dashboardEndpoints.confirmMissingDocs, async (request) => ({
    success: true as const,
    affiliate_flags: await confirmDocumentsSubmitted(ctx.db, request.auth.affiliateId, ctx.now()),
  }));

  route(app, dashboardEndpoints.dismissAnnouncement, async (request) => {
    const notice = AnnouncementNotice.safeParse(request.params.notice);
    if (!notice.success) throw notFound('This announcement does not exist.');
    return { success: true as const, affiliate_flags: await dismissNotice(ctx.db, request.auth.affiliateId, notice.data, ctx.now()) };
  });

  route(app, dashboardEndpoints.getDashboardModals, async (request) => ({
    success: true as const,
    modals: await dashboardModals(ctx.db, request.auth.affiliateId, ctx.now()),
  }));
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [dashboardRoutes] };
