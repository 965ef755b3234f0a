import { baseApi } from './baseApi';
import { trackingEndpoints, type TrackingLinkRequestInput } from './contract/tracking';
import { withBody, type Reply } from './endpoints';

const { createTrackingLink } = trackingEndpoints;

/** The link builder's call (spec 000 section 7, POST /trackinglink); the builder's machine asks it on every change. */
export const trackingLinkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createTrackingLink: build.mutation<Reply<typeof createTrackingLink>, TrackingLinkRequestInput>({
      query: withBody(createTrackingLink),
    }),
  }),
});
