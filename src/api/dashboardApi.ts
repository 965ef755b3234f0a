import { baseApi } from './baseApi';
import { contentEndpoints } from './contract/content';
import { dashboardEndpoints, type AnnouncementNotice } from './contract/dashboard';
import { plain, send, withBody, type Body, type Reply } from './endpoints';

const { getAffiliateStats, getPerformanceBonus, optInPerformanceBonus, getDashboardModals } = dashboardEndpoints;
const { dismissAnnouncement, confirmMissingDocs, getVerticalList, getTargetStatus, saveTargets } = dashboardEndpoints;
const { getCampaignSlider } = contentEndpoints;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Affiliate', 'PerformanceBonus', 'DashboardModals'] });

/**
 * The dashboard's calls (spec 000 §7, spec 002 §7): earnings summary, slider, performance bonus,
 * the dashboard modals and their dismissals, and the intro survey. The campaign rows use
 * `getCampaigns` of shellApi (the same GET /campaigns/{for} as the sidebars).
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAffiliateStats: build.query<Reply<typeof getAffiliateStats>, void>({ query: plain(getAffiliateStats) }),
    getCampaignSlider: build.query<Reply<typeof getCampaignSlider>, void>({ query: plain(getCampaignSlider) }),
    getPerformanceBonus: build.query<Reply<typeof getPerformanceBonus>, void>({
      query: plain(getPerformanceBonus),
      providesTags: ['PerformanceBonus'],
    }),
    optInPerformanceBonus: build.mutation<Reply<typeof optInPerformanceBonus>, void>({
      query: plain(optInPerformanceBonus),
      invalidatesTags: ['PerformanceBonus', 'Affiliate'],
    }),
    getDashboardModals: build.query<Reply<typeof getDashboardModals>, void>({
      query: plain(getDashboardModals),
      providesTags: ['DashboardModals'],
    }),
    dismissAnnouncement: build.mutation<Reply<typeof dismissAnnouncement>, AnnouncementNotice>({
      query: (notice) => send(dismissAnnouncement, { params: { notice } }),
      // The server's flags changed: the cached GET /dashboard/modals answer is stale.
      invalidatesTags: ['Affiliate', 'DashboardModals'],
    }),
    confirmMissingDocs: build.mutation<Reply<typeof confirmMissingDocs>, void>({
      query: plain(confirmMissingDocs),
      invalidatesTags: ['Affiliate', 'DashboardModals'],
    }),
    getVerticalList: build.query<Reply<typeof getVerticalList>, void>({ query: plain(getVerticalList) }),
    getTargetStatus: build.query<Reply<typeof getTargetStatus>, void>({ query: plain(getTargetStatus) }),
    saveTargets: build.mutation<Reply<typeof saveTargets>, Body<typeof saveTargets>>({
      query: withBody(saveTargets),
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
