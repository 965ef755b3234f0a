import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnnouncementDismissResponse } from '../../../src/api/contract/content';
import {
  AffiliateStatsResponse,
  AnnouncementNotice,
  DashboardModalsResponse,
  PerformanceBonusOptInResponse,
  PerformanceBonusResponse,
  SaveTargetsRequest,
  SaveTargetsResponse,
  TargetStatusResponse,
  TipaltiMissingDocsResponse,
  VerticalListResponse,
} from '../../../src/api/contract/dashboard';
import { commonErrorResponses } from '../../../src/api/contract/envelope';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { authenticate } from '../../plugins/auth';
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

const security = [{ appToken: [] }];
const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/affiliatestats',
    {
      schema: {
        tags,
        summary: 'Earnings today, yesterday, this month and this year, in the reporting time zone (spec 000 section 3)',
        security,
        response: { 200: AffiliateStatsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      return { success: true as const, ...(await loadAffiliateStats(ctx.db, auth.affiliateId, now, ctx.reportTimeZone)) };
    },
  );

  app.get(
    '/bonus/performance',
    {
      schema: {
        tags,
        summary: 'New-affiliate performance bonus: tiers, progress and what to show (spec 000 sections 3, 4, 9)',
        security,
        response: { 200: PerformanceBonusResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      return loadPerformanceBonus(ctx.db, auth.affiliateId, now, ctx.reportTimeZone);
    },
  );

  app.post(
    '/bonus/performance/optin',
    {
      schema: {
        tags,
        summary: 'Opt in to the performance bonus (flag 185), during the first 3 months',
        security,
        response: { 200: PerformanceBonusOptInResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      await optInPerformanceBonus(ctx.db, auth.affiliateId, now, ctx.reportTimeZone);
      return {
        success: true as const,
        message: 'You are now opted in to the performance bonus.',
        affiliate_flags: await affiliateFlags(ctx.db, auth.affiliateId),
      };
    },
  );

  app.get(
    '/introSurvey/getVerticalList',
    {
      schema: {
        tags,
        summary: 'Verticals of the intro survey (spec 002 sections 3, 7)',
        security,
        response: { 200: VerticalListResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      await authenticate(ctx.db, request, ctx.now());
      return { success: true as const, vertical_list: await verticalList(ctx.db) };
    },
  );

  app.post(
    '/introSurvey/saveTargets',
    {
      schema: {
        tags,
        summary: 'Save the intro survey: target countries and verticals (spec 002 sections 5, 7)',
        security,
        body: SaveTargetsRequest,
        response: { 200: SaveTargetsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const auth = await authenticate(ctx.db, request, ctx.now());
      await saveTargets(ctx.db, auth.affiliateId, request.body.countries, request.body.verticals);
      return { success: true as const, message: 'Thank you! Your target countries and verticals have been saved.' };
    },
  );

  app.get(
    '/introSurvey/targetCountryAndVerticalStatus',
    {
      schema: {
        tags,
        summary: 'Whether the intro survey was answered (spec 002 sections 4, 7)',
        security,
        response: { 200: TargetStatusResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const auth = await authenticate(ctx.db, request, ctx.now());
      return { success: true as const, ...(await targetStatus(ctx.db, auth.affiliateId)) };
    },
  );

  app.post(
    '/tipaltiMissingDocs',
    {
      schema: {
        tags,
        summary: "Missing documents modal: 'I have submitted my documents' confirmed; recorded, ends the modal, flag 148 stays (spec 002 section 4)",
        security,
        response: { 200: TipaltiMissingDocsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      return { success: true as const, affiliate_flags: await confirmDocumentsSubmitted(ctx.db, auth.affiliateId, now) };
    },
  );

  app.post(
    '/announcements/dismiss/:notice',
    {
      schema: {
        tags,
        summary: 'Dismiss a dashboard notice: telegram (flag 183, spec 002), paymentMethod or missingMobile (7-day snooze)',
        security,
        params: z.object({ notice: z.string().max(100, 'is too long') }),
        response: { 200: AnnouncementDismissResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      const notice = AnnouncementNotice.safeParse(request.params.notice);
      if (!notice.success) throw notFound('This announcement does not exist.');
      return { success: true as const, affiliate_flags: await dismissNotice(ctx.db, auth.affiliateId, notice.data, now) };
    },
  );

  app.get(
    '/dashboard/modals',
    {
      schema: {
        tags,
        summary: 'Which dashboard modals apply now (spec 002 section 4 triggers; path ours)',
        security,
        response: { 200: DashboardModalsResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const auth = await authenticate(ctx.db, request, now);
      return { success: true as const, modals: await dashboardModals(ctx.db, auth.affiliateId, now) };
    },
  );
};
