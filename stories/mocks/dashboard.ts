import { delay, http, HttpResponse } from 'msw';
import { apiBase } from '../../src/api/baseApi';
import type { AnnouncementDismissResponse, SliderItem, SliderResponse } from '../../src/api/contract/content';
import type {
  AffiliateStatsResponse,
  DashboardModals,
  DashboardModalsResponse,
  PerformanceBonusOptInResponse,
  PerformanceBonusResponse,
  SaveTargetsResponse,
  Vertical,
  VerticalListResponse,
} from '../../src/api/contract/dashboard';
import { errorEnvelope } from '../../src/api/contract/envelope';
import { pictureOf, type Spy } from './shell';

/**
 * MSW handlers and fixtures for the dashboard (spec 000 §2, §4, §7; spec 002 §4, §7): stats, slider,
 * performance bonus and opt-in, the dashboard modals, their dismissals and the intro survey.
 */

export const dashboardPaths = {
  stats: `${apiBase}/affiliatestats`,
  slider: `${apiBase}/campaignSlider`,
  bonus: `${apiBase}/bonus/performance`,
  optIn: `${apiBase}/bonus/performance/optin`,
  modals: `${apiBase}/dashboard/modals`,
  dismiss: `${apiBase}/announcements/dismiss/:notice`,
  tipalti: `${apiBase}/tipaltiMissingDocs`,
  verticals: `${apiBase}/introSurvey/getVerticalList`,
  saveTargets: `${apiBase}/introSurvey/saveTargets`,
} as const;

const failure = (message: string, status: number) => HttpResponse.json(errorEnvelope(message, status), { status });
const forever = async () => {
  await delay('infinite');
  return HttpResponse.error();
};
async function bodyOf(request: Request): Promise<unknown> {
  return request.clone().json().catch(() => null);
}

export const statsFixture: AffiliateStatsResponse = {
  success: true,
  earnings_today: 182.5,
  earnings_yesterday: 240,
  this_month: 5230.75,
  this_year: 48210.4,
};

export const sliderFixture: SliderItem[] = [
  {
    campaign_id: 1205,
    image: pictureOf('DebtFree Relief', 150, 800, 200),
    thumbnail: pictureOf('DebtFree Relief', 150, 120, 90),
    description: 'Exclusive payout for December.',
    rate: 45,
    rate_type: '$ per lead',
    button: 'Promote Now',
    url: '/campaign/1205',
    campaign_name: 'DebtFree Relief Now',
    pinned: 'N',
  },
  {
    campaign_id: 1202,
    image: pictureOf('SolarBright Quotes', 40, 800, 200),
    thumbnail: pictureOf('SolarBright Quotes', 40, 120, 90),
    description: 'Our top converting solar offer.',
    rate: 42,
    rate_type: '$ per lead',
    button: 'Get Started',
    url: '/campaign/1202',
    campaign_name: 'SolarBright Home Quotes',
    pinned: 'Y',
  },
  {
    campaign_id: 1204,
    image: pictureOf('AutoShield Insurance', 260, 800, 200),
    thumbnail: pictureOf('AutoShield Insurance', 260, 120, 90),
    description: 'Now paying a share of every sale.',
    rate: 12,
    rate_type: '% of sale',
    button: 'Learn More',
    url: '',
    campaign_name: 'AutoShield Insurance',
    pinned: 'N',
  },
];

const bonusBase: PerformanceBonusResponse = {
  success: true,
  completed_tier: 0,
  progress_percent: 0,
  promotion_earnings: 0,
  current_target: 5000,
  current_tier: 1,
  opted_in: false,
  display: 'promo',
  bonus_amount: 0,
  promo_end_date: '2026-12-01',
  progress_end_date: '2027-01-01',
};

/** One answer per display of spec 000 §4. */
export const bonusFixtures = {
  promo: bonusBase,
  progress: { ...bonusBase, opted_in: true, display: 'progress', progress_percent: 46.3, promotion_earnings: 2315, current_target: 5000 },
  tier1Done: { ...bonusBase, opted_in: true, display: 'progress', completed_tier: 1, current_tier: 2, progress_percent: 14.2, promotion_earnings: 7100, current_target: 50000, bonus_amount: 1000 },
  // Both tiers completed (bonusTiers in server/modules/dashboard/bonus.ts): the last tier stays current.
  reached: { ...bonusBase, opted_in: true, display: 'progress', completed_tier: 2, current_tier: 2, progress_percent: 104.5, promotion_earnings: 52250, current_target: 50000, bonus_amount: 10000 },
  ended: { ...bonusBase, opted_in: true, display: 'ended', progress_percent: 62, promotion_earnings: 3100, current_target: 5000 },
  unlocked: { ...bonusBase, opted_in: true, display: 'unlocked', completed_tier: 1, current_tier: 2, progress_percent: 16, promotion_earnings: 8000, current_target: 50000, bonus_amount: 1000 },
  none: { ...bonusBase, display: 'none' },
} satisfies Record<string, PerformanceBonusResponse>;

export const noModals: DashboardModals = {
  introSurvey: false,
  paymentMethod: false,
  invalidEmail: false,
  missingMobile: false,
  missingDocuments: false,
  telegram: false,
};

export const verticalsFixture: Vertical[] = [
  { subcategory_id: 11, subcategory_name: 'Personal Loans', category_name: 'Finance' },
  { subcategory_id: 12, subcategory_name: 'Credit Cards', category_name: 'Finance' },
  { subcategory_id: 21, subcategory_name: 'Solar', category_name: 'Home Services' },
  { subcategory_id: 31, subcategory_name: 'Casino', category_name: 'Gaming' },
  { subcategory_id: 41, subcategory_name: 'Weight Loss', category_name: 'Health' },
];

export const dashboardHandlers = {
  stats: {
    loaded: (stats: AffiliateStatsResponse = statsFixture) => http.get(dashboardPaths.stats, () => HttpResponse.json(stats)),
    pending: () => http.get(dashboardPaths.stats, forever),
    failure: () => http.get(dashboardPaths.stats, () => failure('Statistics are being recalculated. Please try again in a few minutes.', 503)),
  },
  slider: {
    loaded: (sliders: SliderItem[] = sliderFixture) => http.get(dashboardPaths.slider, () => HttpResponse.json<SliderResponse>({ success: true, sliders })),
    empty: () => http.get(dashboardPaths.slider, () => HttpResponse.json<SliderResponse>({ success: true, sliders: [] })),
  },
  bonus: {
    answer: (bonus: PerformanceBonusResponse) => http.get(dashboardPaths.bonus, () => HttpResponse.json(bonus)),
    /** promo until opted in, then progress (the opt-in invalidates the bonus query). */
    optInFlow: () => {
      let optedIn = false;
      return [
        http.get(dashboardPaths.bonus, () => HttpResponse.json(optedIn ? bonusFixtures.progress : bonusFixtures.promo)),
        http.post(dashboardPaths.optIn, () => {
          optedIn = true;
          return HttpResponse.json<PerformanceBonusOptInResponse>({ success: true, message: 'You are in! Your progress is shown below.', affiliate_flags: [183, 185] });
        }),
      ];
    },
    optInFails: () => http.post(dashboardPaths.optIn, () => failure('The promotion is no longer open to you.', 409)),
  },
  modals: {
    answer: (modals: Partial<DashboardModals> = {}, spy?: Spy) =>
      http.get(dashboardPaths.modals, ({ request }) => {
        spy?.onRequest?.({ url: new URL(request.url), body: undefined });
        return HttpResponse.json<DashboardModalsResponse>({ success: true, modals: { ...noModals, ...modals } });
      }),
    failure: () => http.get(dashboardPaths.modals, () => failure('An internal error occurred. Please try again later', 500)),
  },
  dismiss: (spy?: Spy) =>
    http.post(dashboardPaths.dismiss, async ({ request }) => {
      spy?.onRequest?.({ url: new URL(request.url), body: await bodyOf(request) });
      return HttpResponse.json<AnnouncementDismissResponse>({ success: true, affiliate_flags: [183] });
    }),
  tipalti: {
    recorded: (spy?: Spy) =>
      http.post(dashboardPaths.tipalti, async ({ request }) => {
        spy?.onRequest?.({ url: new URL(request.url), body: await bodyOf(request) });
        return HttpResponse.json<AnnouncementDismissResponse>({ success: true, affiliate_flags: [183] });
      }),
    failure: () => http.post(dashboardPaths.tipalti, () => failure('We could not record that. Please try again.', 500)),
    pending: () => http.post(dashboardPaths.tipalti, forever),
  },
  verticals: {
    loaded: () => http.get(dashboardPaths.verticals, () => HttpResponse.json<VerticalListResponse>({ success: true, vertical_list: verticalsFixture })),
    failure: () => http.get(dashboardPaths.verticals, () => failure('An error occurred while fetching verticals.', 500)),
    pending: () => http.get(dashboardPaths.verticals, forever),
  },
  saveTargets: {
    saved: (spy?: Spy) =>
      http.post(dashboardPaths.saveTargets, async ({ request }) => {
        spy?.onRequest?.({ url: new URL(request.url), body: await bodyOf(request) });
        return HttpResponse.json<SaveTargetsResponse>({ success: true, message: 'Thank you! Your targets have been saved.' });
      }),
    failure: () => http.post(dashboardPaths.saveTargets, () => failure('Unknown country code: XX.', 400)),
    pending: () => http.post(dashboardPaths.saveTargets, forever),
  },
};

/** Everything the dashboard calls (without the shell), with a quiet default: no modals. */
export function dashboardDefaults() {
  return [
    dashboardHandlers.stats.loaded(),
    dashboardHandlers.slider.loaded(),
    dashboardHandlers.bonus.answer(bonusFixtures.progress),
    dashboardHandlers.modals.answer(),
    dashboardHandlers.dismiss(),
    dashboardHandlers.tipalti.recorded(),
    dashboardHandlers.verticals.loaded(),
    dashboardHandlers.saveTargets.saved(),
  ];
}
