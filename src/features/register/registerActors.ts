import { fromPromise } from 'xstate';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { registerApi } from '../../api/registerApi';
import { callApi } from '../../components/auth/codeActors';
import type { CallAnswer, PhoneCheckAnswer, PrefillAnswer, SubmitInput, TrackInput } from '../../machines/registration.types';
import { registrationMessages } from '../../shared/registration';
import { fieldsOfDetails, registerBody, trackingBody } from './applicationData';

/**
 * The actors of the registration machine through RTK Query. A call that got no answer throws (the
 * machine says 'Connection error.', or treats the e-mail as unavailable); tracking is fire and forget.
 */
export function makeRegistrationActors(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) {
  return {
    reApplication: fromPromise<PrefillAnswer, { token: string }>(async ({ input }) => {
      const r = await callApi(dispatch(registerApi.endpoints.reApplication.initiate(input.token)));
      if ('error' in r) return { ok: false, message: registrationMessages.applicantDataFailed };
      return { ok: true, fields: r.data.data_exists && r.data.details ? fieldsOfDetails(r.data.details) : null };
    }),
    checkEmail: fromPromise<{ taken: boolean }, { email: string }>(async ({ input }) => {
      const r = await callApi(dispatch(registerApi.endpoints.checkEmail.initiate(input.email)));
      return { taken: 'error' in r ? true : r.data.taken };
    }),
    /** The mobile, and the alternate phone when given: each refused number's message. No answer throws (the machine moves on). */
    checkPhones: fromPromise<PhoneCheckAnswer, { mobile: string; phone: string }>(async ({ input }) => {
      const answer: PhoneCheckAnswer = {};
      for (const field of ['mobile', 'phone'] as const) {
        if (input[field] === '') continue;
        const r = await dispatch(registerApi.endpoints.checkPhone.initiate(input[field])).unwrap();
        if (!r.isValid) answer[field] = r.message ?? registrationMessages.mobileInvalid;
      }
      return answer;
    }),
    track: fromPromise<void, TrackInput>(async ({ input }) => {
      try {
        await dispatch(registerApi.endpoints.trackApplication.initiate(trackingBody(input))).unwrap();
      } catch (e) {
        console.warn('trackApplication failed', e); // spec 002 §7: errors only logged
      }
    }),
    removeIdEntry: fromPromise<void, { appToken: string; email: string }>(async ({ input }) => {
      try {
        await dispatch(registerApi.endpoints.removeIdEntry.initiate({ token: input.appToken, email: input.email })).unwrap();
      } catch {
        // spec 002 §7: the answer is ignored
      }
    }),
    register: fromPromise<CallAnswer, SubmitInput>(async ({ input }) => {
      const r = await callApi(dispatch(registerApi.endpoints.register.initiate(registerBody(input))));
      return 'error' in r ? { ok: false, message: r.error.message } : { ok: true };
    }),
  };
}
