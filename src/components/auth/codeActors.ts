import { fromPromise } from 'xstate';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { authApi } from '../../api/authApi';
import { serverMessage } from '../../api/errors';
import type { CodeMethod, CodePurpose, SendCodeResult, VerifyCodeResult } from '../../machines/codeVerification.machine';
import type { OtpActivateResult, OtpSetupResult } from '../../machines/twoFactorSetup.machine';

/** A call through RTK Query: its data, or the server's message (a call that got no answer too). */
export async function callApi<T>(action: { unwrap: () => Promise<T> }): Promise<{ data: T } | { error: { message: string; code?: number } }> {
  try {
    return { data: await action.unwrap() };
  } catch (e) {
    return { error: serverMessage(e as never) };
  }
}

/**
 * The actors of the code-verification and two-factor set-up machines, shared by the sign-in journey
 * and the settings page.
 */
export function makeCodeActors(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) {
  const call = callApi;
  return {
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
