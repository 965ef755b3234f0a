import { fromPromise } from 'xstate';
import { authApi } from '../../api/authApi';
import { serverMessage } from '../../api/errors';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginAnswer, OtpVerifyAnswer } from '../../machines/signIn.machine';
import type { SendCodeResult, VerifyCodeResult, CodeMethod, CodePurpose } from '../../machines/codeVerification.machine';
import type { OtpActivateResult, OtpSetupResult } from '../../machines/twoFactorSetup.machine';
import { readLoginIds } from '../../lib/session';

const failedLogin = (errorMessage: string): LoginAnswer => ({
  success: false,
  errorMessage,
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
  const call = async <T>(action: { unwrap: () => Promise<T> }) => {
    try {
      return { data: await action.unwrap() };
    } catch (e) {
      return { error: serverMessage(e as never) };
    }
  };
  return {
    authenticate: fromPromise<LoginAnswer, { email: string; password: string }>(async ({ input }) => {
      const r = await call(dispatch(authApi.endpoints.login.initiate({ ...input, ...readLoginIds() })));
      if ('error' in r) return failedLogin(r.error!.message);
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
    sendCode: fromPromise<SendCodeResult, { method: CodeMethod; purpose: CodePurpose }>(async ({ input }) => {
      const r = await call(dispatch(authApi.endpoints.sendCode.initiate(input)));
      if ('error' in r) return { ok: false, message: r.error!.message };
      return { ok: true, t: r.data.t };
    }),
    verifyCode: fromPromise<VerifyCodeResult, { code: string; t: string | null; purpose: CodePurpose }>(async ({ input }) => {
      const r = await call(dispatch(authApi.endpoints.verifyCode.initiate({ code: input.code, t: input.t ?? '' })));
      if ('error' in r) return { ok: false, message: r.error!.message };
      return { ok: true };
    }),
    fetchQrCode: fromPromise<OtpSetupResult>(async () => {
      const r = await call(dispatch(authApi.endpoints.otpSetup.initiate()));
      if ('error' in r) return { ok: false, message: r.error!.message };
      return { ok: true, token: r.data.token, secret: r.data.secret, qrImage: r.data.qr };
    }),
    activate: fromPromise<OtpActivateResult, { secret: string; otp: string }>(async ({ input }) => {
      const r = await call(dispatch(authApi.endpoints.otpActivate.initiate(input)));
      if ('error' in r) return { ok: false, message: r.error!.message };
      return { ok: true, isTokenValid: r.data.isTokenValid };
    }),
  };
}
