import { baseApi } from './baseApi';
import { joinEndpoints } from './contract/register';
import { send, type Query, type Reply } from './endpoints';

const { verifyRegistration } = joinEndpoints;

/** The e-mail confirmation of a new publisher (spec 002 §7 GET /verifyRegistration), read by /verify. */
export const verifyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifyRegistration: build.query<Reply<typeof verifyRegistration>, Query<typeof verifyRegistration>>({
      query: (query) => send(verifyRegistration, { query }),
      // The answer is about this moment (the Eastern time, the account's status): never reused later.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useVerifyRegistrationQuery } = verifyApi;
