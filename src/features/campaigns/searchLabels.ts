import type { SearchTrafficFlag } from '../../shared/searchState';

/** The traffic checkboxes' labels, in the route table's order (spec 000 §2). */
export const TRAFFIC_LABELS: Record<SearchTrafficFlag, string> = {
  ep: 'Email',
  cp: 'Contextual',
  bp: 'Display',
  sp: 'Search',
  ip: 'Incentive',
  lp: 'Social Media',
  np: 'Native',
  mp: 'Mobile',
  bbp: 'Brand Bid',
};

export const CATEGORIES_FAILED = 'An error occurred while fetching categories.';
export const SUBCATEGORIES_FAILED = 'An error occurred while fetching the subcategories.';
