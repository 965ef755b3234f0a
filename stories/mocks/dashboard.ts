import { contentEndpoints, type SliderItem } from '../../src/api/contract/content';
import {
  dashboardEndpoints,
  type AffiliateStatsResponse,
  type DashboardModals,
  type PerformanceBonusResponse,
  type Vertical,
} from '../../src/api/contract/dashboard';
import { paths } from '../../src/shared/paths';
import { RATE_TYPE_LABELS } from '../../src/shared/rateText';
import { answer, failure, pending, perRender, type MockOptions } from './http';
import { pictureOf } from './shell';

/**
 * MSW handlers and fixtures for the dashboard (spec 000 §2, §4, §7; spec 002 §4, §7): stats, slider,
 * performance bonus and opt-in, the dashboard modals, their dismissals and the intro survey. Made
 * with the mock toolkit (./http.ts) from the endpoint descriptions.
 */

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
    rate_type: RATE_TYPE_LABELS.F,
    button: 'Promote Now',
    url: paths.campaign(1205),
    campaign_name: 'DebtFree Relief Now',
    pinned: 'N',
  },
  {
    campaign_id: 1202,
    image: pictureOf('SolarBright Quotes', 40, 800, 200),
    thumbnail: pictureOf('SolarBright Quotes', 40, 120, 90),
    description: 'Our top converting solar offer.',
    rate: 42,
    rate_type: RATE_TYPE_LABELS.F,
    button: 'Get Started',
    url: paths.campaign(1202),
    campaign_name: 'SolarBright Home Quotes',
    pinned: 'Y',
  },
  {
    campaign_id: 1204,
    image: pictureOf('AutoShield Insurance', 260, 800, 200),
    thumbnail: pictureOf('AutoShield Insurance', 260, 120, 90),
    description: 'Now paying a share of every sale.',
    rate: 12,
    rate_type: RATE_TYPE_LABELS.P,
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

const { getCampaignSlider } = contentEndpoints;
const {
  getAffiliateStats,
  getPerformanceBonus,
  optInPerformanceBonus,
  getDashboardModals,
  dismissAnnouncement,
  confirmMissingDocs,
  getVerticalList,
  saveTargets,
} = dashboardEndpoints;

export const dashboardHandlers = {
  stats: {
    loaded: (stats: AffiliateStatsResponse = statsFixture) => answer(getAffiliateStats, stats),
    pending: () => pending(getAffiliateStats),
    failure: () => failure(getAffiliateStats, 'Statistics are being recalculated. Please try again in a few minutes.', 503),
  },
  slider: {
    loaded: (sliders: SliderItem[] = sliderFixture, options?: MockOptions) => answer(getCampaignSlider, { success: true, sliders }, options),
    empty: () => answer(getCampaignSlider, { success: true, sliders: [] }),
  },
  bonus: {
    answer: (bonus: PerformanceBonusResponse) => answer(getPerformanceBonus, bonus),
    /** promo until opted in, then progress (the opt-in invalidates the bonus query). */
    optInFlow: () => {
      const state = perRender(() => ({ optedIn: false }));
      return [
        answer(getPerformanceBonus, () => (state().optedIn ? bonusFixtures.progress : bonusFixtures.promo)),
        answer(optInPerformanceBonus, () => {
          state().optedIn = true;
          return { success: true as const, message: 'You are in! Your progress is shown below.', affiliate_flags: [183, 185] };
        }),
      ];
    },
    optInFails: () => failure(optInPerformanceBonus, 'The promotion is no longer open to you.', 409),
  },
  modals: {
    answer: (modals: Partial<DashboardModals> = {}, spy?: MockOptions) => answer(getDashboardModals, { success: true, modals: { ...noModals, ...modals } }, spy),
    failure: () => failure(getDashboardModals, 'An internal error occurred. Please try again later', 500),
  },
  dismiss: (spy?: MockOptions) => answer(dismissAnnouncement, { success: true, affiliate_flags: [183] }, spy),
  tipalti: {
    recorded: (spy?: MockOptions) => answer(confirmMissingDocs, { success: true, affiliate_flags: [183] }, spy),
    failure: () => failure(confirmMissingDocs, 'We could not record that. Please try again.', 500),
    pending: () => pending(confirmMissingDocs),
  },
  verticals: {
    loaded: () => answer(getVerticalList, { success: true, vertical_list: verticalsFixture }),
    failure: () => failure(getVerticalList, 'An error occurred while fetching verticals.', 500),
    pending: () => pending(getVerticalList),
  },
  saveTargets: {
    saved: (spy?: MockOptions) => answer(saveTargets, { success: true, message: 'Thank you! Your targets have been saved.' }, spy),
    failure: () => failure(saveTargets, 'Unknown country code: XX.', 400),
    pending: () => pending(saveTargets),
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
