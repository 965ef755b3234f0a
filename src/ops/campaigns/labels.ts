import type { BadgeTone } from '../../ui/Badge';

/** The traffic types as the console names them. */
export const trafficLabel: Record<string, string> = {
  email: 'E-mail',
  contextual: 'Contextual',
  display: 'Display',
  search: 'Search',
  incentive: 'Incentive',
  social: 'Social media',
  native: 'Native',
  mobile: 'Mobile',
  brand_bid: 'Brand bid',
};

/** A campaign's state as affiliates meet it (docs/ops-offers.md "States"). */
export const stateLabel = { active: 'Active', paused: 'Paused', expired: 'Expired' } as const;
export const stateTone: Record<keyof typeof stateLabel, BadgeTone> = { active: 'success', paused: 'warning', expired: 'neutral' };
