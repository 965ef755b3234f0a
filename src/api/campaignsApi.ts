import { baseApi } from './baseApi';
import { BROWSE_PAGE_SIZE, campaignEndpoints, type CampaignListName, type SearchParams } from './contract/campaign';
import { plain, send, type Reply } from './endpoints';

const { getCampaigns, fullSearch, searchCategories, searchSubcategories } = campaignEndpoints;

/**
 * 'CampaignList' with the list's name as id (`{ type: 'CampaignList', id: 'bookmarked' }`), the same
 * tag the shell's sidebar lists provide: a mutation that changes a list (the bookmark buttons
 * invalidate 'bookmarked') refreshes every page of the browse tab and the sidebars alike.
 */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['CampaignList', 'CampaignSearch'] });

/**
 * The campaign area's calls (spec 000 §2, §7): the browse tabs as one infinite list per tab, pages
 * counted from 0 and followed while the answer says `has_more`.
 */
export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    browseCampaigns: build.infiniteQuery<Reply<typeof getCampaigns>, CampaignListName, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.has_more ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => send(getCampaigns, { params: { for: queryArg }, query: { page: pageParam, limit: BROWSE_PAGE_SIZE } }),
      providesTags: (_r, _e, list) => [{ type: 'CampaignList', id: list }],
    }),
    /** The /search screen's results: every route parameter (searchParamsOf of the URL's state). */
    fullSearch: build.query<Reply<typeof fullSearch>, SearchParams>({
      query: (query) => send(fullSearch, { query }),
      // A bookmark changes what the Bookmarked filter finds.
      providesTags: ['CampaignSearch'],
    }),
    searchCategories: build.query<Reply<typeof searchCategories>, void>({
      query: plain(searchCategories),
    }),
    searchSubcategories: build.query<Reply<typeof searchSubcategories>, number>({
      query: (categoryId) => send(searchSubcategories, { params: { categoryId: String(categoryId) } }),
    }),
  }),
});

export const { useBrowseCampaignsInfiniteQuery, useFullSearchQuery, useSearchCategoriesQuery, useSearchSubcategoriesQuery } = campaignsApi;
