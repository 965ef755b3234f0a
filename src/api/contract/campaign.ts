import { z } from 'zod';
import { RATE_TYPE_LABELS } from '../../shared/rateText';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * Campaign lists and quick search (spec 000 sections 2, 3, 7, 9).
 *
 *   GET /campaigns/{for}?page&limit  -> CampaignListResponse   (token)
 *       for: CampaignListName (sidebars: page 0 limit 5; dashboard rows: limit 6; browse: limit 30)
 *   GET /search?q={term}             -> QuickSearchResponse    (token; autocomplete, name or #ID)
 *
 * Pages count from 0 (the spec's "page 0"). The full search (/search with st, ob, ad ...) is another
 * issue's call on the same path; a request with `q` is the quick search.
 */

const YesNo = z.enum(['Y', 'N']);

/** A whole number sent in a query string (always a string on the wire). */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** '$ per lead' (CPA type F) or '% of sale' (CPA type P), spec 000 section 3. */
export const RateType = z.enum([RATE_TYPE_LABELS.F, RATE_TYPE_LABELS.P]);
export type RateType = z.infer<typeof RateType>;

/** Campaign summary / listing item (spec 000 section 3). Images are URLs. */
export const CampaignSummary = z.object({
  campaign_id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  /** The default rate as shown on a card: '$12.50 per lead' or '35% of sale'. */
  rate_text: z.string(),
  rate_type: RateType,
  /** 'Y': visually highlighted, fades in. */
  highlight: YesNo,
  /** Network EPC; 0 or less shows 'New' (spec 000 section 9). */
  epc: z.number(),
  /** The default rate: dollars per lead, or percent of sale. */
  rate: z.number(),
  incentive_traffic: YesNo,
  email_traffic: YesNo,
  contextual_traffic: YesNo,
  mobile_traffic: YesNo,
  native_traffic: YesNo,
  search_traffic: YesNo,
  display_traffic: YesNo,
  social_media_traffic: YesNo,
  brand_bid_traffic: YesNo,
});
export type CampaignSummary = z.infer<typeof CampaignSummary>;

/**
 * The lists of GET /campaigns/{for}: the shell's sidebar lists, the dashboard rows and the browse
 * tabs. Browse tabs are named as on the route (/browse/{tab}); `recentlyapproved` and
 * `recently-approved` are the same list (the sidebar and the tab spell it differently).
 */
export const CampaignListName = z.enum([
  // shell sidebars and dashboard rows
  'recentlyapproved',
  'ampicks',
  'suggested',
  'populargamingoffers',
  'bookmarked',
  'popular',
  'new',
  // browse tabs not listed above
  'top',
  'trending',
  'approved',
  'recently-viewed',
  'recently-approved',
]);
export type CampaignListName = z.infer<typeof CampaignListName>;
export const CAMPAIGN_LIST_NAMES = CampaignListName.options;

/** Largest page accepted (browse asks for 30). */
export const MAX_CAMPAIGN_PAGE_SIZE = 100;

export const CampaignListQuery = z.object({
  page: queryInt(0, 100_000).default(0),
  limit: queryInt(1, MAX_CAMPAIGN_PAGE_SIZE).default(30),
});
export type CampaignListQueryInput = z.input<typeof CampaignListQuery>;

export const CampaignListResponse = successEnvelope({
  campaigns: z.array(CampaignSummary),
  /** The page answered (from 0). */
  page: z.number().int(),
  /** True when a further page has campaigns (browse loads it when the list end scrolls into view). */
  has_more: z.boolean(),
});
export type CampaignListResponse = z.infer<typeof CampaignListResponse>;

/** GET /search?q=: a campaign name fragment, or an id as '#1234' or '1234'. */
export const QuickSearchQuery = z.object({
  q: SafeText().trim().min(1, 'Please type a campaign name or ID.').max(100, 'Please search with at most 100 characters.'),
});
export type QuickSearchQuery = z.infer<typeof QuickSearchQuery>;

/** At most this many suggestions are answered. */
export const QUICK_SEARCH_LIMIT = 10;

export const QuickSearchMatch = z.object({ campaign_id: z.number().int(), name: z.string() });
export type QuickSearchMatch = z.infer<typeof QuickSearchMatch>;

export const QuickSearchResponse = successEnvelope({ matchingCampaigns: z.array(QuickSearchMatch) });
export type QuickSearchResponse = z.infer<typeof QuickSearchResponse>;

export const campaignEndpoints = {
  getCampaigns: endpoint({
    method: 'GET',
    path: '/campaigns/:for',
    access: 'session',
    tags: ['campaigns'],
    summary: `A campaign list: sidebars, dashboard rows and browse tabs (spec 000 sections 2, 7). Lists: ${CAMPAIGN_LIST_NAMES.join(', ')}. Pages count from 0.`,
    // Any name reaches the handler: an unknown list is a 404, like an unknown id.
    params: z.object({ for: SafeText().max(100, 'is too long') }),
    query: CampaignListQuery,
    response: CampaignListResponse,
    errors: [404],
  }),
  quickSearch: endpoint({
    method: 'GET',
    path: '/search',
    access: 'session',
    tags: ['campaigns'],
    summary: 'Quick search: campaigns by name or #ID for the autocomplete (spec 000 sections 5, 7)',
    query: QuickSearchQuery,
    response: QuickSearchResponse,
  }),
};
