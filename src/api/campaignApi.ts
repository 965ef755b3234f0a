import { baseApi } from './baseApi';
import { campaignDetailEndpoints } from './contract/campaignDetail';
import { send, type Reply } from './endpoints';

const { getCampaign, addBookmark, removeBookmark, getEmailSuppression } = campaignDetailEndpoints;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Campaign', 'CampaignList', 'CampaignSearch'] });

/**
 * The campaign page's calls (spec 000 §7): the campaign, its bookmark and its e-mail suppression
 * list. A bookmark shows at once and is undone when the call fails (spec 000 §4); the Bookmarked
 * lists (browse tab, sidebar) and searches with the Bookmarked filter load again after it.
 */
export const campaignApi = api.injectEndpoints({
  endpoints: (build) => {
    const bookmark = (ep: typeof addBookmark | typeof removeBookmark, bookmarked: boolean) =>
      build.mutation<Reply<typeof ep>, number>({
        query: (id) => send(ep, { params: { id: String(id) } }),
        async onQueryStarted(id, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            campaignApi.util.updateQueryData('getCampaign', id, (draft) => {
              draft.campaign.is_bookmarked = bookmarked;
            }),
          );
          try {
            await queryFulfilled;
          } catch {
            patch.undo();
          }
        },
        invalidatesTags: (_result, error) => (error ? [] : [{ type: 'CampaignList', id: 'bookmarked' }, 'CampaignSearch']),
      });
    return {
      getCampaign: build.query<Reply<typeof getCampaign>, number>({
        query: (id) => send(getCampaign, { params: { id: String(id) } }),
        providesTags: (_result, _error, id) => [{ type: 'Campaign', id }],
      }),
      addBookmark: bookmark(addBookmark, true),
      removeBookmark: bookmark(removeBookmark, false),
      getEmailSuppression: build.query<Reply<typeof getEmailSuppression>, { advertiser: number; campaign: number }>({
        query: ({ advertiser, campaign }) => send(getEmailSuppression, { query: { m: String(advertiser), o: String(campaign) } }),
      }),
    };
  },
});

export const { useGetCampaignQuery, useAddBookmarkMutation, useRemoveBookmarkMutation, useGetEmailSuppressionQuery } = campaignApi;
