import { BROWSE_PAGE_SIZE, campaignEndpoints } from '../api/contract/campaign';
import { campaignDetailEndpoints } from '../api/contract/campaignDetail';
import { callRequest, type AnyEndpoint, type CallArg } from '../api/contract/endpoint';
import { dashboardRowArgs } from '../features/dashboard/rowArgs';
import { BROWSE_TABS, paths } from '../shared/paths';

/**
 * A first-screen call the boot script starts on a first visit, before the portal's code has arrived
 * (scripts/vite-boot-preload.ts writes the script at build time; src/api/bootAnswer.ts hands its
 * answer to RTK Query). On a phone's network the route's code takes over a second to arrive and run;
 * the call and the first screen's largest image then came after it, one round trip each. Started
 * from the boot script they arrive beside the code, and the page renders them in its first commit.
 */
export interface BootCall {
  /** The addresses it serves: a regular expression over `location.pathname`. */
  match: string;
  /**
   * The request exactly as RTK Query sends it (`fetchBaseQuery`: under the API base, the query in the
   * order given). `$1` stands for the address's first group (digits only, so nothing to escape).
   */
  url: string;
  /** Where the first screen's largest image is named in the answer: property names and indexes. */
  image?: (string | number)[];
}

/** The marker a path parameter is filled with, turned into `$1` after: letters, so the path's encoding leaves it as it is. */
const GROUP = 'BOOTGROUPONE';

/** The address of a call as fetchBaseQuery builds it: the base and the path joined by one slash, then the query. */
export function requestUrl<E extends AnyEndpoint>(apiBase: string, ep: E, args: CallArg<E>): string {
  const request = callRequest(ep, args);
  const url = `${apiBase.replace(/\/$/, '')}/${request.url.replace(/^\//, '')}`.replaceAll(GROUP, '$1');
  const query = request.params ? new URLSearchParams(request.params as Record<string, string>).toString() : '';
  return query ? `${url}?${query}` : url;
}

/**
 * The routes' first calls, each the same request as the page's own (tests/unit/api/bootCalls.test.ts
 * checks them against what RTK Query sends): the dashboard's Popular row, whose first card's image is
 * the largest paint on a phone; the first page of a browse tab (likewise); the campaign page's campaign.
 */
export function bootCalls(apiBase: string): BootCall[] {
  const firstThumbnail = ['campaigns', 0, 'thumbnail'];
  const { getCampaigns } = campaignEndpoints;
  const row = dashboardRowArgs('popular');
  return [
    {
      match: `^${paths.dashboard}$`,
      url: requestUrl(apiBase, getCampaigns, { params: { for: row.list }, query: { page: row.page, limit: row.limit } }),
      image: firstThumbnail,
    },
    ...BROWSE_TABS.map((tab) => ({
      match: `^${paths.browse(tab)}$`,
      url: requestUrl(apiBase, getCampaigns, { params: { for: tab }, query: { page: 0, limit: BROWSE_PAGE_SIZE } }),
      image: firstThumbnail,
    })),
    {
      // The page's own rule for the id (campaignId.ts): a positive 32-bit integer; a longer one is not asked for.
      match: `^${paths.campaign(GROUP).replace(GROUP, '([1-9][0-9]{0,8})')}/?$`,
      url: requestUrl(apiBase, campaignDetailEndpoints.getCampaign, { params: { id: GROUP } }),
      image: ['campaign', 'thumbnail'],
    },
  ];
}
