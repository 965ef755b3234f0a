import type { ApiDispatch } from '../../api/baseApi';
import { affiliateApi } from '../../api/affiliateApi';
import type { CampaignListName } from '../../api/contract/campaign';
import { shellApi } from '../../api/shellApi';

/** The right sidebar's lists (spec 000 §2, §9): page 0, limit 5 each. */
export const SIDE_LIST_LIMIT = 5;
export const sideListArgs = (list: CampaignListName) => ({ list, page: 0, limit: SIDE_LIST_LIMIT });

/**
 * The shell's calls, as its components make them (PortalShell, the news bell, the notifications),
 * started when the signed-in store is made (src/api/routeData.ts).
 */
export function startShellData(dispatch: ApiDispatch) {
  dispatch(affiliateApi.util.prefetch('getAffiliate', undefined, {}));
  for (const list of ['recentlyapproved', 'ampicks', 'suggested'] as const) dispatch(shellApi.util.prefetch('getCampaigns', sideListArgs(list), {}));
  dispatch(shellApi.util.prefetch('getNews', undefined, {}));
  dispatch(shellApi.util.prefetch('getNotifications', undefined, {}));
}
