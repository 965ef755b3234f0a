import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Actor } from 'xstate';
import { authApi } from '../../api/authApi';
import { codeVerificationMachine } from '../../machines/codeVerification.machine';
import { signInMachine } from '../../machines/signIn.machine';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup.machine';
import { startFlowActor } from '../../lib/flowActor';
import type { FlowStart } from '../../lib/flowStart';
import { clearSession, readSessionToken, storeLoginTokens, storeSession } from '../../lib/session';
import { makeSignInActors } from './signInActors';

/**
 * What the sign-in page loads when the affiliate starts signing in: the journey's machines,
 * its calls through RTK Query and the store's dispatch. The page draws the form without them.
 */

export type SignInDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
export type SignInActor = Actor<typeof signInMachine>;

/**
 * A journey left without a session (Cancel on a code screen, a forced set-up abandoned): the half
 * sign-in's token is revoked on the server and forgotten here, so nothing half signed-in stays behind.
 */
export async function abandonHalfSignIn(dispatch: SignInDispatch) {
  if (readSessionToken()) await dispatch(authApi.endpoints.logout.initiate()).unwrap().catch(() => undefined);
  clearSession();
}

/**
 * Starts the journey of spec 002 §4 (`signInMachine` with its actors), from the seam's flow start
 * when a story gives one. `onSessionStored` receives the write of the session (storeSession encrypts
 * the token copy asynchronously; leaving waits for it). The caller stops the actor.
 */
export function startSignIn(dispatch: SignInDispatch, onSessionStored: (write: Promise<void>) => void, starts: Record<string, FlowStart> | null): SignInActor {
  const a = makeSignInActors(dispatch);
  const machine = signInMachine.provide({
    actors: {
      authenticate: a.authenticate,
      verifyOtp: a.verifyOtp,
      savePromptDate: a.savePromptDate,
      codeVerification: codeVerificationMachine.provide({ actors: { sendCode: a.sendCode, verifyCode: a.verifyCode } }),
      twoFactorSetup: twoFactorSetupMachine.provide({ actors: { fetchQrCode: a.fetchQrCode, activate: a.activate } }),
    },
    actions: {
      storeLoginTokens: (_, { answer }) => storeLoginTokens({ token: answer.token ?? '', ld: answer.ld, oid: answer.oid }),
      storeSession: (_, { answer }) => onSessionStored(storeSession({ token: answer.token ?? '', affiliateId: answer.affiliateId ?? '' })),
      // The server has ended (or throttled) this half sign-in: revoke it to be sure, and forget its token.
      forgetHalfSignIn: () => void abandonHalfSignIn(dispatch),
      reload: () => {},
    },
  });
  return startFlowActor(machine, starts, { input: {} });
}
