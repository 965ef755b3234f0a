import { opsMaterialEndpoints, type BannerInput } from '../../api/contract/opsMaterial';
import { opsOffersEndpoints } from '../../api/contract/opsOffers';
import { opsPeopleEndpoints } from '../../api/contract/opsPeople';
import { send, type Body, type Reply } from '../../api/endpoints';
import { opsApi } from './opsApi';

const ep = opsMaterialEndpoints;
const campaigns = opsOffersEndpoints.listOfferCampaigns;
const managers = opsPeopleEndpoints.listManagers;

const id = (n: number) => ({ id: String(n) });
type Landing = { type: 'MaterialLandingPages'; id: number };
type Creatives = { type: 'MaterialCreatives'; id: number };

/**
 * The console's campaign material (src/api/contract/opsMaterial.ts, docs/ops-files.md): a campaign's
 * landing pages and creatives, and the managers' photo and QR code. The campaign picker reads the
 * offers' campaign list and the managers' page the people's manager list (read-only). Uploads are
 * multipart: `send` builds the FormData from the body as the endpoint's `multipart` says. A write
 * reloads the list of the campaign it changed (the id the page passes along).
 */
export const materialApi = opsApi.enhanceEndpoints({ addTagTypes: ['MaterialLandingPages', 'MaterialCreatives', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    materialCampaigns: build.query<Reply<typeof campaigns>, string>({
      query: (q) => send(campaigns, { query: q.trim() === '' ? { limit: '20' } : { q: q.trim(), limit: '20' } }),
    }),
    materialManagers: build.query<Reply<typeof managers>, void>({ query: () => send(managers, undefined) }),

    materialLandingPages: build.query<Reply<typeof ep.listLandingPages>, number>({
      query: (campaignId) => send(ep.listLandingPages, { params: id(campaignId) }),
      providesTags: (_r, _e, campaignId): Landing[] => [{ type: 'MaterialLandingPages', id: campaignId }],
    }),
    addLandingPage: build.mutation<Reply<typeof ep.addLandingPage>, { campaignId: number; body: Body<typeof ep.addLandingPage> }>({
      query: ({ campaignId, body }) => send(ep.addLandingPage, { params: id(campaignId), body }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialLandingPages', id: campaignId }, 'Audit']),
    }),
    editLandingPage: build.mutation<Reply<typeof ep.editLandingPage>, { campaignId: number; id: number; body: Body<typeof ep.editLandingPage> }>({
      query: (a) => send(ep.editLandingPage, { params: id(a.id), body: a.body }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialLandingPages', id: campaignId }, 'Audit']),
    }),
    deleteLandingPage: build.mutation<Reply<typeof ep.deleteLandingPage>, { campaignId: number; id: number }>({
      query: (a) => send(ep.deleteLandingPage, { params: id(a.id) }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialLandingPages', id: campaignId }, 'Audit']),
    }),
    uploadScreenshot: build.mutation<Reply<typeof ep.uploadLandingPageScreenshot>, { campaignId: number; id: number; screenshot: Blob }>({
      query: (a) => send(ep.uploadLandingPageScreenshot, { params: id(a.id), body: { screenshot: a.screenshot } }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialLandingPages', id: campaignId }, 'Audit']),
    }),
    removeScreenshot: build.mutation<Reply<typeof ep.removeLandingPageScreenshot>, { campaignId: number; id: number }>({
      query: (a) => send(ep.removeLandingPageScreenshot, { params: id(a.id) }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialLandingPages', id: campaignId }, 'Audit']),
    }),

    materialCreatives: build.query<Reply<typeof ep.listCreatives>, number>({
      query: (campaignId) => send(ep.listCreatives, { params: id(campaignId) }),
      providesTags: (_r, _e, campaignId): Creatives[] => [{ type: 'MaterialCreatives', id: campaignId }],
    }),
    addBanner: build.mutation<Reply<typeof ep.addBanner>, { campaignId: number; body: BannerInput }>({
      query: ({ campaignId, body }) => send(ep.addBanner, { params: id(campaignId), body }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialCreatives', id: campaignId }, 'Audit']),
    }),
    replaceBannerImage: build.mutation<Reply<typeof ep.replaceBannerImage>, { campaignId: number; id: number; image: Blob }>({
      query: (a) => send(ep.replaceBannerImage, { params: id(a.id), body: { image: a.image } }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialCreatives', id: campaignId }, 'Audit']),
    }),
    addTextLink: build.mutation<Reply<typeof ep.addTextLink>, { campaignId: number; body: Body<typeof ep.addTextLink> }>({
      query: ({ campaignId, body }) => send(ep.addTextLink, { params: id(campaignId), body }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialCreatives', id: campaignId }, 'Audit']),
    }),
    addEmail: build.mutation<Reply<typeof ep.addEmail>, { campaignId: number; body: Body<typeof ep.addEmail> }>({
      query: ({ campaignId, body }) => send(ep.addEmail, { params: id(campaignId), body }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialCreatives', id: campaignId }, 'Audit']),
    }),
    editCreative: build.mutation<Reply<typeof ep.editCreative>, { campaignId: number; id: number; body: Body<typeof ep.editCreative> }>({
      query: (a) => send(ep.editCreative, { params: id(a.id), body: a.body }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialCreatives', id: campaignId }, 'Audit']),
    }),
    deleteCreative: build.mutation<Reply<typeof ep.deleteCreative>, { campaignId: number; id: number }>({
      query: (a) => send(ep.deleteCreative, { params: id(a.id) }),
      invalidatesTags: (_r, e, { campaignId }) => (e ? [] : [{ type: 'MaterialCreatives', id: campaignId }, 'Audit']),
    }),

    uploadManagerPhoto: build.mutation<Reply<typeof ep.uploadManagerPhoto>, { id: number; photo: Blob }>({
      query: (a) => send(ep.uploadManagerPhoto, { params: id(a.id), body: { photo: a.photo } }),
      invalidatesTags: (_r, e) => (e ? [] : ['Audit']),
    }),
    uploadManagerQr: build.mutation<Reply<typeof ep.uploadManagerQr>, { id: number; qr: Blob }>({
      query: (a) => send(ep.uploadManagerQr, { params: id(a.id), body: { qr: a.qr } }),
      invalidatesTags: (_r, e) => (e ? [] : ['Audit']),
    }),
  }),
});

export const {
  useMaterialCampaignsQuery, useMaterialManagersQuery,
  useMaterialLandingPagesQuery, useAddLandingPageMutation, useEditLandingPageMutation, useDeleteLandingPageMutation, useUploadScreenshotMutation, useRemoveScreenshotMutation,
  useMaterialCreativesQuery, useAddBannerMutation, useReplaceBannerImageMutation, useAddTextLinkMutation, useAddEmailMutation, useEditCreativeMutation, useDeleteCreativeMutation,
  useUploadManagerPhotoMutation, useUploadManagerQrMutation,
} = materialApi;
