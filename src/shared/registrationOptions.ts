/**
 * Joining the network (spec 002 §3, §5, §8, §9): the registration wizard's option lists, limits and
 * messages, read by the per-step validators (registration.ts), the wizard's screens and the server.
 */
import { EMAIL_INVALID, EMAIL_NOT_ALLOWED } from './emailRules';
import { profileMessages } from './profileOptions';

/** Spec 002 §3: how the applicant heard of the network. The wire keeps the contract's spelling 'coference'. */
export const HEAR_ABOUT_SOURCES = [
  { value: 'google', label: 'Google' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'industry forum', label: 'Industry forum' },
  { value: 'blog', label: 'Our blog' },
  { value: 'offervault', label: 'OfferVault' },
  { value: 'coference', label: 'A conference' },
  { value: 'other', label: 'Other' },
] as const;
export type HearAboutSource = (typeof HEAR_ABOUT_SOURCES)[number]['value'];
export const HEAR_ABOUT_VALUES = HEAR_ABOUT_SOURCES.map((s) => s.value) as unknown as readonly [HearAboutSource, ...HearAboutSource[]];

/** Spec 002 §3: the four experience levels. */
export const EXPERIENCE_LEVELS = [
  { value: 0, label: 'Complete beginner' },
  { value: 1, label: 'A little experience, never paid by a network' },
  { value: 2, label: 'Some experience, paid by at least one network' },
  { value: 3, label: 'Extremely experienced, paid many times' },
] as const;
/** Spec 002 §9 (and §5 where it states the bound as a rule). */
export const registrationLimits = {
  /** First plus last name together, at most (§5 "at most 100"; the message says "less than"). */
  nameMax: 100,
  /** Company, at most (§5). */
  companyMax: 100,
  /** Telegram handle: under 50, so at most 49. */
  telegramMax: 49,
  /** Street address, address 2, non-North-American state, city: under 100, so at most 99. */
  addressMax: 99,
  /** Zip / postal code (not in the spec; the longest postal codes are 10 characters). */
  zipMax: 20,
  /** The other source's description: under 50, so at most 49. */
  hearAboutMax: 49,
  /** Experience description and promotion: 50 to 200 characters; the text areas are capped at 200. */
  descriptionMin: 50,
  descriptionMax: 200,
  /** Desired offer (not in the spec's rules): capped like the other text areas. */
  desiredOfferMax: 200,
  /** Website (optional; not in the spec's rules). */
  websiteMax: 255,
  /**
   * Mobile: at least 8 characters (§5 rule; the message says 10 digits: both readings are stated,
   * we implement the rule and keep the message). The server also checks the number is real.
   */
  mobileMin: 8,
  phoneMax: 40,
  /** ID images: each under 25,000,000 bytes (§9). */
  imageMaxBytes: 25_000_000,
  /** Security answers (not in the spec's rules). */
  securityAnswerMax: 100,
  otherAffiliateIdMax: 10,
} as const;

/** Spec 002 §9: ID image types, by extension and by media type (the server reads the bytes). */
export const ID_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const ID_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The messages of registration: spec 002 §5 and §8 verbatim where it gives one; ours where it says nothing. */
export const registrationMessages = {
  // ---- spec 002 §5, verbatim ----
  nameTooLong: 'Your name must be less than 100 characters.',
  companyTooLong: 'Your company name must be less than 100 characters.',
  emailNotAllowed: EMAIL_NOT_ALLOWED,
  emailUnavailable: 'This email address is unavailable.',
  passwordsDontMatch: 'Passwords do not match.',
  /** The password pattern's message (§5: 8 to 12 in the text, 7 to 30 in the rule; see passwordProblem). */
  passwordRule: profileMessages.passwordRule,
  otherEmailInvalid: EMAIL_INVALID,
  /** §5: the rule is 8 characters, the message says 10 digits; both stated, message kept. */
  mobileTooShort: 'Mobile number must be at least 10 digits long.',
  telegramTooLong: 'Your Telegram handle must be less than 50 characters.',
  chooseState: profileMessages.chooseState,
  streetTooLong: 'Street address must be less than 100 characters',
  address2TooLong: 'Address 2 must be less than 100 characters',
  nonStateTooLong: 'Must be less than 100 characters',
  imageType: 'The image must be a jpg, png, or gif.',
  imageTooLarge: 'The image must be less than 25MB',
  sourceDescriptionRequired: 'You must provide a description of your source.',
  sourceDescriptionTooLong: 'Must be less than 50 characters',
  descriptionLength: 'Your description must be between 50-200 characters.',
  /** §8: the availability check's network failure ({email}: the network's contact address). */
  availabilityUnreachable: (email: string) =>
    `There was an issue connecting to our network. Please try turning off any ad-blocking extensions and refresh the page. If this issue persists, please contact ${email}.`,
  /** §8: success false of the re-application fetch. */
  applicantDataFailed: 'There was an error fetching applicant data',
  /** §2: the referral banner. */
  referralBonus: '+10% Referral Bonus Activated',
  // ---- ours: the spec marks these fields required without a text ----
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: EMAIL_INVALID,
  passwordRequired: 'Please choose a password.',
  password2Required: 'Please re-enter your password.',
  existingAccountRequired: 'Please tell us whether you already have an account with us.',
  otherAffiliateIdRequired: 'Please enter your affiliate ID.',
  otherAffiliateIdInvalid: 'Your affiliate ID is a number.',
  mobileRequired: 'Please enter your mobile phone number.',
  mobileInvalid: profileMessages.invalidMobile,
  phoneTooLong: 'Your phone number must be less than 40 characters.',
  timezoneRequired: 'Please select your time zone.',
  contactTimeRequired: 'Please tell us when you can be reached.',
  streetRequired: 'Please enter your street address.',
  cityRequired: 'Please enter your city.',
  cityTooLong: 'City must be less than 100 characters',
  countryRequired: 'Please select your country.',
  zipRequired: 'Please enter your zip / postal code.',
  zipTooLong: 'Zip / postal code must be at most 20 characters.',
  idFrontRequired: 'Please upload the front of your photo ID.',
  sourceRequired: 'Please tell us how you heard about us.',
  levelRequired: 'Please select your experience level.',
  experienceRequired: 'Please describe your experience.',
  promotionRequired: 'Please describe how you will promote our offers.',
  desiredOfferTooLong: 'Your desired offer must be at most 200 characters.',
  websiteTooLong: 'Your website address must be less than 255 characters.',
  securityAnswerRequired: 'Please answer the security question you chose.',
  securityAnswerTooLong: 'Your answer must be at most 100 characters.',
  securityQuestionInvalid: 'Please choose one of the listed security questions.',
  termRequired: 'You must agree to continue.',
  // ---- ours: the server's answers ----
  registered: 'Thank you! Your application has been received. Please confirm your e-mail address with the link we sent you.',
  invalidContext: 'The referral or marketing id in the link is not valid.',
} as const;
