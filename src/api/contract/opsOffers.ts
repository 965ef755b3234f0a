import { z } from 'zod';
import { countryByAlpha2 } from '../../shared/countries';
import { CampaignSummary } from './campaign';
import { CampaignDetail } from './campaignDetail';
import { IdParams, NO_NUL, SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';
import { AdvertiserPostbackUrls, operatorEndpoints } from './operator';
import { ROLES } from './roles';

/**
 * The back office's offers (docs/ops-offers.md): the network's advertisers and their campaigns,
 * created and edited by operators instead of SQL. Every write is audited in its own transaction;
 * reads are open to every operator role, writes to admins and managers, and the advertiser's
 * postback URL (it carries the secret) to the roles of `advertiserPostback`. Landing pages and
 * creatives are not edited here.
 */

// ---------- shared pieces ----------

const page = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number from 1')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be a whole number from 1'))
  .default(1);
const limit = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 200')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be a whole number from 1 to 200').max(200, 'must be a whole number from 1 to 200'))
  .default(50);
/** A search box: a name fragment, or an id as '#12' or '12'. */
const SearchText = SafeText().max(200, 'The search text can be at most 200 characters.').optional();

/** Text a person types into one line of a form, trimmed; `required` is the sentence when it is empty. */
function line(max: number, tooLong: string, required?: string) {
  const text = (required ? z.string({ error: required }).refine((v) => !v.includes('\u0000'), NO_NUL) : SafeText())
    .max(max, tooLong)
    .refine((v) => !/[\r\n]/.test(v), 'Keep it on one line.')
    .transform((v) => v.trim());
  return required ? text.refine((v) => v !== '', required) : text;
}

/** A longer text (several lines), trimmed. */
const paragraph = (max: number, tooLong: string) =>
  SafeText()
    .max(max, tooLong)
    .transform((v) => v.trim());

/** An http(s) address of a page elsewhere, or '' for none. */
function webAddress(what: string) {
  return SafeText()
    .max(2000, `The ${what} can be at most 2000 characters.`)
    .transform((v) => v.trim())
    .refine((v) => {
      if (v === '') return true;
      // eslint-disable-next-line no-control-regex -- control characters and spaces are what it refuses
      if (/[\s\u0000-\u001F\u007F\\]/.test(v)) return false;
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, `Enter the ${what} as a full web address starting with https:// (or leave it empty).`);
}

/** A calendar day YYYY-MM-DD that exists. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date as YYYY-MM-DD.')
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, 'The expiry date is not a real calendar day.');

/** A whole number sent in JSON. */
const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** At most 4 decimals, as the database keeps rates and EPC (numeric(10, 4)). */
const fourDecimals = (v: number) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6;

/** The ids of a path, and the roles of each kind of call. */
const tags = ['operator offers'];
const readers = ROLES.all;
const writers = ROLES.approvers;

// ---------- advertisers ----------

export const ADVERTISER_STATUSES = ['active', 'inactive'] as const;
export const AdvertiserStatus = z.enum(ADVERTISER_STATUSES, { error: 'The status is active or inactive.' });

const ContactEmail = SafeText()
  .max(254, 'The contact e-mail can be at most 254 characters.')
  .transform((v) => v.trim())
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter a valid contact e-mail address (or leave it empty).');

/** What an operator edits of an advertiser. */
export const AdvertiserInput = z.object({
  name: line(200, "The advertiser's name can be at most 200 characters.", "Enter the advertiser's name."),
  contact_email: ContactEmail.default(''),
  notes: paragraph(5000, 'The notes can be at most 5000 characters.').default(''),
  /** inactive: no campaign of theirs runs (it needs none running to become inactive, and none can be resumed or created). */
  status: AdvertiserStatus.default('active'),
});
export type AdvertiserInput = z.input<typeof AdvertiserInput>;

export const CampaignCounts = z.object({ active: z.number().int(), paused: z.number().int(), expired: z.number().int() });

export const Advertiser = z.object({
  advertiser_id: z.number().int(),
  name: z.string(),
  contact_email: z.string(),
  notes: z.string(),
  status: AdvertiserStatus,
  /** Its campaigns by state (expired: status expired or past its expiry date). */
  campaigns: CampaignCounts,
  /** Whether it has a postback secret (without one its server-to-server postbacks are refused). */
  has_secret: z.boolean(),
  /** When the secret was last rotated; null: never. */
  secret_rotated_at: z.string().nullable(),
  /** Until when the secret it replaced is still accepted; null: no previous secret is accepted. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Advertiser = z.infer<typeof Advertiser>;

export const AdvertisersQuery = z.object({ q: SearchText, status: AdvertiserStatus.optional(), page, limit });
export const AdvertisersResponse = successEnvelope({ advertisers: z.array(Advertiser), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export const AdvertiserResponse = successEnvelope({ advertiser: Advertiser });

export const RotateSecretBody = z.object({
  /** True when the old secret leaked: it stops at once instead of after the grace period. */
  end_previous_now: z.boolean({ error: 'end_previous_now is true or false.' }).default(false),
});
/** The advertiser's postback and pixel with the (new) secret: what to hand the advertiser. */
export const AdvertiserPostbackAnswer = successEnvelope({
  advertiser: z.object({ advertiser_id: z.number().int(), name: z.string() }),
  ...AdvertiserPostbackUrls.shape,
});

// ---------- campaigns ----------

export const CAMPAIGN_STATES = ['active', 'paused', 'expired'] as const;
/** active: takes traffic; paused: the page opens, links go to the fallback page; expired: gone from the portal for good. */
export const CampaignState = z.enum(CAMPAIGN_STATES, { error: 'The status is active, paused or expired.' });

/** The traffic types as stored (the portal's letter codes are mapped from these). */
export const OFFER_TRAFFIC_TYPES = ['email', 'contextual', 'display', 'search', 'incentive', 'social', 'native', 'mobile', 'brand_bid'] as const;
export const OfferTrafficType = z.enum(OFFER_TRAFFIC_TYPES, {
  error: 'A traffic type is email, contextual, display, search, incentive, social, native, mobile or brand_bid.',
});

/** The operating systems the click engine tells apart (server/modules/tracking/userAgent.ts). */
export const CAMPAIGN_OS = ['Android', 'iOS', 'Linux', 'macOS', 'Windows'] as const;
export const CampaignOs = z.enum(CAMPAIGN_OS, { error: 'An operating system is Android, iOS, Linux, macOS or Windows.' });

/** Spec 000 section 9: S and M server-to-server, L pixel, I iFrame, A API, G Global, H Host and Post. */
export const TRACKING_TYPES = { S: 'Server to server', M: 'Server to server (multiple)', L: 'Pixel', I: 'iFrame', A: 'API', G: 'Global', H: 'Host and Post' } as const;
export const TrackingType = z.enum(['S', 'M', 'L', 'I', 'A', 'G', 'H'], { error: 'The tracking type is S, M, L, I, A, G or H.' });

export const ApprovalMode = z.enum(['auto', 'review'], { error: 'The approval mode is review or auto.' });
export const CpaCode = z.enum(['F', 'P'], { error: 'A rate is F (dollars per lead) or P (percent of the sale).' });

const money = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a number.` })
    .min(0, `The ${what} cannot be below zero.`)
    .max(999_999, `The ${what} can be at most 999,999.`)
    .refine(fourDecimals, `The ${what} can have at most 4 decimals.`);

/** A rate: what the affiliate earns (rate) and what the advertiser pays the network (revenue), each per lead (F) or a share of sale (P). */
export const RateInput = z.object({
  /** The rate's id when editing an existing rate; absent for a new one. */
  rate_id: whole(1, 2_147_483_647, 'A rate id is a positive whole number.').optional(),
  description: line(200, "A rate's description can be at most 200 characters.", 'Describe each rate (for example "Lead" or "Sale").'),
  rate_type: CpaCode,
  rate: money('affiliate payout'),
  revenue_type: CpaCode,
  revenue: money("advertiser's revenue"),
  status: z.enum(['Active', 'Inactive'], { error: 'A rate is Active or Inactive.' }).default('Active'),
  /** The rate the cards and the conversion intake use first: exactly one, and Active. */
  is_default: z.boolean({ error: 'is_default is true or false.' }).default(false),
});
export type RateInput = z.input<typeof RateInput>;

const Country = z
  .string({ error: 'A country is its 2-letter code.' })
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => countryByAlpha2(v) !== undefined, 'Each country must be a 2-letter ISO code, such as US or GB.');

const unique = <T>(items: T[]) => [...new Set(items)];

const lines = (what: string, max: number) =>
  z
    .array(line(300, `Each ${what} can be at most 300 characters.`, `Remove the empty ${what}.`), { error: `The ${what}s are a list of lines.` })
    .max(max, `At most ${max} ${what}s.`);

/** Every field of a campaign an operator sets (landing pages and creatives are edited elsewhere). */
const campaignFields = {
  name: line(200, "The campaign's name can be at most 200 characters.", "Enter the campaign's name."),
  description: paragraph(10_000, 'The description can be at most 10,000 characters.').default(''),
  category_id: whole(1, 2_147_483_647, 'Choose a category.'),
  subcategory_id: whole(1, 2_147_483_647, 'Choose a subcategory.'),
  /** 'YYYY-MM-DD', the last day it runs; null: no expiry. */
  expiry_date: Day.nullable().default(null),
  /** By Request: affiliates apply and are approved (approval_mode review: by an operator; auto: at once). Public: approved at once. */
  by_request: z.boolean({ error: 'by_request is true or false.' }).default(false),
  /** Required for a By Request campaign; null for a Public one. */
  approval_mode: ApprovalMode.nullable().default(null),
  approval_preface: paragraph(2000, 'The text above the questions can be at most 2000 characters.').default(''),
  /** Up to three questions the application asks; each is required of the affiliate. */
  questions: z
    .array(line(500, 'Each question can be at most 500 characters.', 'Write the question, or remove it.'), { error: 'The questions are a list.' })
    .max(3, 'A campaign asks at most three questions.')
    .default([]),
  rates: z.array(RateInput, { error: 'The rates are a list.' }).min(1, 'Add at least one rate.').max(50, 'A campaign has at most 50 rates.'),
  traffic_types: z
    .array(OfferTrafficType, { error: 'The traffic types are a list.' })
    .min(1, 'Allow at least one traffic type.')
    .transform(unique),
  /** On: only clicks from `countries` count (at least one); off: every country (then no countries are listed). */
  geo_filtering: z.boolean({ error: 'geo_filtering is true or false.' }).default(false),
  countries: z.array(Country, { error: 'The countries are a list of 2-letter codes.' }).max(250, 'At most 250 countries.').default([]).transform(unique),
  desktop_traffic: z.boolean({ error: 'desktop_traffic is true or false.' }).default(true),
  mobile_traffic: z.boolean({ error: 'mobile_traffic is true or false.' }).default(true),
  /** On: only clicks from `os` count (at least one); off: any system (`os` is then shown as information). */
  os_filtering: z.boolean({ error: 'os_filtering is true or false.' }).default(false),
  os: z.array(CampaignOs, { error: 'The operating systems are a list.' }).default([]).transform(unique),
  /** Leads per network day; null: no cap. */
  daily_cap: whole(1, 1_000_000_000, 'The daily cap is a whole number of leads from 1 (or none).').nullable().default(null),
  /** Shown when search traffic is allowed. */
  search_restrictions: paragraph(5000, 'The search restrictions can be at most 5000 characters.').default(''),
  email_rules: paragraph(5000, 'The e-mail rules can be at most 5000 characters.').default(''),
  email_subject_lines: lines('subject line', 100).default([]),
  email_from_lines: lines('from line', 100).default([]),
  /** The suppression list's links (the campaign has a suppression list when there is one). */
  suppression_links: z
    .array(webAddress('suppression link').refine((v) => v !== '', 'Remove the empty suppression link.'), { error: 'The suppression links are a list.' })
    .max(100, 'At most 100 suppression links.')
    .default([]),
  highlight: z.boolean({ error: 'highlight is true or false.' }).default(false),
  tracking_type: TrackingType.default('S'),
  supports_multiple_postback: z.boolean({ error: 'supports_multiple_postback is true or false.' }).default(false),
  /** Where its links go while it cannot take traffic (paused, expired, capped); '' = the network's fallback page. */
  fallback_url: webAddress('fallback page').default(''),
  /** The advertiser's sample page ('landing_page_sample' on the campaign page). */
  preview_url: webAddress('sample page').default(''),
  /** The published EPC, shown until the campaign has 30 days of clicks. */
  epc: money('EPC').default(0),
  /** Breaks ties in the Popular lists. */
  popularity: whole(0, 1_000_000_000, 'The popularity is a whole number from 0.').default(0),
  /** Listed among the popular gaming offers. */
  is_gaming: z.boolean({ error: 'is_gaming is true or false.' }).default(false),
};

export const CampaignInput = z.object(campaignFields);
export type CampaignInput = z.input<typeof CampaignInput>;
export const CreateCampaignBody = z.object({
  advertiser_id: whole(1, 2_147_483_647, 'Choose the advertiser.'),
  ...campaignFields,
  /** A new campaign starts paused unless told otherwise: preview it, then resume it. */
  status: z.enum(['active', 'paused'], { error: 'A new campaign is active or paused.' }).default('paused'),
});
export type CreateCampaignBody = z.input<typeof CreateCampaignBody>;

export const OfferRate = z.object({
  rate_id: z.number().int(),
  description: z.string(),
  rate_type: CpaCode,
  rate: z.number(),
  revenue_type: CpaCode,
  revenue: z.number(),
  status: z.enum(['Active', 'Inactive']),
  is_default: z.boolean(),
});

/** A campaign as the editor shows it: every field of CampaignInput, plus what the server keeps. */
export const OfferCampaign = z.object({
  campaign_id: z.number().int(),
  advertiser: z.object({ advertiser_id: z.number().int(), name: z.string() }),
  /** The stored status. */
  status: CampaignState,
  /** What affiliates see: expired also when the expiry date has passed (the network's day). */
  state: CampaignState,
  category: z.string(),
  subcategory: z.string(),
  name: z.string(),
  description: z.string(),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  expiry_date: z.string().nullable(),
  by_request: z.boolean(),
  approval_mode: ApprovalMode.nullable(),
  approval_preface: z.string(),
  questions: z.array(z.string()),
  rates: z.array(OfferRate),
  traffic_types: z.array(OfferTrafficType),
  geo_filtering: z.boolean(),
  countries: z.array(z.string()),
  desktop_traffic: z.boolean(),
  mobile_traffic: z.boolean(),
  os_filtering: z.boolean(),
  os: z.array(z.string()),
  daily_cap: z.number().int().nullable(),
  search_restrictions: z.string(),
  email_rules: z.string(),
  email_subject_lines: z.array(z.string()),
  email_from_lines: z.array(z.string()),
  suppression_links: z.array(z.string()),
  highlight: z.boolean(),
  tracking_type: z.string(),
  supports_multiple_postback: z.boolean(),
  fallback_url: z.string(),
  preview_url: z.string(),
  epc: z.number(),
  popularity: z.number().int(),
  is_gaming: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OfferCampaign = z.infer<typeof OfferCampaign>;
export const OfferCampaignResponse = successEnvelope({ campaign: OfferCampaign });

export const OfferCampaignsQuery = z.object({
  q: SearchText,
  status: CampaignState.optional(),
  advertiser_id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be a positive whole number').max(2_147_483_647, 'is out of range'))
    .optional(),
  page,
  limit,
});
export const OfferCampaignListItem = z.object({
  campaign_id: z.number().int(),
  name: z.string(),
  advertiser: z.object({ advertiser_id: z.number().int(), name: z.string() }),
  category: z.string(),
  subcategory: z.string(),
  state: CampaignState,
  by_request: z.boolean(),
  /** The default rate: payout and revenue as text ('$12.50 per lead', '35% of sale'); '' without one. */
  payout_text: z.string(),
  revenue_text: z.string(),
  daily_cap: z.number().int().nullable(),
  expiry_date: z.string().nullable(),
  updated_at: z.string(),
});
export const OfferCampaignsResponse = successEnvelope({
  campaigns: z.array(OfferCampaignListItem),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

/**
 * What an affiliate would get: the campaign page (GET /campaign/{id}) and the card of the lists and
 * search, as seen by an affiliate with no access, request, postback or bookmark of their own.
 * `campaign` is null when affiliates cannot open it (then `message` says why).
 */
export const CampaignPreviewResponse = successEnvelope({
  visible: z.boolean(),
  message: z.string(),
  campaign: CampaignDetail.nullable(),
  card: CampaignSummary,
});

export const OfferOptionsResponse = successEnvelope({
  categories: z.array(
    z.object({ category_id: z.number().int(), name: z.string(), subcategories: z.array(z.object({ subcategory_id: z.number().int(), name: z.string() })) }),
  ),
  traffic_types: z.array(OfferTrafficType),
  operating_systems: z.array(CampaignOs),
  tracking_types: z.array(z.object({ code: TrackingType, label: z.string() })),
});

export const opsOffersEndpoints = {
  listAdvertisers: endpoint({
    method: 'GET',
    path: '/operator/advertisers',
    access: 'operator',
    roles: readers,
    tags,
    summary: 'The advertisers, searched by name or #id, filtered by status, by name, one page with the total',
    query: AdvertisersQuery,
    response: AdvertisersResponse,
    errors: [403],
  }),
  getAdvertiser: endpoint({
    method: 'GET',
    path: '/operator/advertisers/:id',
    access: 'operator',
    roles: readers,
    tags,
    summary: 'One advertiser with its campaign counts and the state of its postback secret',
    params: IdParams,
    response: AdvertiserResponse,
    errors: [403, 404],
  }),
  createAdvertiser: endpoint({
    method: 'POST',
    path: '/operator/advertisers',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'Creates an advertiser, with a new postback secret',
    body: AdvertiserInput,
    response: AdvertiserResponse,
    errors: [403],
  }),
  updateAdvertiser: endpoint({
    method: 'PUT',
    path: '/operator/advertisers/:id',
    access: 'operator',
    roles: writers,
    tags,
    summary: "Changes an advertiser's name, contact, notes and status (inactive only with no campaign running)",
    params: IdParams,
    body: AdvertiserInput,
    response: AdvertiserResponse,
    errors: [403, 404, 409],
  }),
  advertiserPostbackUrl: endpoint({
    method: 'GET',
    path: '/operator/advertisers/:id/postback',
    access: 'operator',
    roles: operatorEndpoints.advertiserPostback.roles,
    tags,
    summary: "The advertiser's server-to-server postback URL (with its secret) and pixel; the read is audited",
    params: IdParams,
    response: AdvertiserPostbackAnswer,
    errors: [403, 404],
  }),
  rotateAdvertiserSecret: endpoint({
    method: 'POST',
    path: '/operator/advertisers/:id/rotateSecret',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'A new postback secret; the old one keeps working for the grace period (7 days) unless end_previous_now',
    params: IdParams,
    body: RotateSecretBody,
    response: AdvertiserPostbackAnswer,
    errors: [403, 404],
  }),
  offerOptions: endpoint({
    method: 'GET',
    path: '/operator/offers/options',
    access: 'operator',
    roles: readers,
    tags,
    summary: "The campaign editor's choices: categories with their subcategories, traffic types, systems, tracking types",
    response: OfferOptionsResponse,
    errors: [403],
  }),
  listOfferCampaigns: endpoint({
    method: 'GET',
    path: '/operator/campaigns',
    access: 'operator',
    roles: readers,
    tags,
    summary: 'The campaigns, searched by name or #id, filtered by state and advertiser, newest first, one page with the total',
    query: OfferCampaignsQuery,
    response: OfferCampaignsResponse,
    errors: [403],
  }),
  getOfferCampaign: endpoint({
    method: 'GET',
    path: '/operator/campaigns/:id',
    access: 'operator',
    roles: readers,
    tags,
    summary: 'Every field of a campaign, for its editor (rates with payout and revenue)',
    params: IdParams,
    response: OfferCampaignResponse,
    errors: [403, 404],
  }),
  createOfferCampaign: endpoint({
    method: 'POST',
    path: '/operator/campaigns',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'Creates a campaign of an advertiser with its rates, traffic types, countries, devices, questions and restrictions (paused unless status active)',
    body: CreateCampaignBody,
    response: OfferCampaignResponse,
    errors: [403, 409],
  }),
  updateOfferCampaign: endpoint({
    method: 'PUT',
    path: '/operator/campaigns/:id',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'Replaces every field of a campaign (its advertiser and status stay; rates keep their ids)',
    params: IdParams,
    body: CampaignInput,
    response: OfferCampaignResponse,
    errors: [403, 404, 409],
  }),
  pauseOfferCampaign: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/pause',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'Pauses a campaign: its page still opens (paused), its links go to the fallback page',
    params: IdParams,
    response: OfferCampaignResponse,
    errors: [403, 404, 409],
  }),
  resumeOfferCampaign: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/resume',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'Resumes a paused campaign (not an expired one, nor one of an inactive advertiser)',
    params: IdParams,
    response: OfferCampaignResponse,
    errors: [403, 404, 409],
  }),
  expireOfferCampaign: endpoint({
    method: 'POST',
    path: '/operator/campaigns/:id/expire',
    access: 'operator',
    roles: writers,
    tags,
    summary: 'Ends a campaign for good: gone from the portal, links to the fallback page; late conversions of earlier clicks still count',
    params: IdParams,
    response: OfferCampaignResponse,
    errors: [403, 404],
  }),
  previewOfferCampaign: endpoint({
    method: 'GET',
    path: '/operator/campaigns/:id/preview',
    access: 'operator',
    roles: readers,
    tags,
    summary: "What an affiliate's campaign page and card show of the campaign (as an affiliate without access of their own)",
    params: IdParams,
    response: CampaignPreviewResponse,
    errors: [403, 404],
  }),
};
