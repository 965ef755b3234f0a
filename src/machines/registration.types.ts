/**
 * The registration wizard's data (spec 002 §2, §3): every field it asks, the ID images, the
 * application context, the machine's input and the answers of the calls the screen provides.
 */

/** Every text field of the wizard, by its wire name (src/api/contract/register.ts RegisterBody). */
export interface RegistrationFields {
  existing_account: string;
  other_affiliate_id: string;
  other_email: string;
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  password: string;
  password2: string;
  security_q1: string;
  security_a1: string;
  security_q2: string;
  security_a2: string;
  mobile: string;
  phone: string;
  timezone: string;
  contact_time: string;
  im_handle: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  non_state: string;
  country: string;
  zipcode: string;
  hear_about_source: string;
  hear_about: string;
  experience_level: string;
  experience_description: string;
  promotion: string;
  desired_offer: string;
  website: string;
  agree_no_sharing: boolean;
  agree_no_freelancers: boolean;
  agree_terms: boolean;
}

export const emptyFields: RegistrationFields = {
  existing_account: 'no',
  other_affiliate_id: '',
  other_email: '',
  firstname: '',
  lastname: '',
  company: '',
  email: '',
  password: '',
  password2: '',
  security_q1: '',
  security_a1: '',
  security_q2: '',
  security_a2: '',
  mobile: '',
  phone: '',
  timezone: '',
  contact_time: '',
  im_handle: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  non_state: '',
  country: 'US',
  zipcode: '',
  hear_about_source: '',
  hear_about: '',
  experience_level: '',
  experience_description: '',
  promotion: '',
  desired_offer: '',
  website: '',
  agree_no_sharing: false,
  agree_no_freelancers: false,
  agree_terms: false,
};

/** The ID images chosen on the identification step (Files in the browser). */
export interface IdImages {
  idFront: File | null;
  idBack: File | null;
}

/**
 * The application context of spec 002 §3 (ids kept only when numeric, as strings; '' when absent).
 * src/features/register/applicationData.ts reads it from the page's address and the browser.
 */
export interface ApplicationContext {
  referrer: string;
  mktg: string;
  blg: string;
  appToken: string;
  /** The query's `i`, an affiliate id (numeric only), '' when absent. */
  original_affiliate_id: string;
  /** The page that sent the visitor here (document.referrer), '' when none. */
  http_referrer: string;
  /** A co-registration's id ('' : no address parameter carries it) and e-mail (the query's `e`). */
  coreg_id: string;
  coreg_email: string;
}

export interface RegistrationInput {
  context: ApplicationContext;
  /** new_app=true: start at the second step (personal info). */
  newApp?: boolean;
  /** token: prefill from an earlier application. */
  token?: string;
  /** The network's contact address, named in the availability check's network-failure text. */
  supportEmail: string;
  /**
   * What this visit typed before a reload (kept without passwords): the fields, and the step to
   * reopen, one the passwords are not needed to pass. It wins over `token` and `new_app`.
   */
  resume?: { fields: Partial<RegistrationFields>; step: ResumeStep };
}

/** The steps a reload can reopen: the passwords are asked on personal info, so not beyond it. */
export type ResumeStep = 'existing' | 'otherAccount' | 'personal';

export interface TrackInput {
  stage: string;
  fields: RegistrationFields;
  appToken: string;
}
export type PrefillAnswer = { ok: true; fields: Partial<RegistrationFields> | null } | { ok: false; message: string };
/** The server's phone check of the contact step: the message of each number it refuses, by field. */
export type PhoneCheckAnswer = { mobile?: string; phone?: string };
export type CallAnswer = { ok: true } | { ok: false; message: string };
export interface SubmitInput {
  fields: RegistrationFields;
  images: IdImages;
  context: ApplicationContext;
}

/** The wizard's step numbers for the progress bar (spec 002 §9: (step-1)/6 over seven steps). */
export const stepNumbers = {
  existing: 1,
  otherAccount: 1,
  personal: 2,
  contact: 3,
  address: 4,
  identification: 5,
  experience: 6,
  terms: 7,
  submitting: 7,
  done: 7,
} as const;
export type StepName = keyof typeof stepNumbers;

/** The progress of a step, 0 to 1: (step-1)/6. */
export const progressOf = (step: number) => Math.min(1, Math.max(0, (step - 1) / 6));
