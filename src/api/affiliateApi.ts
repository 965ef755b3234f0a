import { baseApi } from './baseApi';
import type { AffiliateResponse } from './contract/affiliate';

/** The signed-in affiliate's record (spec 002 §7 GET /affiliate). */
export const affiliateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAffiliate: build.query<AffiliateResponse, void>({
      query: () => '/affiliate',
      providesTags: ['Affiliate'],
    }),
  }),
});

export const { useGetAffiliateQuery } = affiliateApi;
