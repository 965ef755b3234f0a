import { baseApi } from './baseApi';
import { sessionEndpoints } from './contract/session';
import { twoFactorEndpoints } from './contract/twoFactor';
import { plain, withBody, type Body, type Reply } from './endpoints';

const { login, logout, verifyToken, pageView } = sessionEndpoints;
const { otpVerify, savePromptDate, sendCode, verifyCode, otpSetup, otpActivate } = twoFactorEndpoints;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Session', 'Affiliate'] });

/** Sign-in, two-factor and code verification (spec 002 §7, spec 001 §7). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No x-app-token on this one: see prepareHeaders in baseApi.
    login: build.mutation<Reply<typeof login>, Body<typeof login>>({ query: withBody(login) }),
    otpVerify: build.mutation<Reply<typeof otpVerify>, Body<typeof otpVerify>>({ query: withBody(otpVerify) }),
    savePromptDate: build.mutation<Reply<typeof savePromptDate>, void>({ query: plain(savePromptDate) }),
    sendCode: build.mutation<Reply<typeof sendCode>, Body<typeof sendCode>>({ query: withBody(sendCode) }),
    verifyCode: build.mutation<Reply<typeof verifyCode>, Body<typeof verifyCode>>({ query: withBody(verifyCode) }),
    otpSetup: build.mutation<Reply<typeof otpSetup>, void>({ query: plain(otpSetup) }),
    otpActivate: build.mutation<Reply<typeof otpActivate>, Body<typeof otpActivate>>({ query: withBody(otpActivate) }),
    verifyToken: build.query<Reply<typeof verifyToken>, void>({ query: plain(verifyToken), providesTags: ['Session'] }),
    pageView: build.mutation<Reply<typeof pageView>, Body<typeof pageView>>({ query: withBody(pageView) }),
    logout: build.mutation<Reply<typeof logout>, void>({
      query: plain(logout),
      invalidatesTags: ['Session', 'Affiliate'],
    }),
  }),
});

export const {
  useLoginMutation,
  useOtpVerifyMutation,
  useSavePromptDateMutation,
  useSendCodeMutation,
  useVerifyCodeMutation,
  useOtpSetupMutation,
  useOtpActivateMutation,
  useVerifyTokenQuery,
  usePageViewMutation,
  useLogoutMutation,
} = authApi;

