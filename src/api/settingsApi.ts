import { baseApi } from './baseApi';
import { affiliateEndpoints } from './contract/affiliate';
import { registerEndpoints } from './contract/register';
import { settingsEndpoints } from './contract/settings';
import { twoFactorEndpoints } from './contract/twoFactor';
import { plain, send, withBody, type Body, type Reply } from './endpoints';

const { validatePhone, validateEmail } = affiliateEndpoints;
const { getSecurityQuestions } = registerEndpoints;
const { personalDetails, phoneDetails, addressDetails, promotionalDetails, emailPreferences, securityDetails } = settingsEndpoints;
const { otpCancel } = twoFactorEndpoints;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Affiliate', 'SecurityQuestions'] });

/** The settings page's calls (spec 001 §7 Profile): checks, the six saves, two-factor off. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSecurityQuestions: build.query<Reply<typeof getSecurityQuestions>, void>({
      query: plain(getSecurityQuestions),
      providesTags: ['SecurityQuestions'],
    }),
    validatePhone: build.mutation<Reply<typeof validatePhone>, string>({ query: (m) => send(validatePhone, { query: { m } }) }),
    validateEmail: build.mutation<Reply<typeof validateEmail>, string>({ query: (email) => send(validateEmail, { query: { email } }) }),
    // Each save refreshes the record (the shell's name, the flags, the card's read-only view).
    personalDetails: build.mutation<Reply<typeof personalDetails>, Body<typeof personalDetails>>({ query: withBody(personalDetails), invalidatesTags: ['Affiliate'] }),
    phoneDetails: build.mutation<Reply<typeof phoneDetails>, Body<typeof phoneDetails>>({ query: withBody(phoneDetails), invalidatesTags: ['Affiliate'] }),
    addressDetails: build.mutation<Reply<typeof addressDetails>, Body<typeof addressDetails>>({ query: withBody(addressDetails), invalidatesTags: ['Affiliate'] }),
    promotionalDetails: build.mutation<Reply<typeof promotionalDetails>, Body<typeof promotionalDetails>>({ query: withBody(promotionalDetails), invalidatesTags: ['Affiliate'] }),
    emailPreferences: build.mutation<Reply<typeof emailPreferences>, Body<typeof emailPreferences>>({ query: withBody(emailPreferences), invalidatesTags: ['Affiliate'] }),
    securityDetails: build.mutation<Reply<typeof securityDetails>, Body<typeof securityDetails>>({ query: withBody(securityDetails), invalidatesTags: ['Affiliate'] }),
    otpCancel: build.mutation<Reply<typeof otpCancel>, void>({ query: plain(otpCancel), invalidatesTags: ['Affiliate'] }),
  }),
});

export const { useGetSecurityQuestionsQuery } = settingsApi;
