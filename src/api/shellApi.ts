import { baseApi } from './baseApi';
import { campaignEndpoints, type CampaignListName } from './contract/campaign';
import { contentEndpoints } from './contract/content';
import { plain, send, withBody, type Body, type Query, type Reply } from './endpoints';

const { getCampaigns, quickSearch } = campaignEndpoints;
const { getNews, getNotifications, dismissNotification, trackUsage } = contentEndpoints;

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

const api = baseApi.enhanceEndpoints({ addTagTypes: ['News', 'Notification', 'CampaignList'] });

/**
 * The signed-in shell's calls (spec 000 §7): news, notifications, the campaign lists of the sidebars
 * (also used by the dashboard rows), quick search and usage tracking.
 */
export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<Reply<typeof getNews>, void>({
      query: plain(getNews),
      providesTags: ['News'],
    }),
    getNotifications: build.query<Reply<typeof getNotifications>, void>({
      query: plain(getNotifications),
      providesTags: ['Notification'],
    }),
    /** Dismisses one notification, or all of them with `news_id: 'all'` (Clear All). */
    dismissNotification: build.mutation<Reply<typeof dismissNotification>, Body<typeof dismissNotification>>({
      query: withBody(dismissNotification),
      // No invalidation: the pop-ups are removed locally at once, and refetching would bring back
      // the ones still waiting for their own dismissal call.
    }),
    getCampaigns: build.query<Reply<typeof getCampaigns>, CampaignListArgs>({
      query: ({ list, page = 0, limit }) => send(getCampaigns, { params: { for: list }, query: { page, limit } }),
      providesTags: (_r, _e, { list }) => [{ type: 'CampaignList', id: list }],
    }),
    quickSearch: build.query<Reply<typeof quickSearch>, string>({
      query: (q) => send(quickSearch, { query: { q } }),
      keepUnusedDataFor: 30,
    }),
    trackUsage: build.mutation<Reply<typeof trackUsage>, Query<typeof trackUsage>>({
      query: (query) => {
        const request = send(trackUsage, { query });
        return { ...request, url: `${usageBase}${request.url}` };
      },
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
