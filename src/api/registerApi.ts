import { baseApi } from './baseApi';
import { joinEndpoints, type RegisterInput } from './contract/register';
import { send, withBody, type Body, type Reply } from './endpoints';

const { checkEmail, checkPhone, trackApplication, removeIdEntry, register, reApplication, marketingCampaign } = joinEndpoints;

/**
 * The registration wizard's calls (spec 002 §7). The security questions are settingsApi's
 * getSecurityQuestions (one definition). Nothing here is cached but the marketing banner.
 */
export const registerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkEmail: build.mutation<Reply<typeof checkEmail>, string>({ query: (e) => send(checkEmail, { query: { e } }) }),
    checkPhone: build.mutation<Reply<typeof checkPhone>, string>({ query: (m) => send(checkPhone, { query: { m } }) }),
    trackApplication: build.mutation<Reply<typeof trackApplication>, Body<typeof trackApplication>>({ query: withBody(trackApplication) }),
    removeIdEntry: build.mutation<Reply<typeof removeIdEntry>, Body<typeof removeIdEntry>>({ query: withBody(removeIdEntry) }),
    register: build.mutation<Reply<typeof register>, RegisterInput>({ query: (body) => send(register, { body: body as Body<typeof register> }) }),
    reApplication: build.mutation<Reply<typeof reApplication>, string>({ query: (token) => send(reApplication, { query: { token } }) }),
    getMarketingCampaign: build.query<Reply<typeof marketingCampaign>, number>({ query: (mktg) => send(marketingCampaign, { params: { mktg: String(mktg) } }) }),
  }),
});

export const { useGetMarketingCampaignQuery } = registerApi;
