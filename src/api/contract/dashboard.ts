import { z } from 'zod';
import { AnnouncementDismissResponse } from './content';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * Dashboard calls (spec 000 sections 3, 4, 7, 9; spec 002 sections 3, 4, 5, 7).
 *
 *   GET  /affiliatestats                          -> AffiliateStatsResponse           (token)
 *   GET  /bonus/performance                       -> PerformanceBonusResponse         (token)
 *   POST /bonus/performance/optin                 -> PerformanceBonusOptInResponse    (token; sets flag 185)
 *   GET  /introSurvey/getVerticalList             -> VerticalListResponse             (token)
 *   POST /introSurvey/saveTargets                 SaveTargetsRequest -> SaveTargetsResponse (token)
 *   GET  /introSurvey/targetCountryAndVerticalStatus -> TargetStatusResponse          (token)
 *   POST /tipaltiMissingDocs                      -> AnnouncementDismissResponse      (token; records the confirmation; flag 148 stays)
 *   POST /announcements/dismiss/{notice}          -> AnnouncementDismissResponse      (token)
 *        notice: 'telegram' (spec; sets flag 183), 'paymentMethod' or 'missingMobile' (ours: snooze)
 *   GET  /dashboard/modals                        -> DashboardModalsResponse          (token; path ours)
 *
 * The manager contact (name, phone, e-mail, messaging handle, image and QR code URLs) comes with
 * GET /affiliate (`affiliate_manager`, contract/affiliate.ts). The countries of the intro survey are
 * the static ISO list of the portal; the server checks the codes against its own copy.
 */

/** Earnings summary (spec 000 section 3), in dollars, by days of the network's reporting time zone. */
export const AffiliateStatsResponse = successEnvelope({
  earnings_today: z.number(),
  earnings_yesterday: z.number(),
  this_month: z.number(),
  this_year: z.number(),
});
export type AffiliateStatsResponse = z.infer<typeof AffiliateStatsResponse>;

/** Spec 000 section 9: tier 1 needs above $5,000 for $1,000; tier 2 above $50,000 for $10,000. */
export const PERFORMANCE_BONUS_TIERS = [
  { tier: 1, target: 5_000, bonus: 1_000 },
  { tier: 2, target: 50_000, bonus: 10_000 },
] as const;
/** Promo period and how long an opted-in affiliate sees the progress bar, in months from registration. */
export const PERFORMANCE_BONUS_PROMO_MONTHS = 3;
export const PERFORMANCE_BONUS_PROGRESS_MONTHS = 4;
/** Flag of the opt-in (spec 000 section 6). */
export const FLAG_PERFORMANCE_BONUS = 185;

/**
 * What the dashboard shows (spec 000 section 4), decided by the server from the registration date,
 * flag 185 and the earnings:
 * - 'promo': within 3 months, not opted in: the promo banner with the opt-in.
 * - 'progress': within 3 months, opted in: the progress bar.
 * - 'ended': opted in, 3 to 4 months, no tier completed: the bar reading 'Promo Ended'.
 * - 'unlocked': opted in, 3 to 4 months, a tier completed: 'Performance Bonus Unlocked!'.
 * - 'none': nothing (not opted in after 3 months, or past 4 months).
 */
export const PerformanceBonusDisplay = z.enum(['promo', 'progress', 'ended', 'unlocked', 'none']);
export type PerformanceBonusDisplay = z.infer<typeof PerformanceBonusDisplay>;

export const PerformanceBonusResponse = successEnvelope({
  /** Highest tier completed: 0, 1 or 2. */
  completed_tier: z.number().int(),
  /**
   * promotion_earnings / current_target * 100, two decimals; 100 or more is green. At most 99.99
   * while the tier is not completed (completion needs earnings above the target), so 100 or more
   * means completed.
   */
  progress_percent: z.number(),
  /** Earnings (approved and pending) in the promo period so far, dollars. */
  promotion_earnings: z.number(),
  /** Target of the current tier, dollars (5000 or 50000). */
  current_target: z.number(),
  /** The tier being worked towards (1 or 2; 2 once tier 2 is completed). */
  current_tier: z.number().int(),
  // ---- ours (spec: not shown), so the portal does not recompute the rules ----
  opted_in: z.boolean(),
  display: PerformanceBonusDisplay,
  /** Bonus of the completed tier, dollars (0, 1000 or 10000). */
  bonus_amount: z.number(),
  /** Last day of the promo period and of the progress bar (YYYY-MM-DD, reporting time zone). */
  promo_end_date: z.string(),
  progress_end_date: z.string(),
});
export type PerformanceBonusResponse = z.infer<typeof PerformanceBonusResponse>;

/** Opt-in answer (spec: not shown): a message and the state after opting in. */
export const PerformanceBonusOptInResponse = successEnvelope({
  message: z.string(),
  affiliate_flags: z.array(z.number().int()),
});
export type PerformanceBonusOptInResponse = z.infer<typeof PerformanceBonusOptInResponse>;

/** Intro survey vertical (spec 002 section 3). */
export const Vertical = z.object({
  subcategory_id: z.number().int(),
  subcategory_name: z.string(),
  category_name: z.string(),
});
export type Vertical = z.infer<typeof Vertical>;

export const VerticalListResponse = successEnvelope({ vertical_list: z.array(Vertical) });
export type VerticalListResponse = z.infer<typeof VerticalListResponse>;

/** POST /introSurvey/saveTargets: at least one country (2-letter codes) and one vertical id. */
export const SaveTargetsRequest = z.object({
  countries: z
    .array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be 2-letter country codes').transform((s) => s.toUpperCase()))
    .min(1, 'choose at least one country')
    .max(300, 'has too many countries'),
  verticals: z
    .array(
      z.union([
        z.number().int().min(1).max(2_147_483_647),
        // Bounded like the number branch: a longer id must answer 400, not reach the database (int4).
        z
          .string()
          .regex(/^\d{1,10}$/, 'must be vertical ids')
          .transform(Number)
          .pipe(z.number().int().min(1).max(2_147_483_647)),
      ]),
    )
    .min(1, 'choose at least one vertical')
    .max(500, 'has too many verticals'),
});
export type SaveTargetsRequestInput = z.input<typeof SaveTargetsRequest>;

export const SaveTargetsResponse = successEnvelope({ message: z.string() });
export type SaveTargetsResponse = z.infer<typeof SaveTargetsResponse>;

export const TargetStatusResponse = successEnvelope({
  target_country_survey_complete: z.boolean(),
  target_vertical_survey_complete: z.boolean(),
});
export type TargetStatusResponse = z.infer<typeof TargetStatusResponse>;

/**
 * POST /tipaltiMissingDocs: 'I have submitted my documents...' confirmed. The confirmation is
 * recorded and ends the missing-documents modal; flag 148 stays (the network clears it once it has
 * the documents), so the answer's flags still list it.
 */
export const TipaltiMissingDocsResponse = AnnouncementDismissResponse;
export type TipaltiMissingDocsResponse = AnnouncementDismissResponse;

/**
 * Notices of POST /announcements/dismiss/{notice}: telegram (spec 002: sets flag 183, for good);
 * paymentMethod and missingMobile (ours: hidden for SNOOZE_DAYS, then shown again while the data is
 * still missing).
 */
export const AnnouncementNotice = z.enum(['telegram', 'paymentMethod', 'missingMobile']);
export type AnnouncementNotice = z.infer<typeof AnnouncementNotice>;
export const ANNOUNCEMENT_SNOOZE_DAYS = 7;

/**
 * GET /dashboard/modals: which dashboard modals apply now (spec 002 section 4 triggers, plus the
 * snoozes above). The portal shows at most one at a time, in this order.
 */
export const DashboardModals = z.object({
  introSurvey: z.boolean(),
  paymentMethod: z.boolean(),
  invalidEmail: z.boolean(),
  missingMobile: z.boolean(),
  missingDocuments: z.boolean(),
  telegram: z.boolean(),
});
export type DashboardModals = z.infer<typeof DashboardModals>;
export const DASHBOARD_MODAL_ORDER = DashboardModals.keyof().options;

export const DashboardModalsResponse = successEnvelope({ modals: DashboardModals });
export type DashboardModalsResponse = z.infer<typeof DashboardModalsResponse>;

const tags = ['dashboard'];

export const dashboardEndpoints = {
  getAffiliateStats: endpoint({
    method: 'GET',
    path: '/affiliatestats',
    access: 'session',
    tags,
    summary: 'Earnings today, yesterday, this month and this year, in the reporting time zone (spec 000 section 3)',
    response: AffiliateStatsResponse,
  }),
  getPerformanceBonus: endpoint({
    method: 'GET',
    path: '/bonus/performance',
    access: 'session',
    tags,
    summary: 'New-affiliate performance bonus: tiers, progress and what to show (spec 000 sections 3, 4, 9)',
    response: PerformanceBonusResponse,
  }),
  optInPerformanceBonus: endpoint({
    method: 'POST',
    path: '/bonus/performance/optin',
    access: 'session',
    tags,
    summary: 'Opt in to the performance bonus (flag 185), during the first 3 months',
    response: PerformanceBonusOptInResponse,
    errors: [400],
  }),
  getVerticalList: endpoint({
    method: 'GET',
    path: '/introSurvey/getVerticalList',
    access: 'session',
    tags,
    summary: 'Verticals of the intro survey (spec 002 sections 3, 7)',
    response: VerticalListResponse,
  }),
  saveTargets: endpoint({
    method: 'POST',
    path: '/introSurvey/saveTargets',
    access: 'session',
    tags,
    summary: 'Save the intro survey: target countries and verticals (spec 002 sections 5, 7)',
    body: SaveTargetsRequest,
    response: SaveTargetsResponse,
  }),
  getTargetStatus: endpoint({
    method: 'GET',
    path: '/introSurvey/targetCountryAndVerticalStatus',
    access: 'session',
    tags,
    summary: 'Whether the intro survey was answered (spec 002 sections 4, 7)',
    response: TargetStatusResponse,
  }),
  confirmMissingDocs: endpoint({
    method: 'POST',
    path: '/tipaltiMissingDocs',
    access: 'session',
    tags,
    summary: "Missing documents modal: 'I have submitted my documents' confirmed; recorded, ends the modal, flag 148 stays (spec 002 section 4)",
    response: TipaltiMissingDocsResponse,
  }),
  dismissAnnouncement: endpoint({
    method: 'POST',
    path: '/announcements/dismiss/:notice',
    access: 'session',
    tags,
    summary: 'Dismiss a dashboard notice: telegram (flag 183, spec 002), paymentMethod or missingMobile (7-day snooze)',
    // Any name reaches the handler: an unknown notice is a 404.
    params: z.object({ notice: SafeText().max(100, 'is too long') }),
    response: AnnouncementDismissResponse,
    errors: [404],
  }),
  getDashboardModals: endpoint({
    method: 'GET',
    path: '/dashboard/modals',
    access: 'session',
    tags,
    summary: 'Which dashboard modals apply now (spec 002 section 4 triggers; path ours)',
    response: DashboardModalsResponse,
  }),
};
