/**
 * The campaign application's rules (spec 000 sections 5, 8, 9), once: the portal's
 * `campaignApplication` machine checks them as the affiliate types, the contract's
 * `RequestApprovalBody` (src/api/contract/campaignAccess.ts) and the server re-check them on submit.
 * Pure code: it runs in the browser and on the server (the portal build stubs the contract's zod
 * schemas, so anything the screens run lives here).
 */

/** Traffic type codes of the campaign detail and the application (spec 000 section 3, first reading). */
export const APPLICATION_TRAFFIC_CODES = ['R', 'L', 'S', 'C', 'E', 'I', 'M', 'N'] as const;
export type ApplicationTrafficCode = (typeof APPLICATION_TRAFFIC_CODES)[number];

export const DESCRIPTION_MAX = 1000;
export const LEADS_MAX_LENGTH = 10;
/**
 * The ad-placement image: the label states 20 MB (spec 000 section 9), counted in decimal like the
 * design system's FileField (20,000,000 bytes); the server holds to it.
 */
export const AD_IMAGE_MAX_BYTES = 20_000_000;
const AD_IMAGE_LIMIT_LABEL = '20MB';
/** Image types the ad-placement upload takes (those of the FileField), checked by their bytes on the server. */
export const AD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** Creative choice: E an existing creative of the campaign, M make my own (then the image is required). */
export const CREATIVE_CHOICES = { E: 'Use an existing creative', M: 'Make my own creative' } as const;
export type CreativeChoice = keyof typeof CREATIVE_CHOICES;

export interface SourceQuestions {
  /** The three questions, source1..source3. */
  labels: readonly [string, string, string];
  /** The choice list of source2 (spec 000 section 5); null: source2 is free text (Native). */
  choices: readonly string[] | null;
  /** Mobile and Native: source3 may stay empty. */
  thirdOptional: boolean;
}

const where = 'Where does this traffic come from? (site, network or account)';
const more = 'Tell us more: audience, geos and expected volume';

/**
 * The three source answers per traffic type (spec 000 section 5). Reading of the spec: the second
 * answer is the choice list ("Native's second is free text" — Native has no list), the first and
 * third are free text; the third is optional for Mobile and Native. Written down in docs/campaigns.md.
 */
export const SOURCE_QUESTIONS: Record<ApplicationTrafficCode, SourceQuestions> = {
  R: { labels: ['Which search engines and keywords?', 'How will you send the traffic?', more], choices: ['Direct link', 'Custom landing page'], thirdOptional: false },
  C: { labels: ['Which contextual networks?', 'How will you send the traffic?', more], choices: ['Direct link', 'Custom landing page'], thirdOptional: false },
  L: { labels: ['Which social networks and pages?', 'What kind of social traffic?', more], choices: ['Paid ads', 'Profile/fanpage traffic'], thirdOptional: false },
  S: { labels: ['Which websites?', 'Which ad format?', more], choices: ['Banners', 'Text ads'], thirdOptional: false },
  E: { labels: ['Where does your list come from?', 'How will you mail it?', more], choices: ['Auto-responder', 'Solo e-mail blast', 'Newsletter ad'], thirdOptional: false },
  I: { labels: [where, 'Which kind of incentive traffic?', more], choices: ['Offerwall', 'Incentive site'], thirdOptional: false },
  M: {
    labels: ['Which apps, networks or sources?', 'Which mobile ad format?', `${more} (optional)`],
    choices: ['In app ads', 'Mobile pops', 'Mobile display', 'Mobile video ads', 'Abstract ads', 'Push notifications', 'AppWalls', 'Overlay ads'],
    thirdOptional: true,
  },
  N: { labels: ['Which native networks?', 'Which placements or widgets?', `${more} (optional)`], choices: null, thirdOptional: true },
};

/** Messages the affiliate reads (spec 000 section 8 where it gives one). */
export const APPLICATION_MESSAGES = {
  loadFailed: 'There was an error, please try again.',
  limitReached:
    'You have requested the maximum number of by request campaigns. New requests are not allowed until your existing requests have been reviewed and processed.',
  leadsNumeric: 'Number of leads you will send must be a numeric value.',
  // Spec 000 section 5 gives one message for the whole rule (required, must be numeric): an empty
  // field reads it too.
  leadsRequired: 'Number of leads you will send must be a numeric value.',
  leadsTooLong: `The number of leads can be at most ${LEADS_MAX_LENGTH} characters.`,
  customRequired: 'Please answer this question.',
  creativeRequired: 'Choose whether you will use an existing creative or make your own.',
  imageRequired: 'Upload an image of your ad placement.',
  imageType: 'The ad placement must be an image (JPG, PNG or GIF).',
  imageTooLarge: `The image is larger than ${AD_IMAGE_LIMIT_LABEL}.`,
  trafficRequired: 'Choose the traffic type you will use.',
  trafficNotAllowed: 'This campaign does not allow that traffic type.',
  sourceRequired: 'Please answer this question.',
  sourceChoice: 'Choose one of the options.',
  descriptionRequired: 'Describe how you will promote this campaign.',
  descriptionTooLong: `The description can be at most ${DESCRIPTION_MAX} characters.`,
  notByRequest: 'This campaign does not need an application: it is open to every affiliate.',
  alreadyApproved: 'You are already approved to run this campaign.',
  alreadyPending: 'Your request for this campaign is already waiting for review.',
} as const;

/** The leads-per-day answer: required, at most 10 characters, digits only. null when valid. */
export function leadsProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return APPLICATION_MESSAGES.leadsRequired;
  if (v.length > LEADS_MAX_LENGTH) return APPLICATION_MESSAGES.leadsTooLong;
  if (!/^\d+$/.test(v)) return APPLICATION_MESSAGES.leadsNumeric;
  return null;
}

/** One source answer (index 0..2) for a traffic type. null when valid. */
export function sourceProblem(traffic: ApplicationTrafficCode, index: 0 | 1 | 2, value: string): string | null {
  const q = SOURCE_QUESTIONS[traffic];
  const v = value.trim();
  if (!v) return index === 2 && q.thirdOptional ? null : APPLICATION_MESSAGES.sourceRequired;
  if (index === 1 && q.choices && !q.choices.includes(v)) return APPLICATION_MESSAGES.sourceChoice;
  if (v.length > 500) return 'This answer can be at most 500 characters.';
  return null;
}

/** The description: required, at most 1000 characters. null when valid. */
export function descriptionProblem(value: string): string | null {
  if (!value.trim()) return APPLICATION_MESSAGES.descriptionRequired;
  if (value.length > DESCRIPTION_MAX) return APPLICATION_MESSAGES.descriptionTooLong;
  return null;
}
