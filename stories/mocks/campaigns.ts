import { HttpResponse } from 'msw';
import { campaignEndpoints, type CampaignSummary } from '../../src/api/contract/campaign';
import { RATE_TYPE_LABELS, rateText } from '../../src/shared/rateText';
import { failureResponse, mock, pendingResponse, perRender, type MockOptions } from './http';
import { campaignsFixture, pictureOf } from './shell';

/**
 * MSW handlers and fixtures of the campaign area (issue 14): the browse tabs (GET /campaigns/{for}
 * paged as the server pages it), later the full search and its look-ups. Fixtures are typed by the
 * contract; pictures are inline SVG data URLs.
 */

const { getCampaigns } = campaignEndpoints;

export type Spy = MockOptions;

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
