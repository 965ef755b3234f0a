import { baseApi } from './baseApi';
import { affiliateEndpoints } from './contract/affiliate';
import { plain, type Reply } from './endpoints';

const { getAffiliate } = affiliateEndpoints;

/** The signed-in affiliate's record (spec 002 §7 GET /affiliate). */
export const affiliateApi = baseApi.enhanceEndpoints({ addTagTypes: ['Affiliate'] }).injectEndpoints({
  endpoints: (build) => ({
    getAffiliate: build.query<Reply<typeof getAffiliate>, void>({
      query: plain(getAffiliate),
      providesTags: ['Affiliate'],
    }),
  }),
});

export const { useGetAffiliateQuery } = affiliateApi;
