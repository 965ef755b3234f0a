import type { FastifyRequest } from 'fastify';
import { contentEndpoints } from '../../../src/api/contract/content';
import { ApiError } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { dayInZone } from '../../../src/shared/dates';
import { dismissNotifications, loadNews, loadNotifications, loadSlider } from './queries';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

/**
 * Usage events per affiliate and minute. A menu click sends one; 120 a minute (two a second, for a
 * minute) is far above a person's clicking and keeps a looping script from filling usage_events.
 */
export const USAGE_EVENTS_PER_MINUTE = 120;

export const contentRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, contentEndpoints.getNews, async () => ({
    success: true as const,
    news_updates: await loadNews(ctx.db, dayInZone(ctx.now(), ctx.reportTimeZone)),
  }));

  route(app, contentEndpoints.getNotifications, async (request) => ({
    success: true as const,
    notifications: await loadNotifications(ctx.db, request.auth.affiliateId, ctx.now()),
  }));

  route(app, contentEndpoints.dismissNotification, async (request) => {
    const dismissed = await dismissNotifications(ctx.db, request.auth.affiliateId, request.body.news_id, ctx.now());
    return { success: true as const, dismissed };
  });

  route(app, contentEndpoints.getCampaignSlider, async () => ({ success: true as const, sliders: await loadSlider(ctx.db) }));

  route(
    app,
    contentEndpoints.trackUsage,
    async (request) => {
      const auth = request.auth;
      const q = request.query;
      // The event is the signed-in affiliate's: a userID of someone else is refused, not recorded.
      if (q.userID !== auth.affiliateId) throw new ApiError(403, 'userID: is not the signed-in affiliate.');
      await ctx.db
        .insertInto('usage_events')
        .values({
          affiliate_id: auth.affiliateId,
          source: q.source,
          platform: q.platform,
          page: q.page,
          element_type: q.element_type ?? '',
          reference_type: q.reference_type ?? '',
          reference_id: q.reference_id ?? '',
          reference_name: q.reference_name ?? '',
          created_at: ctx.now(),
        })
        .execute();
      return { success: true as const };
    },
    {
      config: {
        // Replaces the global per-IP limit on this route: counted per affiliate, so one affiliate's
        // sessions share a budget and affiliates behind one address (an office, a proxy) do not.
        // The key needs the session: sessionOf looks it up (the session hook reuses that lookup);
        // a call without a valid token is counted by address, and the hook answers 401.
        rateLimit: {
          max: USAGE_EVENTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: async (request: FastifyRequest) => {
            const auth = await sessionOf(ctx, request);
            return auth ? `usage:affiliate:${auth.affiliateId}` : `usage:ip:${request.ip}`;
          },
        },
      },
    },
  );
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [contentRoutes] };
