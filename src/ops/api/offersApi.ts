import { opsOffersEndpoints } from '../../api/contract/opsOffers';
import { plain, send, withBody, type Body, type Query, type Reply } from '../../api/endpoints';
import { opsApi } from './opsApi';

const ep = opsOffersEndpoints;

/** The network's advertisers and campaigns (docs/ops-offers.md): src/api/contract/opsOffers.ts. */
export const offersApi = opsApi.enhanceEndpoints({ addTagTypes: ['Advertisers', 'OfferCampaigns', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAdvertisers: build.query<Reply<typeof ep.listAdvertisers>, Query<typeof ep.listAdvertisers>>({
      query: (query) => send(ep.listAdvertisers, { query }),
      providesTags: ['Advertisers'],
    }),
    getAdvertiser: build.query<Reply<typeof ep.getAdvertiser>, number>({
      query: (id) => send(ep.getAdvertiser, { params: { id: String(id) } }),
      providesTags: (_r, _e, id) => [{ type: 'Advertisers', id }],
    }),
    createAdvertiser: build.mutation<Reply<typeof ep.createAdvertiser>, Body<typeof ep.createAdvertiser>>({
      query: withBody(ep.createAdvertiser),
      invalidatesTags: ['Advertisers', 'Audit'],
    }),
    updateAdvertiser: build.mutation<Reply<typeof ep.updateAdvertiser>, { id: number; body: Body<typeof ep.updateAdvertiser> }>({
      query: ({ id, body }) => send(ep.updateAdvertiser, { params: { id: String(id) }, body }),
      invalidatesTags: ['Advertisers', 'OfferCampaigns', 'Audit'],
    }),
    // Reading the URL is audited (it hands out the secret): asked only when the operator opens it.
    advertiserPostback: build.query<Reply<typeof ep.advertiserPostbackUrl>, number>({
      query: (id) => send(ep.advertiserPostbackUrl, { params: { id: String(id) } }),
      keepUnusedDataFor: 0,
    }),
    rotateAdvertiserSecret: build.mutation<Reply<typeof ep.rotateAdvertiserSecret>, { id: number; end_previous_now: boolean }>({
      query: ({ id, end_previous_now }) => send(ep.rotateAdvertiserSecret, { params: { id: String(id) }, body: { end_previous_now } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Advertisers', id }, 'Advertisers', 'Audit'],
    }),
    offerOptions: build.query<Reply<typeof ep.offerOptions>, void>({ query: plain(ep.offerOptions) }),
    listOfferCampaigns: build.query<Reply<typeof ep.listOfferCampaigns>, Query<typeof ep.listOfferCampaigns>>({
      query: (query) => send(ep.listOfferCampaigns, { query }),
      providesTags: ['OfferCampaigns'],
    }),
    getOfferCampaign: build.query<Reply<typeof ep.getOfferCampaign>, number>({
      query: (id) => send(ep.getOfferCampaign, { params: { id: String(id) } }),
      providesTags: (_r, _e, id) => [{ type: 'OfferCampaigns', id }],
    }),
    previewOfferCampaign: build.query<Reply<typeof ep.previewOfferCampaign>, number>({
      query: (id) => send(ep.previewOfferCampaign, { params: { id: String(id) } }),
      providesTags: (_r, _e, id) => [{ type: 'OfferCampaigns', id }],
    }),
    createOfferCampaign: build.mutation<Reply<typeof ep.createOfferCampaign>, Body<typeof ep.createOfferCampaign>>({
      query: withBody(ep.createOfferCampaign),
      invalidatesTags: ['OfferCampaigns', 'Advertisers', 'Audit'],
    }),
    updateOfferCampaign: build.mutation<Reply<typeof ep.updateOfferCampaign>, { id: number; body: Body<typeof ep.updateOfferCampaign> }>({
      query: ({ id, body }) => send(ep.updateOfferCampaign, { params: { id: String(id) }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'OfferCampaigns', id }, 'OfferCampaigns', 'Audit'],
    }),
    changeOfferCampaignStatus: build.mutation<Reply<typeof ep.pauseOfferCampaign>, { id: number; action: CampaignAction }>({
      query: ({ id, action }) => send(statusEndpoint[action], { params: { id: String(id) } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'OfferCampaigns', id }, 'OfferCampaigns', 'Advertisers', 'Audit'],
    }),
  }),
});

/** What the status buttons of a campaign do. */
export type CampaignAction = 'pause' | 'resume' | 'expire';
const statusEndpoint = { pause: ep.pauseOfferCampaign, resume: ep.resumeOfferCampaign, expire: ep.expireOfferCampaign } as const;

export const {
  useListAdvertisersQuery, useGetAdvertiserQuery, useCreateAdvertiserMutation, useUpdateAdvertiserMutation, useLazyAdvertiserPostbackQuery,
  useRotateAdvertiserSecretMutation, useOfferOptionsQuery, useListOfferCampaignsQuery, useGetOfferCampaignQuery, usePreviewOfferCampaignQuery,
  useCreateOfferCampaignMutation, useUpdateOfferCampaignMutation, useChangeOfferCampaignStatusMutation,
} = offersApi;
