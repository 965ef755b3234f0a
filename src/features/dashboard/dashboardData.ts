import type { ApiDispatch } from '../../api/baseApi';
import type { CampaignListName } from '../../api/contract/campaign';
import { dashboardApi } from '../../api/dashboardApi';
import { shellApi } from '../../api/shellApi';

/** Campaigns per dashboard row (spec 000 §7: page 0, limit 6). */
export const DASHBOARD_ROW_SIZE = 6;
export const dashboardRowArgs = (list: CampaignListName) => ({ list, page: 0, limit: DASHBOARD_ROW_SIZE });

/** The lists of the dashboard's rows (DashboardPage: Popular, New, Suggested For You). */
const dashboardRows = ['popular', 'new', 'suggested'] as const satisfies readonly CampaignListName[];

/** The dashboard's calls, as its sections make them, started with its code (src/api/routeData.ts). */
export function startData(dispatch: ApiDispatch) {
  for (const list of dashboardRows) dispatch(shellApi.util.prefetch('getCampaigns', dashboardRowArgs(list), {}));
  dispatch(dashboardApi.util.prefetch('getAffiliateStats', undefined, {}));
  dispatch(dashboardApi.util.prefetch('getCampaignSlider', undefined, {}));
  dispatch(dashboardApi.util.prefetch('getPerformanceBonus', undefined, {}));
  dispatch(dashboardApi.util.prefetch('getDashboardModals', undefined, {}));
}
