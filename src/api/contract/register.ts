import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../../shared/emailRules';
import { registrationLimits, registrationMessages } from '../../shared/registration';
import { IdParam, IdParams, SafeText } from './common';
import { endpoint } from './endpoint';
import { ROLES } from './roles';
import { SuccessOnly, successEnvelope } from './envelope';

/** A security question (spec 001 section 3): one select of the profile is fed from each group. */
export const SecurityQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  question_group: z.union([z.literal(1), z.literal(2)]),
});
export type SecurityQuestion = z.infer<typeof SecurityQuestion>;

export const SecurityQuestionsResponse = successEnvelope({ securityQuestions: z.array(SecurityQuestion) });


// ---------------------------------------------------------------------------------------------
// Joining the network (spec 002 §2-§9; docs/registration.md). The rules live once in
// src/shared/registration.ts: the wizard runs them per step, the server on the whole submission.
// ---------------------------------------------------------------------------------------------

const M = registrationMessages;
/** Free text of a form field: bounded far above every rule (the rules answer with their own messages). */
const Text = (max = 1000) => SafeText().max(max, 'This field is too long.').default('');

/** GET /register/checkEmail?e */
export const CheckEmailQuery = z.object({
  e: SafeText().trim().min(1, M.emailRequired).max(EMAIL_MAX_LENGTH, M.emailInvalid),
});
/** `taken` true also for an address the rules refuse (banned words, malformed): it cannot be registered. */
export const CheckEmailResponse = successEnvelope({ taken: z.boolean() });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponse>;

/**
 * GET /register/checkPhone?m (ours; the spec lists no such call): whether a phone number is a real
 * one, the check POST /register makes ('Invalid mobile number'), so the wizard asks it on the contact
 * step instead of failing at Submit. The public twin of the signed-in GET /affiliate/validatePhone;
 * the check needs libphonenumber's full metadata, which the portal does not download.
 */
export const CheckPhoneQuery = z.object({ m: SafeText().max(100, 'The phone number is too long.') });
export const CheckPhoneResponse = successEnvelope({ isValid: z.boolean(), message: z.string().optional() });

/** Spec 002 §4: the stage labels sent to tracking; a failed final submit sends its error message instead. */
export const APPLICATION_STAGES = ['Initiated', 'Contact Info', 'Address', 'Identification', 'Experience', 'Successful'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/** The application token: a random hexadecimal string generated on the client (spec 002 §3). */
export const AppToken = SafeText()
  .trim()
  .regex(/^[0-9a-fA-F]{16,128}$/, 'The application token is not valid.');

/**
 * POST /register/trackApplication: spec 002 §3 "Application tracking record" with the route's names.
 * `details` is the stage label (one of APPLICATION_STAGES) or, after a failed submit, its message.
 * `contact` is the record's company (the one field of the record the route's list does not name
 * otherwise). `contactTime` is ours: the record has no contact time, so a re-application could not
 * prefill it.
 */
export const TrackApplicationBody = z.object({
  token: AppToken,
  email: Text(EMAIL_MAX_LENGTH),
  details: SafeText().trim().min(1, 'The stage is missing.').max(500, 'The stage is too long.'),
  name: Text(200),
  /** The company (spec 002 §3: the record's "company" under the route's name). */
  contact: Text(200),
  /** Ours: the contact time's number ('When can you be reached?'), for the re-application's prefill. */
  contactTime: Text(10),
  streetAddress1: Text(200),
  streetAddress2: Text(200),
  city: Text(200),
  state: Text(200),
  countryCode: Text(2),
  zipCode: Text(40),
  phone: Text(40),
  mobile: Text(40),
  im: Text(100),
  experienceDescription: Text(400),
  experienceLevel: z.union([z.number().int().min(0).max(3), z.literal(''), z.string().regex(/^[0-3]?$/)]).optional(),
});
export type TrackApplicationBody = z.input<typeof TrackApplicationBody>;

/** POST /register/trackApplication/removeIdEntry: forget an earlier identification entry (spec 002 §4). */
export const RemoveIdEntryBody = z.object({ token: AppToken, email: Text(EMAIL_MAX_LENGTH) });

/**
 * POST /register (multipart, spec 002 §3, §7): every registration field as a form field, the ID
 * images as files `idFront` (required) and `idBack` (optional), plus the application context. All
 * text arrives as strings; the server runs the rules of src/shared/registration.ts on it and checks
 * the images by their bytes (jpg, png, gif, whole, under 25,000,000 bytes).
 */
export const RegisterBody = z.object({
  firstname: Text(200),
  lastname: Text(200),
  /** Spec §7: the call also carries firstName, lastName and name (first plus last); the server reads firstname/lastname. */
  firstName: Text(200).optional(),
  lastName: Text(200).optional(),
  name: Text(400).optional(),
  company: Text(200),
  email: Text(EMAIL_MAX_LENGTH + 10),
  password: Text(200),
  password2: Text(200),
  existing_account: Text(10),
  other_affiliate_id: Text(20),
  other_email: Text(EMAIL_MAX_LENGTH + 10),
  mobile: Text(80),
  phone: Text(80),
  timezone: Text(20),
  contact_time: Text(10),
  im_handle: Text(200),
  address_1: Text(200),
  address_2: Text(200),
  city: Text(200),
  state: Text(200),
  non_state: Text(200),
  country: Text(10),
  zipcode: Text(100),
  hear_about_source: Text(50),
  hear_about: Text(200),
  experience_level: Text(10),
  experience_description: Text(400),
  promotion: Text(400),
  desired_offer: Text(400),
  website: Text(500),
  security_q1: Text(20),
  security_a1: Text(200),
  security_q2: Text(20),
  security_a2: Text(200),
  /** The three terms checkboxes ('true' when ticked; src/shared/registration.ts TERMS_FIELDS). */
  agree_no_sharing: Text(10),
  agree_no_freelancers: Text(10),
  agree_terms: Text(10),
  step: Text(10),
  // ---- application context (spec 002 §3) ----
  appToken: Text(200),
  /** Referring affiliate id; kept only when numeric. */
  referrer: Text(20),
  /** Marketing campaign id; kept only when numeric. */
  mktg: Text(20),
  /** Blog id; kept only when numeric. */
  blg: Text(20),
  original_affiliate_id: Text(20),
  http_referrer: Text(2000),
  coreg_id: Text(100),
  coreg_email: Text(EMAIL_MAX_LENGTH + 10),
  /** The ID images: Files in the browser, Buffers on the server (checked by their bytes). */
  idFront: z.unknown().optional(),
  idBack: z.unknown().optional(),
});
/** What the wizard passes: every text field as typed (all optional on the wire), the images as Blobs. */
export type RegisterInput = Partial<Omit<z.input<typeof RegisterBody>, 'idFront' | 'idBack'>> & { idFront: Blob; idBack?: Blob };

export const RegisterResponse = successEnvelope({
  /** For the thank-you page (the wizard shows its own three steps). */
  message: z.string(),
  affiliate_id: z.number().int(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** GET /register/reApplication?token */
export const ReApplicationQuery = z.object({ token: AppToken });
/**
 * Spec 002 §3 "Re-application details returned". `contact` is the company, as in the tracking record;
 * `contact_time` is ours (the contact time's number, '' when unknown).
 */
export const ReApplicationDetails = z.object({
  e_mail: z.string(),
  contact: z.string(),
  contact_time: z.string(),
  name: z.string(),
  street_address_1: z.string(),
  street_address_2: z.string(),
  city: z.string(),
  state: z.string(),
  country_code: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  mobile_phone: z.string(),
  im_id: z.string(),
  experience_level: z.number().int().nullable(),
  experience_description: z.string(),
});
export type ReApplicationDetails = z.infer<typeof ReApplicationDetails>;
/** `data_exists` false (and `details` null) when no application has this token. */
export const ReApplicationResponse = successEnvelope({ data_exists: z.boolean(), details: ReApplicationDetails.nullable() });
export type ReApplicationResponse = z.infer<typeof ReApplicationResponse>;

/** GET /marketing/campaign/{mktg} */
export const MarketingCampaignParams = z.object({ mktg: IdParam });
/** Spec 002 §3 "Marketing campaign": the partner banner (image: an address of the partner's logo). */
export const MarketingCampaign = z.object({ campaign_header: z.string(), campaign_image: z.string(), campaign_content: z.string() });
export type MarketingCampaign = z.infer<typeof MarketingCampaign>;
export const MarketingCampaignResponse = successEnvelope({ data: MarketingCampaign });
export const MARKETING_CAMPAIGN_NOT_FOUND = 'This marketing campaign does not exist.';

/** GET /verifyRegistration?i&e */
export const VerifyRegistrationQuery = z.object({
  i: SafeText().max(20, 'The confirmation link is not valid.').default(''),
  e: SafeText().max(200, 'The confirmation link is not valid.').default(''),
});
/**
 * Spec 002 §3 "Verify response", §4 "Verify status values": 0 invalid (unknown, expired or already
 * used link), 1 e-mail confirmed and the account already active, 2 e-mail now verified, awaiting
 * review and the phone interview. The manager, list, hours and time come with every status (empty
 * manager and list with 0). `list`: the remaining steps as the verify page shows them (status 2).
 * `currentTime`: the Eastern wall-clock time 'h:mm AM' (America/New_York), `dayOfWeek` its weekday.
 */
export const VERIFY_STATUSES = [0, 1, 2] as const;
export const VerifyRegistrationResponse = successEnvelope({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  affiliate_id: z.number().int().nullable(),
  affiliateManager: z.object({ name: z.string(), phone: z.string(), telegram: z.string() }),
  list: z.array(z.string()),
  /** '9:00 AM-4:00 PM' (Eastern, Monday to Friday). */
  businessHours: z.string(),
  currentTime: z.string(),
  dayOfWeek: z.string(),
});
export type VerifyRegistrationResponse = z.infer<typeof VerifyRegistrationResponse>;

const joinTags = ['register'];

/** The calls of joining the network (spec 002 §7); all public. */
export const joinEndpoints = {
  checkEmail: endpoint({
    method: 'GET',
    path: '/register/checkEmail',
    access: 'public',
    tags: joinTags,
    summary: 'Whether an e-mail address can still register (taken true also for a refused address); rate-limited per client',
    query: CheckEmailQuery,
    response: CheckEmailResponse,
  }),
  checkPhone: endpoint({
    method: 'GET',
    path: '/register/checkPhone',
    access: 'public',
    tags: joinTags,
    summary: 'Whether a phone number is a real one, as the registration checks it',
    query: CheckPhoneQuery,
    response: CheckPhoneResponse,
  }),
  trackApplication: endpoint({
    method: 'POST',
    path: '/register/trackApplication',
    access: 'public',
    tags: joinTags,
    summary: "Records the wizard's stage (spec 002 §4 labels, or a failed submit's message) and the applicant's data so far, by application token; a submitted application's record is kept as it is",
    body: TrackApplicationBody,
    response: SuccessOnly,
  }),
  removeIdEntry: endpoint({
    method: 'POST',
    path: '/register/trackApplication/removeIdEntry',
    access: 'public',
    tags: joinTags,
    summary: 'Forgets an earlier identification entry of an application (when the identification step opens)',
    body: RemoveIdEntryBody,
    response: SuccessOnly,
  }),
  register: endpoint({
    method: 'POST',
    path: '/register',
    access: 'public',
    tags: joinTags,
    summary:
      'Apply for an account (multipart: every field of spec 002 §3, idFront required and idBack optional, jpg/png/gif under 25,000,000 bytes). Sends the verification e-mail.',
    body: RegisterBody,
    multipart: { files: ['idFront', 'idBack'], maxFileBytes: registrationLimits.imageMaxBytes - 1, tooLargeMessage: M.imageTooLarge },
    response: RegisterResponse,
    errors: [409, 415],
  }),
  reApplication: endpoint({
    method: 'GET',
    path: '/register/reApplication',
    access: 'public',
    tags: joinTags,
    summary: 'The details of an earlier application, by its token, to prefill the wizard',
    query: ReApplicationQuery,
    response: ReApplicationResponse,
  }),
  marketingCampaign: endpoint({
    method: 'GET',
    path: '/marketing/campaign/:mktg',
    access: 'public',
    tags: joinTags,
    summary: "A marketing partner's banner for the registration page",
    params: MarketingCampaignParams,
    response: MarketingCampaignResponse,
    errors: [404],
  }),
  verifyRegistration: endpoint({
    method: 'GET',
    path: '/verifyRegistration',
    access: 'public',
    tags: joinTags,
    summary: "Confirms the e-mail address with the link's affiliate id and code: status 0, 1 or 2 (spec 002 §4)",
    query: VerifyRegistrationQuery,
    response: VerifyRegistrationResponse,
  }),
};


// ---------------------------------------------------------------------------------------------
// The operator's review of new publishers (operator tokens: src/api/contract/operator.ts)
// ---------------------------------------------------------------------------------------------

export const PublisherStatus = z.enum(['pending', 'active', 'rejected']);
export const PendingPublishersQuery = z.object({ status: PublisherStatus.default('pending') });
export const PendingPublisher = z.object({
  affiliate_id: z.number().int(),
  status: z.string(),
  registered_at: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  mobile: z.string(),
  phone: z.string(),
  time_zone: z.string(),
  contact_time: z.number().int(),
  im_handle: z.string(),
  address: z.object({ address_1: z.string(), address_2: z.string(), city: z.string(), state: z.string(), non_state: z.string(), country: z.string(), zipcode: z.string() }),
  hear_about_source: z.string(),
  hear_about: z.string(),
  experience_level: z.number().int().nullable(),
  experience_description: z.string(),
  promotion: z.string(),
  desired_offer: z.string(),
  website: z.string(),
  manager: z.object({ manager_id: z.number().int(), name: z.string() }).nullable(),
  /** The application's context and the existing-account answer (spec 002 §3). */
  application: z.object({
    token: z.string(),
    existing_account: z.string(),
    other_affiliate_id: z.string(),
    other_email: z.string(),
    referrer: z.number().int().nullable(),
    mktg: z.number().int().nullable(),
    blg: z.number().int().nullable(),
    http_referrer: z.string(),
  }),
  /** Paths of the ID images under the operator API (GET with the operator token); back is null when not sent. */
  id_images: z.object({ front: z.string().nullable(), back: z.string().nullable() }),
});
export type PendingPublisher = z.infer<typeof PendingPublisher>;
export const PendingPublishersResponse = successEnvelope({ publishers: z.array(PendingPublisher) });
export const PublisherDecisionResponse = successEnvelope({ publisher: PendingPublisher });
export const IdImageParams = z.object({ id: IdParam, side: z.enum(['front', 'back'], { error: 'The side is front or back.' }) });

const operatorTags = ['operator'];

export const publisherReviewEndpoints = {
  listPublishers: endpoint({
    method: 'GET',
    path: '/operator/publishers',
    access: 'operator',
    roles: ROLES.readers,
    tags: operatorTags,
    summary: 'New publishers waiting for review (status pending by default), oldest first, with their data, context and ID image paths',
    query: PendingPublishersQuery,
    response: PendingPublishersResponse,
    errors: [403],
  }),
  publisherIdImage: endpoint({
    method: 'GET',
    path: '/operator/publishers/:id/idImage/:side',
    access: 'operator',
    roles: ROLES.readers,
    tags: operatorTags,
    summary: "A publisher's ID image (front or back), with its real content type",
    params: IdImageParams,
    response: { raw: 'image/*' },
    errors: [403, 404],
  }),
  approvePublisher: endpoint({
    method: 'POST',
    path: '/operator/publishers/:id/approve',
    access: 'operator',
    roles: ROLES.approvers,
    tags: operatorTags,
    summary: 'Approve a pending publisher: the account becomes active (can sign in), the referrer is credited, the publisher is e-mailed',
    params: IdParams,
    response: PublisherDecisionResponse,
    errors: [403, 404, 409],
  }),
  rejectPublisher: endpoint({
    method: 'POST',
    path: '/operator/publishers/:id/reject',
    access: 'operator',
    roles: ROLES.approvers,
    tags: operatorTags,
    summary: 'Reject a pending publisher: the account becomes rejected (sign-in says the application was not approved)',
    params: IdParams,
    response: PublisherDecisionResponse,
    errors: [403, 404, 409],
  }),
};

/** Calls of joining the network and of the profile that need no session (spec 001 section 7, spec 002). */
export const registerEndpoints = {
  ...joinEndpoints,
  ...publisherReviewEndpoints,
  getSecurityQuestions: endpoint({
    method: 'GET',
    path: '/register/getSecurityQuestions',
    access: 'public',
    tags: ['register'],
    summary: 'The security questions of both groups, in the order of their ids; no session needed',
    response: SecurityQuestionsResponse,
  }),
};
