import { affiliateEndpoints } from './affiliate';
import { balanceEndpoints } from './balance';
import { campaignEndpoints } from './campaign';
import { campaignAccessEndpoints } from './campaignAccess';
import { campaignDetailEndpoints } from './campaignDetail';
import { cdnEndpoints } from './cdn';
import { contentEndpoints } from './content';
import { dashboardEndpoints } from './dashboard';
import type { AnyEndpoint } from './endpoint';
import { imageEndpoints } from './images';
import { operatorEndpoints } from './operator';
import { paychangeEndpoints } from './paychange';
import { postbackLogEndpoints } from './postbackLog';
import { recoveryEndpoints } from './recovery';
import { registerEndpoints } from './register';
import { reportEndpoints } from './reports';
import { rewardEndpoints } from './rewards';
import { sessionEndpoints } from './session';
import { settingsEndpoints } from './settings';
import { systemEndpoints } from './system';
import { trackingEndpoints, trackingSiteEndpoints } from './tracking';
import { twoFactorEndpoints } from './twoFactor';

/**
 * Every endpoint of the product, by area. The server registers exactly these (a route under /api
 * without a description refuses to start); tests walk this list.
 */
export const apiEndpoints = {
  ...systemEndpoints,
  ...sessionEndpoints,
  ...affiliateEndpoints,
  ...twoFactorEndpoints,
  ...contentEndpoints,
  ...campaignEndpoints,
  ...campaignDetailEndpoints,
  ...dashboardEndpoints,
  ...imageEndpoints,
  ...trackingEndpoints,
  ...postbackLogEndpoints,
  ...campaignAccessEndpoints,
  ...operatorEndpoints,
  ...reportEndpoints,
  ...registerEndpoints,
  ...balanceEndpoints,
  ...paychangeEndpoints,
  ...settingsEndpoints,
  ...recoveryEndpoints,
  ...rewardEndpoints,
} satisfies Record<string, AnyEndpoint>;

export const siteEndpoints = { ...trackingSiteEndpoints, ...cdnEndpoints } satisfies Record<string, AnyEndpoint>;
