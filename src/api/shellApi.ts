import { baseApi } from './baseApi';
import type { CampaignListName, CampaignListResponse, QuickSearchResponse } from './contract/campaign';
import {
  USAGE_EVENT_PATH,
  type DismissNotificationRequestInput,
  type DismissNotificationResponse,
  type NewsResponse,
  type NotificationsResponse,
  type UsageEventQueryInput,
  type UsageEventResponse,
} from './contract/content';

/**
 * Where usage-tracking events go (spec 000 §7: "a separate tracking host"). Empty: the API base
 * (the product's own endpoint). An absolute URL such as https://track.example.net sends them there.
 */
export const usageBase: string = (import.meta.env.VITE_USAGE_TRACKING_BASE as string | undefined) ?? '';

export interface CampaignListArgs {
  list: CampaignListName;
  page?: number;
  limit: number;
}

/**
 * The signed-in shell's calls (spec 000 §7): news, notifications, the campaign lists of the sidebars
 * (also used by the dashboard rows), quick search and usage tracking.
 */
export const shellApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsResponse, void>({
      query: () => '/news',
      providesTags: ['News'],
    }),
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => '/affiliate/notifications',
      providesTags: ['Notification'],
    }),
    /** Dismisses one notification, or all of them with `news_id: 'all'` (Clear All). */
    dismissNotification: build.mutation<DismissNotificationResponse, DismissNotificationRequestInput>({
      query: (body) => ({ url: '/affiliate/notifications', method: 'POST', body }),
      // No invalidation: the pop-ups are removed locally at once, and refetching would bring back
      // the ones still waiting for their own dismissal call.
    }),
    getCampaigns: build.query<CampaignListResponse, CampaignListArgs>({
      query: ({ list, page = 0, limit }) => ({ url: `/campaigns/${list}`, params: { page, limit } }),
      providesTags: (_r, _e, { list }) => [{ type: 'CampaignList', id: list }],
    }),
    quickSearch: build.query<QuickSearchResponse, string>({
      query: (q) => ({ url: '/search', params: { q } }),
      keepUnusedDataFor: 30,
    }),
    trackUsage: build.mutation<UsageEventResponse, UsageEventQueryInput>({
      query: (params) => ({ url: `${usageBase}${USAGE_EVENT_PATH}`, params }),
    }),
  }),
});

export const {
  useGetNewsQuery,
  useGetNotificationsQuery,
  useDismissNotificationMutation,
  useGetCampaignsQuery,
  useQuickSearchQuery,
  useTrackUsageMutation,
} = shellApi;
