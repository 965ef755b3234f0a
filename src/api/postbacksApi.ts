import { baseApi } from './baseApi';
import { postbackLogEndpoints } from './contract/postbackLog';
import { trackingEndpoints, type PostbackRequestInput } from './contract/tracking';
import { send, withBody, type Body, type Reply } from './endpoints';

const { saveCampaignPostback, saveGlobalPostback, saveReversalPostback, getHelpText } = trackingEndpoints;
const { listDeliveries, sendTestPostback } = postbackLogEndpoints;

/** The help text of the macro list of pixels and postbacks (spec 000 §7 GET /application/help/18). */
export const MACRO_HELP_ID = 18;

/** Every delivery list (all campaigns, or one campaign's) carries this tag; a test postback reloads them all. */
const DELIVERIES = 'PostbackDeliveries';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Campaign', 'Affiliate', DELIVERIES] });

export interface CampaignPostbackArgs extends PostbackRequestInput {
  campaignId: number;
}

/**
 * Postbacks (spec 000 §5 and §7, spec 002 §2, §4 and §7) and the delivery log (beyond the
 * spec, for the affiliate's own troubleshooting; contract in src/api/contract/postbackLog.ts). A campaign's save reloads that campaign (its
 * `postback` is part of GET /campaign/{id}); the global save reloads GET /affiliate, where the shell
 * and the campaign forms read the saved global postback (promotional_methods.global_callback_*).
 */
export const postbacksApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveCampaignPostback: build.mutation<Reply<typeof saveCampaignPostback>, CampaignPostbackArgs>({
      query: ({ campaignId, type, code }) => send(saveCampaignPostback, { params: { id: String(campaignId) }, body: { type, code } }),
      invalidatesTags: (_result, error, { campaignId }) => (error ? [] : [{ type: 'Campaign', id: campaignId }]),
    }),
    saveGlobalPostback: build.mutation<Reply<typeof saveGlobalPostback>, Body<typeof saveGlobalPostback>>({
      query: withBody(saveGlobalPostback),
      invalidatesTags: (_result, error) => (error ? [] : ['Affiliate']),
    }),
    /** The reversal postback is part of GET /affiliate too (promotional_methods.reversal_callback_url). */
    saveReversalPostback: build.mutation<Reply<typeof saveReversalPostback>, Body<typeof saveReversalPostback>>({
      query: withBody(saveReversalPostback),
      invalidatesTags: (_result, error) => (error ? [] : ['Affiliate']),
    }),
    /** The help texts never change while the portal is open: kept for the session. */
    getHelpText: build.query<Reply<typeof getHelpText>, number>({
      query: (id) => send(getHelpText, { params: { id: String(id) } }),
      keepUnusedDataFor: 3600,
    }),
    /** The affiliate's recent deliveries, newest first: every campaign's, or one campaign's. */
    listDeliveries: build.query<Reply<typeof listDeliveries>, number | undefined>({
      query: (campaignId) => send(listDeliveries, { query: campaignId === undefined ? {} : { campaign_id: String(campaignId) } }),
      providesTags: (_result, _error, campaignId) => [{ type: DELIVERIES, id: campaignId ?? 'all' }, DELIVERIES],
    }),
    /** Fires the saved postback once with sample values; every delivery list loads again (the test is in them). */
    sendTestPostback: build.mutation<Reply<typeof sendTestPostback>, number | undefined>({
      query: (campaignId) => send(sendTestPostback, { body: campaignId === undefined ? {} : { campaign_id: campaignId } }),
      invalidatesTags: [DELIVERIES],
    }),
  }),
});

export const {
  useSaveCampaignPostbackMutation,
  useSaveGlobalPostbackMutation,
  useSaveReversalPostbackMutation,
  useGetHelpTextQuery,
  useListDeliveriesQuery,
  useSendTestPostbackMutation,
} = postbacksApi;
