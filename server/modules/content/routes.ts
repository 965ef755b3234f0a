import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DismissNotificationRequest,
  DismissNotificationResponse,
  NewsResponse,
  NotificationsResponse,
  SliderResponse,
  USAGE_EVENT_PATH,
  UsageEventQuery,
  UsageEventResponse,
} from '../../../src/api/contract/content';
import { commonErrorResponses } from '../../../src/api/contract/envelope';
import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { authenticate } from '../../plugins/auth';
import { dayInZone } from '../dashboard/reportDays';
import { dismissNotifications, loadNews, loadNotifications, loadSlider } from './queries';

const security = [{ appToken: [] }];

/**
 * Usage events per affiliate and minute. A menu click sends one; 120 a minute (two a second, for a
 * minute) is far above a person's clicking and keeps a looping script from filling usage_events.
 */
export const USAGE_EVENTS_PER_MINUTE = 120;

export const contentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/news',
    {
      schema: {
        tags: ['content'],
        summary: 'News of the bell dropdown, newest first (spec 000 sections 3, 4, 7)',
        security,
        response: { 200: NewsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      await authenticate(ctx.db, request, now);
      return { success: true as const, news_updates: await loadNews(ctx.db, dayInZone(now, ctx.reportTimeZone)) };
    },
  );

  app.get(
    '/affiliate/notifications',
    {
      schema: {
        tags: ['content'],
        summary: "The affiliate's notification pop-ups not yet dismissed (spec 000 sections 3, 4, 7)",
        security,
        response: { 200: NotificationsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      return { success: true as const, notifications: await loadNotifications(ctx.db, auth.affiliateId, now) };
    },
  );

  app.post(
    '/affiliate/notifications',
    {
      schema: {
        tags: ['content'],
        summary: "Dismiss one notification (news_id) or all of them (news_id 'all', Clear All)",
        security,
        body: DismissNotificationRequest,
        response: { 200: DismissNotificationResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      const dismissed = await dismissNotifications(ctx.db, auth.affiliateId, request.body.news_id, now);
      return { success: true as const, dismissed };
    },
  );

  app.get(
    '/campaignSlider',
    {
      schema: {
        tags: ['content'],
        summary: 'Slides of the dashboard slider, pinned first (spec 000 sections 2, 3, 7)',
        security,
        response: { 200: SliderResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      await authenticate(ctx.db, request, ctx.now());
      return { success: true as const, sliders: await loadSlider(ctx.db) };
    },
  );

  app.get(
    USAGE_EVENT_PATH,
    {
      config: {
        // Replaces the global per-IP limit on this route: counted per affiliate, so one affiliate's
        // sessions share a budget and affiliates behind one address (an office, a proxy) do not.
        // The key needs the session, so it is looked up here (the handler reuses request.auth);
        // a call without a valid token is counted by address, and answers 401 in the handler.
        rateLimit: {
          max: USAGE_EVENTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: async (request: FastifyRequest) => {
            try {
              const auth = await authenticate(ctx.db, request, ctx.now());
              return `usage:affiliate:${auth.affiliateId}`;
            } catch {
              request.auth = null;
              return `usage:ip:${request.ip}`;
            }
          },
        },
      },
      schema: {
        tags: ['content'],
        summary: 'Usage tracking: a menu link was clicked (spec 000 section 7; path ours)',
        security,
        querystring: UsageEventQuery,
        response: { 200: UsageEventResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = request.auth ?? (await authenticate(ctx.db, request, now));
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
          created_at: now,
        })
        .execute();
      return { success: true as const };
    },
  );
};
