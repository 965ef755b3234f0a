import { fromPromise } from 'xstate';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ReApplicationDetails, RegisterInput, TrackApplicationBody } from '../../api/contract/register';
import { registerApi } from '../../api/registerApi';
import { callApi } from '../../components/auth/codeActors';
import type { CallAnswer, PrefillAnswer, RegistrationFields, SubmitInput, TrackInput } from '../../machines/registration.machine';
import { registrationMessages } from '../../shared/registration';

/** Spec 002 §3: the re-application details as the wizard's fields (the name split at its first space). */
export function fieldsOfDetails(d: ReApplicationDetails): Partial<RegistrationFields> {
  const [first, ...rest] = d.name.trim().split(/\s+/);
  const fields: Partial<RegistrationFields> = {
    firstname: first ?? '',
    lastname: rest.join(' '),
    email: d.e_mail,
    address_1: d.street_address_1,
    address_2: d.street_address_2,
    city: d.city,
    country: d.country_code.toUpperCase(),
    zipcode: d.zip_code,
    phone: d.phone,
    mobile: d.mobile_phone,
    im_handle: d.im_id,
    experience_description: d.experience_description,
  };
  if (['US', 'CA'].includes(fields.country ?? '')) fields.state = d.state;
  else fields.non_state = d.state;
  if (d.experience_level !== null) fields.experience_level = String(d.experience_level);
  // `contact` is the contact time's number where the earlier application had one.
  if (/^\d+$/.test(d.contact.trim())) fields.contact_time = d.contact.trim();
  return fields;
}

/** Spec 002 §3 "Application tracking record" with the route's names. */
export function trackingBody({ stage, fields: f, appToken }: TrackInput): TrackApplicationBody {
  const north = f.country === 'US' || f.country === 'CA';
  return {
    token: appToken,
    email: f.email.trim(),
    details: stage.slice(0, 500),
    name: `${f.firstname.trim()} ${f.lastname.trim()}`.trim(),
    contact: f.contact_time,
    streetAddress1: f.address_1,
    streetAddress2: f.address_2,
    city: f.city,
    state: north ? f.state : f.non_state,
    countryCode: f.country,
    zipCode: f.zipcode,
    phone: f.phone,
    mobile: f.mobile,
    im: f.im_handle,
    experienceDescription: f.experience_description,
    experienceLevel: f.experience_level,
  };
}

/** The multipart body of POST /register (spec 002 §7: also firstName, lastName and name). */
export function registerBody({ fields: f, images, context }: SubmitInput): RegisterInput {
  const { agree_no_sharing, agree_no_freelancers, agree_terms, ...text } = f;
  const yes = (v: boolean) => (v ? 'true' : '');
  return {
    ...text,
    firstName: f.firstname.trim(),
    lastName: f.lastname.trim(),
    name: `${f.firstname.trim()} ${f.lastname.trim()}`.trim(),
    agree_no_sharing: yes(agree_no_sharing),
    agree_no_freelancers: yes(agree_no_freelancers),
    agree_terms: yes(agree_terms),
    step: '8',
    appToken: context.appToken,
    referrer: context.referrer,
    mktg: context.mktg,
    blg: context.blg,
    idFront: images.idFront!,
    ...(images.idBack ? { idBack: images.idBack } : {}),
  };
}

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
