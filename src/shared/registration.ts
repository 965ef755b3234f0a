/**
 * Joining the network (spec 002 §2, §3, §5, §9): the registration wizard's per-step validators, over
 * the option lists, limits and messages of registrationOptions.ts (re-exported here). Pure: the
 * wizard runs each step's validator before it advances, and the server (server/modules/register)
 * runs all of them again on the whole submission. Every validator answers `{ field: message }`, empty
 * when the step passes; field names are the wire names of the contract (src/api/contract/register.ts).
 *
 * Reused, not repeated: the password rule (profileOptions.passwordProblem), the time-zone,
 * contact-time and state lists (profileOptions), the country list (countries.ts) and the e-mail
 * rules with their banned words (emailRules.ts, shared with settings' validateEmail).
 */
import { countryByAlpha2 } from './countries';
import { emailProblem } from './emailRules';
import { CONTACT_TIMES, countryHasStates, passwordProblem, statesOf, timeZoneOption } from './profileOptions';
import { EXPERIENCE_LEVELS, HEAR_ABOUT_VALUES, ID_IMAGE_EXTENSIONS, ID_IMAGE_TYPES, registrationLimits, registrationMessages } from './registrationOptions';

export * from './registrationOptions';

export type FieldErrors = Partial<Record<string, string>>;

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function put(errors: FieldErrors, field: string, message: string | null | false | undefined) {
  if (message && !errors[field]) errors[field] = message;
}

/** A required text's problem: `required` when it is empty, `tooLong` above `max` characters. */
function requiredProblem(value: unknown, max: number, required: string, tooLong: string): string | null {
  const t = text(value).trim();
  if (t === '') return required;
  return t.length > max ? tooLong : null;
}

/** An optional text's problem: `tooLong` above `max` characters. */
const lengthProblem = (value: unknown, max: number, tooLong: string): string | null => (text(value).trim().length > max ? tooLong : null);

// ---------------------------------------------------------------------------------------------
// Step 1-2: the existing-account question and the existing account's id and e-mail
// ---------------------------------------------------------------------------------------------

export interface ExistingAccountValues {
  existing_account?: string;
  other_affiliate_id?: string | number;
  other_email?: string;
}

/** Spec 002 §2 step 1-2, §5 "Existing-account step": with 'yes', a numeric id and a clean, well-formed e-mail. */
export function validateExistingAccount(v: ExistingAccountValues): FieldErrors {
  const errors: FieldErrors = {};
  const answer = text(v.existing_account).trim();
  if (answer !== 'yes' && answer !== 'no') put(errors, 'existing_account', registrationMessages.existingAccountRequired);
  if (answer !== 'yes') return errors;
  const id = text(v.other_affiliate_id).trim();
  if (id === '') put(errors, 'other_affiliate_id', registrationMessages.otherAffiliateIdRequired);
  else if (!/^\d{1,10}$/.test(id)) put(errors, 'other_affiliate_id', registrationMessages.otherAffiliateIdInvalid);
  // §5: one message for malformed and for banned words.
  put(errors, 'other_email', emailProblem(text(v.other_email)) ? registrationMessages.otherEmailInvalid : null);
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 3: personal info
// ---------------------------------------------------------------------------------------------

export interface PersonalValues {
  firstname?: string;
  lastname?: string;
  company?: string;
  email?: string;
  password?: string;
  password2?: string;
  security_q1?: string | number;
  security_a1?: string;
  security_q2?: string | number;
  security_a2?: string;
}

/**
 * Spec 002 §5 "personal info". The password: the spec's pattern says 7 to 30 characters, its message
 * 8 to 12. The whole product uses one rule (profileOptions.passwordProblem, also settings and
 * password reset): the stated rule, 7 to 30 with a lowercase letter, a digit and a special character,
 * no whitespace, every failure showing the stated message (where the two disagree the rule is implemented and the
 * message kept). The availability check ('This email address is unavailable.') is a call, made by the wizard
 * and by the server, not part of this function.
 * Security questions are optional (the spec does not show where they are asked); an answer is required
 * once its question is chosen.
 */
export function validatePersonal(v: PersonalValues): FieldErrors {
  const errors: FieldErrors = {};
  const first = text(v.firstname).trim();
  const last = text(v.lastname).trim();
  if (first === '') put(errors, 'firstname', registrationMessages.firstNameRequired);
  if (last === '') put(errors, 'lastname', registrationMessages.lastNameRequired);
  if (first.length + last.length > registrationLimits.nameMax) {
    put(errors, first.length >= last.length ? 'firstname' : 'lastname', registrationMessages.nameTooLong);
  }
  put(errors, 'company', lengthProblem(v.company, registrationLimits.companyMax, registrationMessages.companyTooLong));

  const email = text(v.email).trim();
  if (email === '') put(errors, 'email', registrationMessages.emailRequired);
  else put(errors, 'email', emailProblem(email));

  const password = text(v.password);
  if (password === '') put(errors, 'password', registrationMessages.passwordRequired);
  else put(errors, 'password', passwordProblem(password));
  if (text(v.password2) === '') put(errors, 'password2', registrationMessages.password2Required);
  else if (text(v.password2) !== password) put(errors, 'password2', registrationMessages.passwordsDontMatch);

  for (const n of [1, 2] as const) {
    const q = text(n === 1 ? v.security_q1 : v.security_q2).trim();
    if (q === '' || q === '0') continue;
    if (!/^\d{1,9}$/.test(q)) put(errors, `security_q${n}`, registrationMessages.securityQuestionInvalid);
    const answer = n === 1 ? v.security_a1 : v.security_a2;
    put(errors, `security_a${n}`, requiredProblem(answer, registrationLimits.securityAnswerMax, registrationMessages.securityAnswerRequired, registrationMessages.securityAnswerTooLong));
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 4: contact
// ---------------------------------------------------------------------------------------------

export interface ContactValues {
  mobile?: string;
  phone?: string;
  timezone?: string;
  contact_time?: string | number;
  im_handle?: string;
}

/**
 * Spec 002 §5 "Contact". The mobile: the rule says at least 8 characters, the message 10 digits; we
 * implement the rule (8 characters) and show the message as stated. The server also refuses a
 * number that is not a real one (libphonenumber, default country US) with 'Invalid mobile number'.
 */
export function validateContact(v: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  const mobile = text(v.mobile).trim();
  if (mobile === '') put(errors, 'mobile', registrationMessages.mobileRequired);
  else if (mobile.length < registrationLimits.mobileMin) put(errors, 'mobile', registrationMessages.mobileTooShort);
  else if (mobile.length > registrationLimits.phoneMax) put(errors, 'mobile', registrationMessages.mobileInvalid);
  put(errors, 'phone', lengthProblem(v.phone, registrationLimits.phoneMax, registrationMessages.phoneTooLong));
  if (!timeZoneOption(text(v.timezone))) put(errors, 'timezone', registrationMessages.timezoneRequired);
  const contact = Number(text(v.contact_time).trim() || NaN);
  if (!CONTACT_TIMES.some((c) => c.value === contact)) put(errors, 'contact_time', registrationMessages.contactTimeRequired);
  put(errors, 'im_handle', lengthProblem(v.im_handle, registrationLimits.telegramMax, registrationMessages.telegramTooLong));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 5: address
// ---------------------------------------------------------------------------------------------

export interface AddressValues {
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  non_state?: string;
  country?: string;
  zipcode?: string;
}

/** Spec 002 §5 "Address": a state from the list for US and CA; the free-text state elsewhere. */
export function validateAddress(v: AddressValues): FieldErrors {
  const errors: FieldErrors = {};
  put(errors, 'address_1', requiredProblem(v.address_1, registrationLimits.addressMax, registrationMessages.streetRequired, registrationMessages.streetTooLong));
  put(errors, 'address_2', lengthProblem(v.address_2, registrationLimits.addressMax, registrationMessages.address2TooLong));
  put(errors, 'city', requiredProblem(v.city, registrationLimits.addressMax, registrationMessages.cityRequired, registrationMessages.cityTooLong));
  const country = text(v.country).trim().toUpperCase();
  if (!countryByAlpha2(country)) put(errors, 'country', registrationMessages.countryRequired);
  else if (countryHasStates(country)) {
    const state = text(v.state).trim().toUpperCase();
    if (!statesOf(country).some((s) => s.code === state)) put(errors, 'state', registrationMessages.chooseState);
  } else {
    put(errors, 'non_state', lengthProblem(v.non_state, registrationLimits.addressMax, registrationMessages.nonStateTooLong));
  }
  put(errors, 'zipcode', requiredProblem(v.zipcode, registrationLimits.zipMax, registrationMessages.zipRequired, registrationMessages.zipTooLong));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 6: identification
// ---------------------------------------------------------------------------------------------

/** What the wizard knows of a chosen file (a File has all three). */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

/** By name and declared type, for the wizard: jpg, jpeg, png or gif. The server reads the bytes instead. */
function isIdImageName(file: Pick<FileFacts, 'name' | 'type'>): boolean {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = file.type === '' || (ID_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return (ID_IMAGE_EXTENSIONS as readonly string[]).includes(extension) && typeOk;
}

/** The size rule of §5/§9: each image under 25,000,000 bytes. */
const idImageTooLarge = (size: number) => size >= registrationLimits.imageMaxBytes;

/** Spec 002 §5 "Identification": the front required; front and back jpg/jpeg/png/gif, each under 25,000,000 bytes. */
export function validateIdentification(files: { idFront?: FileFacts | null; idBack?: FileFacts | null }): FieldErrors {
  const errors: FieldErrors = {};
  for (const side of ['idFront', 'idBack'] as const) {
    const file = files[side];
    if (!file) {
      if (side === 'idFront') put(errors, side, registrationMessages.idFrontRequired);
      continue;
    }
    if (!isIdImageName(file)) put(errors, side, registrationMessages.imageType);
    else if (idImageTooLarge(file.size)) put(errors, side, registrationMessages.imageTooLarge);
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 7: experience
// ---------------------------------------------------------------------------------------------

export interface ExperienceValues {
  hear_about_source?: string;
  hear_about?: string;
  experience_level?: string | number;
  experience_description?: string;
  promotion?: string;
  desired_offer?: string;
  website?: string;
}

const descriptionProblem = (value: string, required: string): string | null => {
  const t = value.trim();
  if (t === '') return required;
  return t.length < registrationLimits.descriptionMin || t.length > registrationLimits.descriptionMax ? registrationMessages.descriptionLength : null;
};

/** Spec 002 §5 "Experience". */
export function validateExperience(v: ExperienceValues): FieldErrors {
  const errors: FieldErrors = {};
  const source = text(v.hear_about_source).trim();
  if (!(HEAR_ABOUT_VALUES as readonly string[]).includes(source)) put(errors, 'hear_about_source', registrationMessages.sourceRequired);
  if (source === 'other') {
    put(errors, 'hear_about', requiredProblem(v.hear_about, registrationLimits.hearAboutMax, registrationMessages.sourceDescriptionRequired, registrationMessages.sourceDescriptionTooLong));
  }
  const level = text(v.experience_level).trim();
  if (!EXPERIENCE_LEVELS.some((l) => String(l.value) === level)) put(errors, 'experience_level', registrationMessages.levelRequired);
  put(errors, 'experience_description', descriptionProblem(text(v.experience_description), registrationMessages.experienceRequired));
  put(errors, 'promotion', descriptionProblem(text(v.promotion), registrationMessages.promotionRequired));
  put(errors, 'desired_offer', lengthProblem(v.desired_offer, registrationLimits.desiredOfferMax, registrationMessages.desiredOfferTooLong));
  put(errors, 'website', lengthProblem(v.website, registrationLimits.websiteMax, registrationMessages.websiteTooLong));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 8: terms
// ---------------------------------------------------------------------------------------------

/**
 * The three required checkboxes of spec 002 §2 step 8 (the spec names no fields; these are ours):
 * (a) no sharing, trading, selling or transferring the account; (b) no freelancers, microjob sites or
 * guaranteed lead services; (c) the affiliate terms and conditions.
 */
const TERMS_FIELDS = ['agree_no_sharing', 'agree_no_freelancers', 'agree_terms'] as const;
export type TermsField = (typeof TERMS_FIELDS)[number];
export type TermsValues = Partial<Record<TermsField, boolean | string>>;

const checked = (v: boolean | string | undefined) => v === true || v === 'true' || v === 'on' || v === '1';

/** Spec 002 §5 "Terms": all three required. */
export function validateTerms(v: TermsValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of TERMS_FIELDS) if (!checked(v[field])) put(errors, field, registrationMessages.termRequired);
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Context and the whole submission
// ---------------------------------------------------------------------------------------------

/** Spec 002 §5 "Stored ids": referral and marketing ids are kept only when numeric (storage keys mb-ref, mb-mktg, mb-blg). */
export const numericId = (value: unknown): number | null => {
  const t = text(value).trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
};

export type RegistrationValues = ExistingAccountValues & PersonalValues & ContactValues & AddressValues & ExperienceValues & TermsValues;

/** Every text rule of the whole submission (the server's re-check; the images are checked by their bytes there). */
export function validateRegistration(v: RegistrationValues): FieldErrors {
  // In the wizard's step order, so the first message is the earliest step's.
  return {
    ...validateExistingAccount(v),
    ...validatePersonal(v),
    ...validateContact(v),
    ...validateAddress(v),
    ...validateExperience(v),
    ...validateTerms(v),
  };
}

/** The first message of a validator's answer, in the wizard's step order (null when it passed). */
export const firstProblem = (errors: FieldErrors): string | null => Object.values(errors).find((m) => !!m) ?? null;

