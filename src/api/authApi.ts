import { baseApi } from './baseApi';
import type { LoginRequestInput, LoginResponse } from './contract/session';
import type { OtpActivateResponse, OtpSetupResponse, OtpVerifyResponse, SendCodeResponse } from './contract/twoFactor';
import type { SuccessOnly } from './contract/envelope';

type CodeMethod = 'byEmail' | 'bySMS' | 'byBoth';
type CodePurpose = 'login' | 'settings';

/** Sign-in, two-factor and code verification (spec 002 §7, spec 001 §7). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequestInput>({
      // No x-app-token on this one: see prepareHeaders in baseApi.
      query: (body) => ({ url: '/authenticationApp', method: 'POST', body }),
    }),
    otpVerify: build.mutation<OtpVerifyResponse, { inputCode: string }>({
      query: (body) => ({ url: '/authenticationApp/otpVerify', method: 'POST', body }),
    }),
    savePromptDate: build.mutation<SuccessOnly, void>({
      query: () => ({ url: '/authenticationApp/savePromptDate', method: 'POST', body: {} }),
    }),
    sendCode: build.mutation<SendCodeResponse, { method: CodeMethod; purpose: CodePurpose }>({
      query: (body) => ({ url: '/authenticationApp/sendCode', method: 'POST', body }),
    }),
    verifyCode: build.mutation<SuccessOnly, { code: string; t: string }>({
      query: (body) => ({ url: '/authenticationApp/verifyCode', method: 'POST', body }),
    }),
    otpSetup: build.mutation<OtpSetupResponse, void>({
      query: () => ({ url: '/authenticationApp/otpsetup', method: 'POST', body: {} }),
    }),
    otpActivate: build.mutation<OtpActivateResponse, { secret: string; otp: string }>({
      query: (body) => ({ url: '/authenticationApp/otpActivate', method: 'POST', body }),
    }),
    verifyToken: build.query<SuccessOnly, void>({
      query: () => '/application/verifyToken',
      providesTags: ['Session'],
    }),
    pageView: build.mutation<SuccessOnly, { screen_name: string; query_string: string }>({
      query: (body) => ({ url: '/affiliate/pageView', method: 'POST', body }),
    }),
    logout: build.mutation<SuccessOnly, void>({
      query: () => ({ url: '/authenticationApp/logout', method: 'POST', body: {} }),
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
