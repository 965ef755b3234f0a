import type { DetailTrafficCode } from '../../../api/contract/campaignDetail';

/** The detail reading of the traffic codes (spec 000 §3), B being brand bidding (docs/campaigns.md). */
export const TRAFFIC_NAMES: Record<DetailTrafficCode, string> = {
  R: 'Raw / search engines',
  L: 'Social',
  S: 'Site / display',
  C: 'Contextual / network',
  E: 'Email',
  I: 'Incentive',
  M: 'Mobile',
  N: 'Native',
  B: 'Brand bidding',
};

