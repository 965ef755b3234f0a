import { z } from 'zod';
import { GlobalPostbackType } from './affiliate';
import { IdParams, SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * The tracking engine's wire format: the link builder (spec 000 sections 4, 7), the
 * per-campaign and global postbacks (spec 000 section 5, spec 002 sections 2, 7), the macro help
 * text, and the advertiser-facing conversion intake (/postback, /pixel). Browser-safe: zod only.
 */

/** Traffic type codes of the link-picking widgets (spec 000 section 3) -> stored names. */
export const LINK_TRAFFIC_TYPES = {
  C: 'contextual',
  S: 'display',
  R: 'search',
  L: 'social',
  N: 'native',
  M: 'mobile',
  E: 'email',
  I: 'incentive',
  B: 'brand_bid',
} as const;
export type LinkTrafficCode = keyof typeof LINK_TRAFFIC_TYPES;

/**
 * Creative types of the link builder (spec 000 section 4): R raw link, S search and C contextual
 * use these fixed built-in creative ids; B, T, E and H send the id of a creative picked from the
 * campaign's banners, text links and solo e-mails.
 */
export const BUILT_IN_CREATIVES = { R: -1, S: -2, C: -3 } as const;

/** Largest id a Postgres `int` column holds (as IdParam). */
export const MAX_INT_ID = 2_147_483_647;
const SubId = SafeText().max(255, 'is too long (at most 255 characters)').default('');
const OptionalInt = (what: string) =>
  z.union([
    z.number().int(`must be ${what}`).min(-MAX_INT_ID, `must be ${what}`).max(MAX_INT_ID, `must be ${what}`),
    z
      .string()
      .regex(/^-?\d{0,10}$/, `must be ${what}`)
      .transform((s) => (s === '' ? null : Number(s)))
      .refine((n) => n === null || Math.abs(n) <= MAX_INT_ID, `must be ${what}`),
    z.null(),
  ]);
/** A campaign id: a positive int, as a number or a string of digits. */
export const CampaignIdInput = z.union([
  z.number().int('must be a campaign id').min(1, 'must be a campaign id').max(MAX_INT_ID, 'must be a campaign id'),
  z.string().regex(/^\d{1,10}$/, 'must be a campaign id').transform(Number).refine((n) => n >= 1 && n <= MAX_INT_ID, 'must be a campaign id'),
]);

/** POST /trackinglink: the pickers send only campaign_id, traffic_type and creative_id. */
export const TrackingLinkRequest = z.object({
  campaign_id: CampaignIdInput,
  traffic_type: SafeText().max(4, 'is not a traffic type code').default(''),
  creative_id: OptionalInt('a creative id').optional(),
  lpid: OptionalInt('a landing page id').optional(),
  sub1: SubId,
  sub2: SubId,
  sub3: SubId,
  sub4: SubId,
  sub5: SubId,
  safesearch: z.union([z.boolean(), z.enum(['Y', 'N', '1', '0', 'true', 'false', '']), z.number().int().min(0).max(1)]).optional(),
});
export type TrackingLinkRequestInput = z.input<typeof TrackingLinkRequest>;

/**
 * `tracking-link` is `{TRACKING_BASE_URL}/go/{code}` plus the sub IDs as query parameters; it is
 * ready (copyable) only when `withTrafficAndCreative` is true.
 */
export const TrackingLinkResponse = successEnvelope({
  'tracking-link': z.string(),
  withTrafficAndCreative: z.boolean(),
});
export type TrackingLinkResponse = z.infer<typeof TrackingLinkResponse>;

/** Postback types: L URL, I HTML, S server-to-server URL; '' = none (use the global postback). */
export const PostbackType = GlobalPostbackType;
export const PostbackRequest = z.object({
  type: PostbackType.default(''),
  code: SafeText().max(4000, 'is too long (at most 4000 characters)').default(''),
});
export type PostbackRequestInput = z.input<typeof PostbackRequest>;
export const PostbackSaveResponse = successEnvelope({ message: z.string() });

/**
 * The reversal postback (docs/ledger.md "Reversal postbacks"): one server-to-server URL per affiliate,
 * fired when an advertiser reverses one of the affiliate's conversions, with the conversion's macros
 * plus {status} ('reversed') and {reason}. '' removes it.
 */
export const ReversalPostbackRequest = z.object({
  url: SafeText().max(4000, 'is too long (at most 4000 characters)').default(''),
});
export type ReversalPostbackRequestInput = z.input<typeof ReversalPostbackRequest>;

/** GET /application/help/{id} */
export const HelpTextResponse = successEnvelope({ help_text: z.string() });

/** Conversion intake from advertisers: GET (or POST form/JSON) /postback and /pixel. */
/** Largest sale amount a conversion accepts (sale_amount is numeric(14,4); rollups are numeric(18,4)). */
export const MAX_SALE_AMOUNT = 1_000_000_000;
export const ConversionIntakeQuery = z.object({
  click_id: SafeText().max(64, 'is not a click id').optional(),
  txid: SafeText().max(128, 'is too long (at most 128 characters)').optional(),
  amount: z
    .string()
    .max(20, 'must be an amount')
    .regex(/^\d{1,10}(\.\d{1,4})?$/, 'must be an amount such as 49.90 (at most 1000000000, 4 decimals)')
    .transform(Number)
    .refine((n) => n <= MAX_SALE_AMOUNT, 'must be at most 1000000000')
    .optional(),
  status: z.enum(['approved', 'pending', 'reversed']).optional(),
  secret: SafeText().max(200).optional(),
  reason: SafeText().max(200).optional(),
});
export type ConversionIntakeQuery = z.output<typeof ConversionIntakeQuery>;

export const ConversionIntakeResponse = successEnvelope({
  message: z.string(),
  duplicate: z.boolean(),
  conversion_id: z.number().int().optional(),
  payout: z.number().optional(),
});
export type ConversionIntakeResponse = z.infer<typeof ConversionIntakeResponse>;

export const trackingEndpoints = {
  createTrackingLink: endpoint({
    method: 'POST',
    path: '/trackinglink',
    access: 'session',
    tags: ['tracking'],
    summary: 'Build a tracking link for an approved campaign (spec 000 sections 4, 7)',
    body: TrackingLinkRequest,
    response: TrackingLinkResponse,
    errors: [403, 404],
  }),
  saveCampaignPostback: endpoint({
    method: 'POST',
    path: '/campaign/:id/postback',
    access: 'session',
    tags: ['postbacks'],
    summary: "Save the affiliate's pixel or postback for one campaign (spec 000 sections 5, 7)",
    params: IdParams,
    body: PostbackRequest,
    response: PostbackSaveResponse,
    errors: [403, 404],
  }),
  saveGlobalPostback: endpoint({
    method: 'POST',
    path: '/affiliate/globalPostback',
    access: 'session',
    tags: ['postbacks'],
    summary: 'Save the global postback, fired on every lead of campaigns without their own (spec 002 sections 2, 7)',
    body: PostbackRequest,
    response: PostbackSaveResponse,
  }),
  saveReversalPostback: endpoint({
    method: 'POST',
    path: '/affiliate/reversalPostback',
    access: 'session',
    tags: ['postbacks'],
    summary: 'Save the reversal postback, fired when an advertiser reverses one of your conversions ({status}, {reason})',
    body: ReversalPostbackRequest,
    response: PostbackSaveResponse,
  }),
  getHelpText: endpoint({
    method: 'GET',
    path: '/application/help/:id',
    access: 'public',
    tags: ['postbacks'],
    summary: 'Help texts; 18 is the macro list of pixels and postbacks (spec 000 section 7)',
    params: IdParams,
    response: HelpTextResponse,
    errors: [404],
  }),
};

const siteAddress = { base: 'site', access: 'public', hidden: true, tags: ['tracking'] } as const;
/** Conversion intake (postback or pixel): the same errors however the advertiser sends it. */
const conversionIntake = { ...siteAddress, response: ConversionIntakeResponse, errors: [403, 404, 409] } as const;

/**
 * The addresses advertisers and visitors use, outside the API base: not called by the portal; the
 * OpenAPI document lists them with the site's root as their server (docs/tracking.md describes them).
 */
export const trackingSiteEndpoints = {
  click: endpoint({
    method: 'GET',
    path: '/go/:code',
    ...siteAddress,
    summary: "A tracking link's click: records it and answers 302 to the campaign's landing page (or a fallback page)",
    // Any text: a visitor's broken or tampered link goes to the fallback page (302), never a 400.
    // The engine checks the code's shape and signature before it reaches the database.
    params: z.object({ code: z.string() }),
    response: { raw: 'text/html' },
    errors: [503],
  }),
  postbackGet: endpoint({
    method: 'GET',
    path: '/postback',
    ...conversionIntake,
    summary: 'Server-to-server conversion intake from an advertiser',
    query: ConversionIntakeQuery,
  }),
  postbackPost: endpoint({
    method: 'POST',
    path: '/postback',
    ...conversionIntake,
    summary: 'Server-to-server conversion intake from an advertiser (form or JSON body)',
    body: ConversionIntakeQuery,
  }),
  pixel: endpoint({
    method: 'GET',
    path: '/pixel',
    ...conversionIntake,
    summary: "Conversion pixel on the advertiser's page: a 1x1 GIF, or the affiliate's HTML postback in an iframe",
    query: ConversionIntakeQuery.extend({ campaign_id: CampaignIdInput.optional() }),
    response: { raw: 'image/gif' },
  }),
};
