import { z } from 'zod';
import { countryByAlpha2 } from '../../shared/countries';
import {
  MAX_SEARCH_PAGE,
  MAX_SEARCH_TEXT,
  SEARCH_ORDERS,
  SEARCH_PAGE_SIZE,
  SEARCH_PARAM_NAMES,
  SEARCH_TRAFFIC_FLAG_NAMES,
  SEARCH_TRAFFIC_FLAGS,
  type SearchCountry,
  type SearchCpaType,
  type SearchDirection,
  type SearchParamName,
  type SearchParams,
  type SearchState,
  type SearchTrafficFlag,
} from '../../shared/searchState';
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
 *   GET /search?st&ob&ad&pn&...      -> SearchResponse         (token; the /search screen)
 *   GET /search/categories           -> SearchCategoriesResponse
 *   GET /search/subcategories/{categoryId} -> SearchSubcategoriesResponse
 *   GET /display/country/{code}, /display/maincategory/{id}, /display/subcategory/{categoryId}/{subcategoryId}
 *
 * Browse pages count from 0 (the spec's "page 0"); search pages (`pn`) count from 1, as on the
 * route. GET /search is one route: a request with `q` is the quick search, any other the full
 * search (see `campaignEndpoints.search`, and the two typed views `quickSearch` and `fullSearch`).
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
  /**
   * 'Y' when the advertiser has paused the campaign: its links send no traffic and earn nothing
   * meanwhile (only the affiliate's own lists show one). The server always sends it; absent reads 'N'.
   */
  paused: YesNo.optional(),
  /**
   * 'Y' when the campaign's daily cap, or this affiliate's own cap on it, is reached for today (the
   * network's day, Eastern): its links go to the fallback page and pay nothing until tomorrow. The
   * server always sends it; absent reads 'N'.
   */
  cap_reached: YesNo.optional(),
  /** 'YYYY-MM-DD', the last day the campaign runs; null (or absent) when it has no expiry. */
  expiry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
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

/** Spec 000 §9: browse loads 30 campaigns per page. */
export const BROWSE_PAGE_SIZE = 30;

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

// ---------------------------------------------------------------------------------------------
// Full search (spec 000 section 2 "Search screen"). The query string IS the screen's
// state: the portal reads it with parseSearchParams and writes it with searchParamsOf
// (src/shared/searchState.ts, plain code shipped to the browser), the server validates it with SearchQuery. Every parameter is optional; an empty value means its default.
//
// Wire formats (decided here, docs/campaigns.md "Search"):
//   booleans (the nine traffic flags, tstrict, grstrict, af, ff, rf, as): '1' or '0' (written),
//     'true' / 'false' accepted too. Traffic flags default to '1' (all on), the others to '0'.
//   tstrict: '0' = 'Includes selected traffic types', '1' = 'ONLY Selected traffic types'.
//   gr: '' or 'any' = Any Country; 'all' = Allow All Countries; a 2-letter ISO code (any case).
//   grstrict: '0' = 'Includes selected country', '1' = 'ONLY selected country'.
//   m: main category id, '' or '0' = every category; c: subcategory id, '' or '0' = all of m.
//   ct: 'F', 'P', or 'any' / '' (any CPA type).  ob: date|id|name|rate|epc.  ad: a|d.  pn: from 1.
// ---------------------------------------------------------------------------------------------

export { SEARCH_PAGE_SIZE, MAX_SEARCH_PAGE, MAX_SEARCH_TEXT, SEARCH_TRAFFIC_FLAGS, SEARCH_TRAFFIC_FLAG_NAMES, SEARCH_ORDERS, SEARCH_PARAM_NAMES };
export type { SearchTrafficFlag, SearchDirection, SearchCountry, SearchCpaType, SearchState, SearchParamName, SearchParams };
export const SearchOrder = z.enum(SEARCH_ORDERS);
export type SearchOrder = z.infer<typeof SearchOrder>;

const BOOL_WIRE = ['1', '0', 'true', 'false', ''] as const;
/** A boolean on the wire ('1'/'0', 'true'/'false'; empty or missing = `fallback`). */
function queryFlag(fallback: boolean, message: string) {
  return z
    .enum(BOOL_WIRE, { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === '1' || v === 'true'));
}

/** A category id in a query: digits, '' or missing = 0 (every category). */
function queryCategory(message: string) {
  return z
    .string()
    .regex(/^\d{0,9}$/, message)
    .optional()
    .transform((v) => (v ? Number(v) : 0));
}

const searchShape = {
  st: SafeText()
    .max(MAX_SEARCH_TEXT, `Please search with at most ${MAX_SEARCH_TEXT} characters.`)
    .optional()
    .transform((v) => (v ?? '').trim()),
  ob: z
    .enum([...SEARCH_ORDERS, ''], { error: 'Please sort by date, ID, name, rate or EPC.' })
    .optional()
    .transform((v): SearchOrder => (v ? v : 'date')),
  ad: z
    .enum(['a', 'd', ''], { error: 'Please sort in ascending (a) or descending (d) order.' })
    .optional()
    .transform((v): SearchDirection => (v === 'a' ? 'a' : 'd')),
  pn: z
    .string()
    .regex(/^\d{0,9}$/, 'The page number must be a whole number.')
    .optional()
    .transform((v) => (v ? Number(v) : 1))
    .pipe(
      z
        .number()
        .int()
        .min(1, 'Pages are numbered from 1.')
        .max(MAX_SEARCH_PAGE, `The page number must be at most ${MAX_SEARCH_PAGE.toLocaleString('en-US')}.`),
    ),
  ep: queryFlag(true, 'The Email traffic choice must be 1 or 0.'),
  cp: queryFlag(true, 'The Contextual traffic choice must be 1 or 0.'),
  bp: queryFlag(true, 'The Display traffic choice must be 1 or 0.'),
  sp: queryFlag(true, 'The Search traffic choice must be 1 or 0.'),
  ip: queryFlag(true, 'The Incentive traffic choice must be 1 or 0.'),
  lp: queryFlag(true, 'The Social Media traffic choice must be 1 or 0.'),
  np: queryFlag(true, 'The Native traffic choice must be 1 or 0.'),
  mp: queryFlag(true, 'The Mobile traffic choice must be 1 or 0.'),
  bbp: queryFlag(true, 'The Brand Bid traffic choice must be 1 or 0.'),
  tstrict: queryFlag(false, "The traffic match must be 0 (includes selected types) or 1 (only selected types)."),
  gr: z
    .string()
    .max(3, 'Please choose Any Country, Allow All Countries or one country from the list.')
    .refine(
      (v) => v === '' || v === 'any' || v === 'all' || (/^[A-Za-z]{2}$/.test(v) && countryByAlpha2(v) !== undefined),
      'Please choose Any Country, Allow All Countries or one country from the list.',
    )
    .optional()
    .transform((v): SearchCountry => (!v || v === 'any' ? 'any' : v === 'all' ? 'all' : v.toUpperCase())),
  grstrict: queryFlag(false, 'The country match must be 0 (includes selected country) or 1 (only selected country).'),
  m: queryCategory('Please choose a category from the list.'),
  c: queryCategory('Please choose a subcategory from the list.'),
  af: queryFlag(false, 'The Approved to run filter must be 1 or 0.'),
  ff: queryFlag(false, 'The Bookmarked filter must be 1 or 0.'),
  rf: queryFlag(false, 'The Never Promoted Before filter must be 1 or 0.'),
  /** Whether the options panel is shown: the portal's, accepted and ignored by the server. */
  as: queryFlag(false, 'The options panel choice must be 1 or 0.'),
  ct: z
    .enum(['F', 'P', 'any', ''], { error: 'Please choose a CPA type: F ($ per lead), P (% of sale) or any.' })
    .optional()
    .transform((v): SearchCpaType => (v === 'F' || v === 'P' ? v : 'any')),
};

/** The full search's query (every parameter of the route table, spec 000 section 2). */
export const SearchQuery = z.object(searchShape);
/** What the portal sends (wire strings). */
export type SearchQueryInput = z.input<typeof SearchQuery>;
// The state the schema reads is the one src/shared/searchState.ts reads (each way round).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameState: Same<z.output<typeof SearchQuery>, SearchState> = true;
void sameState;
// What searchParamsOf writes is a query the schema takes.
const paramsAreInput = (p: SearchParams): SearchQueryInput => p;
void paramsAreInput;

export const SearchResponse = successEnvelope({
  /** The page's campaigns (at most SEARCH_PAGE_SIZE), in the requested order. */
  matchingCampaigns: z.array(CampaignSummary),
  /** ceil(total / SEARCH_PAGE_SIZE); 0 when nothing matches. */
  total_pages: z.number().int(),
  /** The page answered (from 1). */
  page: z.number().int(),
  /** How many campaigns match, over every page. */
  total: z.number().int(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * The query GET /search accepts: the quick search's `q`, or the full search's parameters. With `q`
 * (even alongside others) it is the quick search.
 */
export const SearchRouteQuery = SearchQuery.extend({ q: QuickSearchQuery.shape.q.optional() });
export type SearchRouteQueryInput = z.input<typeof SearchRouteQuery>;
/** Whether a GET /search query (raw or parsed) is the quick search. */
export const isQuickSearchQuery = (query: { q?: unknown }): boolean => query.q !== undefined;
/** Full search answer first: a quick answer lacks total_pages, so it can only match the second. */
export const SearchRouteResponse = z.union([SearchResponse, QuickSearchResponse]);

/** Category (spec 000 section 3): offs_count counts its active campaigns. */
export const SearchCategory = z.object({
  main_category_id: z.number().int(),
  main_category_name: z.string(),
  offs_count: z.number().int(),
});
export type SearchCategory = z.infer<typeof SearchCategory>;
export const SearchCategoriesResponse = successEnvelope({ categories: z.array(SearchCategory) });
export type SearchCategoriesResponse = z.infer<typeof SearchCategoriesResponse>;

/** Subcategory (spec 000 section 3): campaign_count counts its active campaigns. */
export const SearchSubcategory = z.object({
  subcategory_id: z.number().int(),
  subcategory_name: z.string(),
  campaign_count: z.number().int(),
});
export type SearchSubcategory = z.infer<typeof SearchSubcategory>;
export const SearchSubcategoriesResponse = successEnvelope({ subcategories: z.array(SearchSubcategory) });
export type SearchSubcategoriesResponse = z.infer<typeof SearchSubcategoriesResponse>;

export const DisplayCountryResponse = successEnvelope({ country_name: z.string() });
export type DisplayCountryResponse = z.infer<typeof DisplayCountryResponse>;
export const DisplayMainCategoryResponse = successEnvelope({ main_category_name: z.string() });
export type DisplayMainCategoryResponse = z.infer<typeof DisplayMainCategoryResponse>;
export const DisplaySubcategoryResponse = successEnvelope({ subcategory_name: z.string() });
export type DisplaySubcategoryResponse = z.infer<typeof DisplaySubcategoryResponse>;

/** A category or subcategory id in a path (a sentence for the person who followed a broken link). */
function categoryIdParam(what: 'category' | 'subcategory') {
  const message = `Please choose a ${what} from the list.`;
  return z.string().regex(/^\d{1,9}$/, message).transform(Number).pipe(z.number().int().min(1, message));
}

const searchSummary =
  'Campaign search (spec 000 sections 2, 5, 7): with q, the quick search (campaigns by name or #ID for the autocomplete, QuickSearchResponse); otherwise the full search of the /search screen with every parameter of its route (SearchResponse, SEARCH_PAGE_SIZE per page, pn from 1)';

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
  /** The one GET /search route the server registers: quick search with `q`, full search otherwise. */
  search: endpoint({
    method: 'GET',
    path: '/search',
    access: 'session',
    tags: ['campaigns'],
    summary: searchSummary,
    query: SearchRouteQuery,
    response: SearchRouteResponse,
  }),
  /** A typed view of GET /search for the autocomplete: `q` only, QuickSearchResponse. */
  quickSearch: endpoint({
    method: 'GET',
    path: '/search',
    access: 'session',
    tags: ['campaigns'],
    summary: searchSummary,
    query: QuickSearchQuery,
    response: QuickSearchResponse,
    // A view of `search`, not a route of its own: the OpenAPI document lists GET /search once.
    hidden: true,
  }),
  /** A typed view of GET /search for the /search screen: the route's parameters, SearchResponse. */
  fullSearch: endpoint({
    method: 'GET',
    path: '/search',
    access: 'session',
    tags: ['campaigns'],
    summary: searchSummary,
    query: SearchQuery,
    response: SearchResponse,
    // A view of `search`, not a route of its own: the OpenAPI document lists GET /search once.
    hidden: true,
  }),
  searchCategories: endpoint({
    method: 'GET',
    path: '/search/categories',
    access: 'session',
    tags: ['campaigns'],
    summary: 'Main categories with the number of active campaigns in each (offs_count), for the search options (spec 000 sections 2, 7)',
    response: SearchCategoriesResponse,
  }),
  searchSubcategories: endpoint({
    method: 'GET',
    path: '/search/subcategories/:categoryId',
    access: 'session',
    tags: ['campaigns'],
    summary: 'Subcategories of a main category with the number of active campaigns in each (campaign_count); 404 for an unknown category',
    params: z.object({ categoryId: categoryIdParam('category') }),
    response: SearchSubcategoriesResponse,
    errors: [404],
  }),
  displayCountry: endpoint({
    method: 'GET',
    path: '/display/country/:code',
    access: 'session',
    tags: ['campaigns'],
    summary: 'The English name of a country by its 2-letter code (the search line naming the active options); 404 for an unknown code',
    params: z.object({ code: SafeText().max(10, 'Please choose a country from the list.') }),
    response: DisplayCountryResponse,
    errors: [404],
  }),
  displayMainCategory: endpoint({
    method: 'GET',
    path: '/display/maincategory/:id',
    access: 'session',
    tags: ['campaigns'],
    summary: 'The name of a main category by id; 404 for an unknown one',
    params: z.object({ id: categoryIdParam('category') }),
    response: DisplayMainCategoryResponse,
    errors: [404],
  }),
  displaySubcategory: endpoint({
    method: 'GET',
    path: '/display/subcategory/:categoryId/:subcategoryId',
    access: 'session',
    tags: ['campaigns'],
    summary: 'The name of a subcategory of a main category by ids; 404 when it is unknown or not in that category',
    params: z.object({ categoryId: categoryIdParam('category'), subcategoryId: categoryIdParam('subcategory') }),
    response: DisplaySubcategoryResponse,
    errors: [404],
  }),
};
