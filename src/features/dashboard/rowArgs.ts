import type { CampaignListName } from '../../api/contract/campaign';
import type { CampaignListArgs } from '../../api/shellApi';

/** Spec 000 §9: dashboard rows are 6 cards from page 0. */
export const DASHBOARD_ROW_SIZE = 6;

/** The arguments of a dashboard row's call: one place, so an early call and the row's hook are one request. */
export const dashboardRowArgs = (list: CampaignListName): CampaignListArgs => ({ list, page: 0, limit: DASHBOARD_ROW_SIZE });
