import { fromPromise } from 'xstate';
import { authApi } from '../../api/authApi';
import { CAPTCHA_REQUIRED_STATUS } from '../../api/contract/session';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginAnswer, OtpVerifyAnswer } from '../../machines/signIn.machine';
import { callApi, makeCodeActors } from '../../components/auth/codeActors';
import { readLoginIds } from '../../lib/session';

const failedLogin = (errorMessage: string, code?: number): LoginAnswer => ({
  success: false,
  errorMessage,
  captchaRequired: code === CAPTCHA_REQUIRED_STATUS,
  p: 0,
  o: 0,
  otpEnabled: false,
  otpPromptDate: null,
  countryVerified: true,
  mobileAdded: false,
});

/**
 * The actors the sign-in machines invoke, calling the API through RTK Query. A server answer
 * with `errors.message` becomes an answer the machine shows; a call that never got an answer
 * throws, which the machines turn into 'Connection error.'.
 */
export function makeSignInActors(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) {
  const call = callApi;
  return {
    authenticate: fromPromise<LoginAnswer, { email: string; password: string; altcha?: string }>(async ({ input }) => {
      const r = await call(dispatch(authApi.endpoints.login.initiate({ ...input, ...readLoginIds() })));
      if ('error' in r) return failedLogin(r.error!.message, r.error!.code);
      const d = r.data;
      return {
        success: true,
        token: d['mb-app-token'],
        affiliateId: String(d['mb-aid']),
        ld: d['mb-ld'],
        oid: d['mb-oid'],
        p: d['mb-p'],
        o: d['mb-o'],
        otpEnabled: d.otp_enabled,
        otpPromptDate: d.otp_prompt_date,
        countryVerified: d.country_verified,
        mobileAdded: d.is_mobile_added,
      };
    }),
    verifyOtp: fromPromise<OtpVerifyAnswer, { inputCode: string }>(async ({ input }) => {
      const r = await call(dispatch(authApi.endpoints.otpVerify.initiate(input)));
      if ('error' in r) return { success: false, errorMessage: r.error!.message, code: r.error!.code };
      return { success: true, isCodeValid: r.data.isCodeValid };
    }),
    savePromptDate: fromPromise<{ success: boolean }>(async () => {
      const r = await call(dispatch(authApi.endpoints.savePromptDate.initiate()));
      return { success: !('error' in r) };
    }),
    ...makeCodeActors(dispatch),
  };
}
