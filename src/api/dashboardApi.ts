import { baseApi } from './baseApi';
import type { AnnouncementDismissResponse, SliderResponse } from './contract/content';
import type {
  AffiliateStatsResponse,
  AnnouncementNotice,
  DashboardModalsResponse,
  PerformanceBonusOptInResponse,
  PerformanceBonusResponse,
  SaveTargetsRequestInput,
  SaveTargetsResponse,
  TargetStatusResponse,
  TipaltiMissingDocsResponse,
  VerticalListResponse,
} from './contract/dashboard';

/**
 * The dashboard's calls (spec 000 §7, spec 002 §7): earnings summary, slider, performance bonus,
 * the dashboard modals and their dismissals, and the intro survey. The campaign rows use
 * `getCampaigns` of shellApi (the same GET /campaigns/{for} as the sidebars).
 */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAffiliateStats: build.query<AffiliateStatsResponse, void>({
      query: () => '/affiliatestats',
    }),
    getCampaignSlider: build.query<SliderResponse, void>({
      query: () => '/campaignSlider',
    }),
    getPerformanceBonus: build.query<PerformanceBonusResponse, void>({
      query: () => '/bonus/performance',
      providesTags: ['PerformanceBonus'],
    }),
    optInPerformanceBonus: build.mutation<PerformanceBonusOptInResponse, void>({
      query: () => ({ url: '/bonus/performance/optin', method: 'POST', body: {} }),
      invalidatesTags: ['PerformanceBonus', 'Affiliate'],
    }),
    getDashboardModals: build.query<DashboardModalsResponse, void>({
      query: () => '/dashboard/modals',
      providesTags: ['DashboardModals'],
    }),
    dismissAnnouncement: build.mutation<AnnouncementDismissResponse, AnnouncementNotice>({
      query: (notice) => ({ url: `/announcements/dismiss/${notice}`, method: 'POST', body: {} }),
      // The server's flags changed: the cached GET /dashboard/modals answer is stale.
      invalidatesTags: ['Affiliate', 'DashboardModals'],
    }),
    confirmMissingDocs: build.mutation<TipaltiMissingDocsResponse, void>({
      query: () => ({ url: '/tipaltiMissingDocs', method: 'POST', body: {} }),
      invalidatesTags: ['Affiliate', 'DashboardModals'],
    }),
    getVerticalList: build.query<VerticalListResponse, void>({
      query: () => '/introSurvey/getVerticalList',
    }),
    getTargetStatus: build.query<TargetStatusResponse, void>({
      query: () => '/introSurvey/targetCountryAndVerticalStatus',
    }),
    saveTargets: build.mutation<SaveTargetsResponse, SaveTargetsRequestInput>({
      query: (body) => ({ url: '/introSurvey/saveTargets', method: 'POST', body }),
      invalidatesTags: ['DashboardModals'],
    }),
  }),
});

export const {
  useGetAffiliateStatsQuery,
  useGetCampaignSliderQuery,
  useGetPerformanceBonusQuery,
  useOptInPerformanceBonusMutation,
  useGetDashboardModalsQuery,
  useDismissAnnouncementMutation,
  useConfirmMissingDocsMutation,
  useGetVerticalListQuery,
  useSaveTargetsMutation,
} = dashboardApi;
