import type { ReApplicationDetails, RegisterInput, TrackApplicationBody } from '../../api/contract/register';
import { storageKeys } from '../../lib/storageKeys';
import type { ApplicationContext, RegistrationFields, SubmitInput, TrackInput } from '../../machines/registration.types';
import { numericId } from '../../shared/registration';

/**
 * The wizard's data on the wire (spec 002 §3, §7): the re-application details as fields, the
 * tracking record, the multipart body of the submission. Pure, so the server tests can check that
 * what the server stores comes back as the same fields.
 */

/**
 * Spec 002 §3: the re-application details as the wizard's fields (the name split at its first space).
 * `contact` is the company, as the tracking record sends it; the contact time is our `contact_time`.
 */
export function fieldsOfDetails(d: ReApplicationDetails): Partial<RegistrationFields> {
  const [first, ...rest] = d.name.trim().split(/\s+/);
  const fields: Partial<RegistrationFields> = {
    firstname: first ?? '',
    lastname: rest.join(' '),
    company: d.contact,
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
  if (/^\d+$/.test(d.contact_time.trim())) fields.contact_time = d.contact_time.trim();
  return fields;
}

/** Spec 002 §3 "Application tracking record" with the route's names (`contact`: the record's company). */
export function trackingBody({ stage, fields: f, appToken }: TrackInput): TrackApplicationBody {
  const north = f.country === 'US' || f.country === 'CA';
  return {
    token: appToken,
    email: f.email.trim(),
    details: stage.slice(0, 500),
    name: `${f.firstname.trim()} ${f.lastname.trim()}`.trim(),
    contact: f.company.trim(),
    contactTime: f.contact_time,
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
    original_affiliate_id: context.original_affiliate_id,
    http_referrer: context.http_referrer,
    coreg_id: context.coreg_id,
    coreg_email: context.coreg_email,
    idFront: images.idFront!,
    ...(images.idBack ? { idBack: images.idBack } : {}),
  };
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/**
 * The application context of spec 002 §3 from the page's address (§2: referrer, mktg, blg, i, e)
 * and the browser (`referrer`: document.referrer; `storage`: localStorage, null when unavailable).
 * §5 "Stored ids": referral, marketing and blog ids kept (mb-ref, mb-mktg, mb-blg) only when numeric;
 * a later visit without them reads the stored ones.
 * §2 reads `i` and `e` without saying what they carry; in the spec's own addresses `i` is an
 * affiliate id (/verify?i=) and `e` an e-mail address (checkEmail?e=), so they are the context's
 * original_affiliate_id (numeric only, as the server keeps it) and coreg_email. No parameter carries
 * coreg_id: it is sent empty.
 */
export function applicationContext(search: URLSearchParams, referrer: string, storage: Storage | null): Omit<ApplicationContext, 'appToken'> {
  const read = (name: string, key: string) => {
    const id = numericId(search.get(name));
    try {
      if (id !== null) storage?.setItem(key, String(id));
      return id !== null ? String(id) : (numericId(storage?.getItem(key)) ?? '').toString();
    } catch {
      return id !== null ? String(id) : '';
    }
  };
  return {
    referrer: read('referrer', storageKeys.referrer),
    mktg: read('mktg', storageKeys.marketing),
    blg: read('blg', storageKeys.blog),
    original_affiliate_id: (numericId(search.get('i')) ?? '').toString(),
    http_referrer: referrer.slice(0, 2000),
    coreg_id: '',
    coreg_email: (search.get('e') ?? '').trim().slice(0, 254),
  };
}
