import { baseApi } from './baseApi';
import { paychangeEndpoints } from './contract/paychange';
import { plain, withBody, type Body, type Reply } from './endpoints';

const { payoneerChange, tipaltiChange } = paychangeEndpoints;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Affiliate'] });

/**
 * The Payment Settings modal's calls (spec 001 section 7 "Payment"): each answers the address of the
 * provider's page for the modal's iframe. Starting Payoneer marks a Payoneer change pending, so the
 * record is read again; a completed change refreshes it too (`refreshAffiliate`).
 */
export const paychangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    startPayoneer: build.mutation<Reply<typeof payoneerChange>, Body<typeof payoneerChange>>({
      query: withBody(payoneerChange),
      invalidatesTags: (_result, error) => (error ? [] : ['Affiliate']),
    }),
    startTipalti: build.mutation<Reply<typeof tipaltiChange>, void>({
      query: plain(tipaltiChange),
    }),
  }),
});

/** Reads the affiliate's record again once the provider's page reports a completed change. */
export const refreshAffiliate = () => api.util.invalidateTags(['Affiliate']);

export const { useStartPayoneerMutation, useStartTipaltiMutation } = paychangeApi;
