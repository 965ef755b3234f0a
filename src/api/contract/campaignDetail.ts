import { z } from 'zod';
import { RateType } from './campaign';
import { endpoint } from './endpoint';
import { SuccessOnly, successEnvelope } from './envelope';

/**
 * The campaign page (spec 000 sections 2 "Campaign page", 3 "Campaign detail", 4, 7, 8, 9).
 *
 *   GET  /campaign/{id}                  -> CampaignDetailResponse (token; records a Recently Viewed entry)
 *   POST /campaign/{id}/addBookmark      -> { success: true }      (token; idempotent)
 *   POST /campaign/{id}/removeBookmark   -> { success: true }      (token; idempotent)
 *   GET  /emailSuppression?m={advertiser}&o={campaign} -> { success, urls: [{ url }] }
 *
 * An unknown or expired campaign is a 404 'This campaign doesn't exist.' (a paused one opens, with
 * details.paused 'Y'). Decisions are recorded in docs/campaigns.md, "Campaign page".
 */

const YesNo = z.enum(['Y', 'N']);
const MAX_INT_ID = 2_147_483_647;

/** The spec's message for a campaign that does not load (section 8). */
export const CAMPAIGN_NOT_FOUND = "This campaign doesn't exist.";

/** A campaign or advertiser id sent as text (a path segment or a query value): 1 .. int4 max. */
function idText(what: string) {
  return z
    .string({ error: `The ${what} is missing.` })
    .regex(/^\d{1,10}$/, `The ${what} must be a positive whole number.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `The ${what} must be a positive whole number.`)
        .max(MAX_INT_ID, `The ${what} is too large to be one of ours.`),
    );
}

export const CampaignIdParams = z.object({ id: idText('campaign ID') });

/**
 * Traffic type codes of the campaign detail (spec 000 section 3, first reading): R raw/search
 * engines, L social, S site (display), C contextual, E e-mail, I incentive, M mobile, N native. B
 * (brand bidding) is the second reading's letter: the detail reading has none, and the card lists it.
 */
export const DETAIL_TRAFFIC_CODES = ['R', 'L', 'S', 'C', 'E', 'I', 'M', 'N', 'B'] as const;
export type DetailTrafficCode = (typeof DETAIL_TRAFFIC_CODES)[number];
export const AllowedTrafficTypes = z.object({
  R: YesNo,
  L: YesNo,
  S: YesNo,
  C: YesNo,
  E: YesNo,
  I: YesNo,
  M: YesNo,
  N: YesNo,
  B: YesNo,
});
export type AllowedTrafficTypes = z.infer<typeof AllowedTrafficTypes>;

/**
 * The affiliate's own access (spec 000 section 4): 'Approved' shows the link builder; 'Request
 * approval to run' the warning button; 'Not requested' (no request yet) and the others the
 * request-access button.
 */
export const AffiliateCampaignStatus = z.enum(['Approved', 'Pending', 'Rejected', 'Request approval to run', 'Not requested']);
export type AffiliateCampaignStatus = z.infer<typeof AffiliateCampaignStatus>;

/** 'By Request' needs an application (spec 000 section 4). */
export const CampaignAccessType = z.enum(['Public', 'By Request']);

/** A commission rate (spec 000 section 3 "Rate"); the page lists Active rates only. */
export const Rate = z.object({
  rate_id: z.number().int(),
  description: z.string(),
  rate_type: RateType,
  /** Dollars per lead, or percent of sale. */
  rate: z.number(),
  /** '$12.50 per lead' or '35% of sale'. */
  rate_text: z.string(),
  status: z.literal('Active'),
  /** 'Y' on the campaign's default rate (the one its cards show). */
  is_default: YesNo,
});
export type Rate = z.infer<typeof Rate>;

/** A landing page (spec 000 section 3): images are URLs of real image files. */
export const LandingPage = z.object({
  landing_page_id: z.number().int(),
  name: z.string(),
  /** The sample URL the "preview" link opens. */
  url: z.string(),
  /** Screenshot, 320x400. */
  thumbnail: z.string(),
  /** Screenshot, 1024x1280, for the image preview modal. */
  full: z.string(),
  default_lp: YesNo,
});
export type LandingPage = z.infer<typeof LandingPage>;

/** A banner: the image in its real size (160x600, 300x250, 300x600, 728x90, 468x60). */
export const BannerCreative = z.object({
  creative_id: z.number().int(),
  type: z.literal('banner'),
  name: z.string(),
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The same image with a download disposition (the picker's Download button). */
  download: z.string(),
});
/** A text link: the link text the Copy button copies. */
export const TextCreative = z.object({
  creative_id: z.number().int(),
  type: z.literal('text'),
  name: z.string(),
  text: z.string(),
});
/** A solo e-mail, plain text (textEmail) or HTML (htmlEmail: show it sandboxed, never as markup). */
export const EmailCreative = z.object({
  creative_id: z.number().int(),
  type: z.enum(['textEmail', 'htmlEmail']),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
});
export const Creative = z.discriminatedUnion('type', [BannerCreative, TextCreative, EmailCreative]);
export type Creative = z.infer<typeof Creative>;
export type CreativeType = Creative['type'];

export const CampaignDetail = z.object({
  campaign_id: z.number().int(),
  is_bookmarked: z.boolean(),
  /** 2-letter codes, sorted. Empty when every country is allowed (then all_countries is 'Y'). */
  allowed_countries: z.array(z.string().length(2)),
  all_countries: YesNo,
  allowed_traffic_types: AllowedTrafficTypes,
  /** Operating systems the campaign accepts ('Android', 'iOS', 'Windows', ...); empty: any. */
  os_list: z.array(z.string()),
  categories: z.object({
    category: z.string(),
    main_category_id: z.number().int(),
    subcategory: z.string(),
    subcategory_id: z.number().int(),
  }),
  details: z.object({
    name: z.string(),
    thumbnail: z.string(),
    /** The campaign's daily cap of leads; null: no cap. */
    cap: z.number().int().nullable(),
    /** Your Daily Cap: the cap set on this affiliate's access, else the campaign's; null: no cap. */
    affiliate_cap: z.number().int().nullable(),
    /**
     * Leads this affiliate may still send today (the network's day, Eastern) before a cap is reached:
     * the smaller of what the campaign's cap and Your Daily Cap leave; 0 when a cap is reached (links go
     * to the fallback page until tomorrow); null when neither cap is set.
     */
    cap_left_today: z.number().int().nullable(),
    status: CampaignAccessType,
    advertiser_id: z.number().int(),
    affiliate_campaign_status: AffiliateCampaignStatus,
    /** Network EPC (the figure the lists show); 0 or less reads 'New'. */
    epc: z.number(),
    /** 'YYYY-MM-DD', or null: 'No expiry'. */
    expiry_date: z.string().nullable(),
    /** S and M server-to-server, L pixel, I iFrame, A API, G Global, H Host and Post; anything else Unknown (section 9). */
    tracking_type: z.string(),
    supports_multiple_postback: YesNo,
    description: z.string(),
    /** The advertiser's sample page ('' when none). */
    landing_page_sample: z.string(),
    geo_filtering: YesNo,
    os_filtering: YesNo,
    desktop_traffic: YesNo,
    mobile_traffic: YesNo,
    /** 'Y' when the advertiser has paused the campaign: it opens, but its links send no traffic. */
    paused: YesNo,
    /**
     * 'Y' when the affiliate has as many requests waiting for review as the network allows
     * (BY_REQUEST_LIMIT): the page shows the limit message instead of the request button (spec 000 sections 4, 8).
     */
    request_limit_reached: YesNo,
  }),
  /** Active rates only, the default first. */
  commission: z.array(Rate),
  /** Active landing pages, the default first. */
  landing_pages: z.array(LandingPage),
  /** Active creatives of the four types, by type then id. */
  creatives: z.array(Creative),
  /** Plain text (lines separated by '\n'); '' when none. */
  search_restrictions: z.string(),
  email_restrictions: z.object({
    /** Plain text (lines separated by '\n'); '' when none. */
    rules: z.string(),
    /** 'Y' when the campaign has a suppression list (GET /emailSuppression). */
    suppression: YesNo,
    subject_lines: z.array(z.string()),
    from_lines: z.array(z.string()),
  }),
  /** This affiliate's postback for this campaign; type '' means none (the global postback applies). */
  postback: z.object({ type: z.enum(['', 'L', 'I', 'S']), code: z.string() }),
});
export type CampaignDetail = z.infer<typeof CampaignDetail>;

export const CampaignDetailResponse = successEnvelope({ campaign: CampaignDetail });
export type CampaignDetailResponse = z.infer<typeof CampaignDetailResponse>;

export const EmailSuppressionQuery = z.object({
  m: idText('advertiser ID'),
  o: idText('campaign ID'),
});
export type EmailSuppressionQueryInput = z.input<typeof EmailSuppressionQuery>;

export const EmailSuppressionResponse = successEnvelope({ urls: z.array(z.object({ url: z.string() })) });
export type EmailSuppressionResponse = z.infer<typeof EmailSuppressionResponse>;

const tags = ['campaigns'];

export const campaignDetailEndpoints = {
  getCampaign: endpoint({
    method: 'GET',
    path: '/campaign/:id',
    access: 'session',
    tags,
    summary: "The campaign page: every detail field, the affiliate's own status, postback and bookmark (spec 000 sections 2, 3, 7). Records a Recently Viewed entry.",
    params: CampaignIdParams,
    response: CampaignDetailResponse,
    errors: [404],
  }),
  addBookmark: endpoint({
    method: 'POST',
    path: '/campaign/:id/addBookmark',
    access: 'session',
    tags,
    summary: 'Bookmark a campaign (idempotent; spec 000 sections 4, 7)',
    params: CampaignIdParams,
    response: SuccessOnly,
    errors: [404],
  }),
  removeBookmark: endpoint({
    method: 'POST',
    path: '/campaign/:id/removeBookmark',
    access: 'session',
    tags,
    summary: 'Remove a bookmark (idempotent; spec 000 sections 4, 7)',
    params: CampaignIdParams,
    response: SuccessOnly,
    errors: [404],
  }),
  getEmailSuppression: endpoint({
    method: 'GET',
    path: '/emailSuppression',
    access: 'session',
    tags,
    summary: "A campaign's e-mail suppression list: m is the advertiser id, o the campaign id (spec 000 section 7)",
    query: EmailSuppressionQuery,
    response: EmailSuppressionResponse,
    errors: [404],
  }),
};
