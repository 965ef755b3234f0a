import { HttpResponse } from 'msw';
import { campaignEndpoints, type CampaignSummary, type SearchCategory, type SearchSubcategory } from '../../src/api/contract/campaign';
import { RATE_TYPE_LABELS, rateText } from '../../src/shared/rateText';
import { failureResponse, mock, pendingResponse, perRender, type MockOptions } from './http';
import { campaignsFixture, pictureOf } from './shell';

/**
 * MSW handlers and fixtures of the campaign area: the browse tabs (GET /campaigns/{for}
 * paged as the server pages it), later the full search and its look-ups. Fixtures are typed by the
 * contract; pictures are inline SVG data URLs.
 */

const { getCampaigns } = campaignEndpoints;

/** `count` campaigns with distinct ids and names, built on the shell's twelve (ids from 2001). */
export function manyCampaigns(count: number): CampaignSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const base = campaignsFixture[i % campaignsFixture.length];
    const name = `${base.name} ${Math.floor(i / campaignsFixture.length) + 1}`;
    const revshare = i % 5 === 4;
    const rate = revshare ? 10 + (i % 30) : 5 + i * 1.5;
    return {
      ...base,
      campaign_id: 2001 + i,
      name,
      thumbnail: pictureOf(name, (i * 29) % 360),
      rate_type: RATE_TYPE_LABELS[revshare ? 'P' : 'F'],
      rate,
      rate_text: rateText(revshare ? 'P' : 'F', rate),
      highlight: 'N',
      epc: i % 7 === 0 ? 0 : Math.round((0.2 + i / 20) * 100) / 100,
    };
  });
}

/** Names that need two lines or more, in a card and a table. */
export const longNameCampaigns: CampaignSummary[] = campaignsFixture.slice(0, 4).map((c, i) => ({
  ...c,
  highlight: 'N',
  name:
    i % 2
      ? `${c.name} - Approved Application Only (US, CA, UK, AU, NZ) - Desktop and Mobile - Double Opt-In Required`
      : `${c.name}SuperLongWordWithoutAnySpacesThatMustStillWrapInsideItsCardAndItsRow`,
}));

/** Every traffic type allowed, and none. */
export const trafficCampaigns: CampaignSummary[] = [
  {
    ...campaignsFixture[0],
    incentive_traffic: 'Y',
    email_traffic: 'Y',
    contextual_traffic: 'Y',
    mobile_traffic: 'Y',
    native_traffic: 'Y',
    search_traffic: 'Y',
    display_traffic: 'Y',
    social_media_traffic: 'Y',
    brand_bid_traffic: 'Y',
  },
  {
    ...campaignsFixture[2],
    incentive_traffic: 'N',
    email_traffic: 'N',
    contextual_traffic: 'N',
    mobile_traffic: 'N',
    native_traffic: 'N',
    search_traffic: 'N',
    display_traffic: 'N',
    social_media_traffic: 'N',
    brand_bid_traffic: 'N',
  },
];

/** A paused campaign, one with an expiry date, one both, and one that simply runs (the affiliate's own lists show paused ones). */
export const statusCampaigns: CampaignSummary[] = [
  { ...campaignsFixture[0], highlight: 'N', paused: 'Y', expiry_date: null },
  { ...campaignsFixture[1], highlight: 'N', paused: 'N', expiry_date: '2027-03-31' },
  { ...campaignsFixture[2], highlight: 'N', paused: 'Y', expiry_date: '2026-12-20' },
  { ...campaignsFixture[3], highlight: 'N', paused: 'N', expiry_date: null },
];

/** Campaigns whose daily cap is reached for today (one expiring too), and one under its cap. */
export const cappedCampaigns: CampaignSummary[] = [
  { ...campaignsFixture[0], highlight: 'N', paused: 'N', cap_reached: 'Y', expiry_date: null },
  { ...campaignsFixture[1], highlight: 'N', paused: 'N', cap_reached: 'Y', expiry_date: '2027-03-31' },
  { ...campaignsFixture[2], highlight: 'N', paused: 'Y', cap_reached: 'Y', expiry_date: null },
  { ...campaignsFixture[3], highlight: 'N', paused: 'N', cap_reached: 'N', expiry_date: null },
];

/** What one list answers: its campaigns (paged by `page` and `limit`), or a failure of some kind. */
export type BrowseAnswer =
  | CampaignSummary[]
  | 'pending'
  | 'network'
  /** A 200 answer `{ success: false }` without a message. */
  | 'notSuccess'
  /** A 500 answer that is not the envelope (an HTML error page). */
  | 'badGateway'
  | { failure: string; status?: number };

export interface BrowseOptions extends MockOptions {
  /** Pages (from 0) that fail with 'badGateway' until `failTimes` requests for them have failed. */
  failPage?: number;
  failTimes?: number;
  /** Pages (from 0) that never answer. */
  pendingPage?: number;
}


export const browseHandlers = {
  /**
   * GET /campaigns/{for}: `answers` per list name (a list missing from it is empty); lists are paged as
   * the server pages them (`page` from 0, `limit`), with `has_more`.
   */
  lists: (answers: Record<string, BrowseAnswer>, options: BrowseOptions = {}) => {
    // Failed requests per page, counted afresh in each render (failures that clear on retry).
    const failures = perRender(() => new Map<string, number>());
    return mock(
      getCampaigns,
      async ({ params, query }) => {
        const answer = answers[params.for] ?? [];
        const page = Number(query.page ?? 0);
        const limit = Number(query.limit ?? 30);
        if (answer === 'pending' || options.pendingPage === page) return pendingResponse();
        if (answer === 'network') return HttpResponse.error();
        if (answer === 'notSuccess') return HttpResponse.json({ success: false });
        if (answer === 'badGateway') return new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
        if (!Array.isArray(answer)) return failureResponse(answer.failure, answer.status ?? 500);
        if (options.failPage === page) {
          const key = `${params.for}:${page}`;
          const seen = failures().get(key) ?? 0;
          if (seen < (options.failTimes ?? Infinity)) {
            failures().set(key, seen + 1);
            return new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
          }
        }
        const campaigns = answer.slice(page * limit, (page + 1) * limit);
        return { success: true as const, campaigns, page, has_more: answer.length > (page + 1) * limit };
      },
      options,
    );
  },
};

/* ---- GET /search (quick and full), /search/categories, /search/subcategories/{id} ---- */

const { search, searchCategories, searchSubcategories } = campaignEndpoints;

export const categoriesFixture: SearchCategory[] = [
  { main_category_id: 3, main_category_name: 'Finance', offs_count: 42 },
  { main_category_id: 5, main_category_name: 'Health & Beauty', offs_count: 17 },
  { main_category_id: 8, main_category_name: 'Travel', offs_count: 9 },
];

export const subcategoriesFixture: Record<number, SearchSubcategory[]> = {
  3: [
    { subcategory_id: 31, subcategory_name: 'Loans', campaign_count: 20 },
    { subcategory_id: 32, subcategory_name: 'Insurance', campaign_count: 12 },
  ],
  5: [{ subcategory_id: 51, subcategory_name: 'Skin Care', campaign_count: 7 }],
  8: [{ subcategory_id: 81, subcategory_name: 'Hotels', campaign_count: 9 }],
};

export type SearchResults = CampaignSummary[] | 'pending' | 'failure' | 'network';

const sorters: Record<string, (a: CampaignSummary, b: CampaignSummary) => number> = {
  id: (a, b) => a.campaign_id - b.campaign_id,
  name: (a, b) => a.name.localeCompare(b.name),
  rate: (a, b) => a.rate - b.rate,
  epc: (a, b) => a.epc - b.epc,
  date: (a, b) => a.campaign_id - b.campaign_id,
};

export const searchHandlers = {
  /**
   * GET /search: with `q` the quick search (names or #ID of `results`' campaigns), otherwise the full
   * search: `results` filtered by `st` (name or id), sorted by `ob`/`ad`, 30 a page from `pn`.
   * The spy sees both kinds; a story tells them apart by `q`.
   */
  route: (results: SearchResults = manyCampaigns(45), spy?: MockOptions) =>
    mock(
      search,
      async ({ query }) => {
        if (query.q !== undefined) {
          const q = query.q.trim().toLowerCase().replace(/^#/, '');
          const pool = Array.isArray(results) ? results : campaignsFixture;
          return { success: true as const, matchingCampaigns: pool.filter((c) => c.name.toLowerCase().includes(q) || String(c.campaign_id).includes(q)).slice(0, 10).map((c) => ({ campaign_id: c.campaign_id, name: c.name })) };
        }
        if (results === 'pending') return pendingResponse();
        if (results === 'network') return HttpResponse.error();
        if (results === 'failure') return failureResponse('The search is not available right now.', 500);
        const st = (query.st ?? '').trim().toLowerCase().replace(/^#/, '');
        const found = results.filter((c) => !st || c.name.toLowerCase().includes(st) || String(c.campaign_id) === st);
        const sorted = [...found].sort(sorters[query.ob || 'date'] ?? sorters.date);
        if ((query.ad || 'd') === 'd') sorted.reverse();
        const page = Number(query.pn || 1);
        const total_pages = Math.ceil(sorted.length / 30);
        return { success: true as const, matchingCampaigns: sorted.slice((page - 1) * 30, page * 30), total_pages, page, total: sorted.length };
      },
      spy,
    ),
  categories: (spy?: MockOptions) => mock(searchCategories, () => ({ success: true as const, categories: categoriesFixture }), spy),
  categoriesFailure: () => failureResponseHandler(searchCategories),
  subcategories: (spy?: MockOptions) =>
    mock(searchSubcategories, ({ params }) => ({ success: true as const, subcategories: subcategoriesFixture[Number(params.categoryId)] ?? [] }), spy),
  subcategoriesFailure: () => failureResponseHandler(searchSubcategories),
};

function failureResponseHandler(ep: typeof searchCategories | typeof searchSubcategories) {
  return mock(ep, () => failureResponse('An internal error occurred. Please try again later', 500));
}

/** Everything the search screen calls, answered. */
export function searchDefaults(results?: SearchResults, spy?: MockOptions) {
  return [searchHandlers.route(results, spy), searchHandlers.categories(), searchHandlers.subcategories()];
}
