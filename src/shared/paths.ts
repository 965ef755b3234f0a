/**
 * Every route of the portal (spec 000 §2, 001 §2, 002 §2), built or not yet: `paths` gives the
 * address to link or navigate to, `patterns` the same routes in react-router form for the router.
 * Nothing else in the portal, the server or the stories writes a route path by hand.
 *
 * The spec writes some routes in two spellings (/accountBalance and /accountbalance,
 * /globalPostback and /globalpostback); the router matches case-insensitively and links use the
 * lower-case ones of spec 002's route list.
 */

/** The browse tabs of /browse/{tab} (spec 000 §2), in the spec's order. */
export const BROWSE_TABS = ['new', 'top', 'trending', 'approved', 'suggested', 'recently-viewed', 'recently-approved', 'bookmarked'] as const;
export type BrowseTab = (typeof BROWSE_TABS)[number];

/** The report types of /reports/{type} (spec 001 §2.1); earnings is the default. */
export const REPORT_TYPES = ['earnings', 'conversions', 'subid', 'reversals', 'referrals', 'clicks', 'creatives', 'landingPages'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

type Query = Record<string, string | number | boolean | null | undefined>;

/** `?a=1&b=2` of the defined values, or '' when there are none. */
function query(values: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  /** Redirects to the dashboard when signed in; the login screen otherwise. */
  root: '/',
  // Signed in (spec 002 §2 "Logged-in routes").
  dashboard: '/dashboard',
  /** /browse/{tab}; without a tab, the Browse section as a whole. */
  browse: (tab?: BrowseTab) => (tab ? `/browse/${segment(tab)}` : '/browse'),
  /** The search screen; its filters are query parameters (spec 000 §2). */
  search: (filters?: Query) => `/search${query(filters)}`,
  campaign: (offerId: number | string) => `/campaign/${segment(offerId)}`,
  /** /reports/{type} with startDate, endDate, oid, cid, lpid, subid, page (spec 001 §2.1). */
  reports: (type?: ReportType, filters?: Query) => `${type ? `/reports/${segment(type)}` : '/reports'}${query(filters)}`,
  maxmoney: '/maxmoney',
  resources: '/resources',
  refer: '/refer',
  settings: '/settings',
  accountBalance: '/accountbalance',
  globalPostback: '/globalpostback',
  payCompletion: '/paycompletion',
  faq: '/faq',
  /** Signed in and signed out. */
  terms: '/terms',
  // Signed out (spec 002 §2 "Logged-out routes").
  register: '/register',
  forgot: '/forgot',
  resetPassword: (token?: string) => `/resetPassword${query({ token })}`,
  /** The e-mail verification link: affiliate id `i`, code `e`. */
  verify: (affiliateId?: number | string, code?: string) => `/verify${query({ i: affiliateId, e: code })}`,
  /** One-time-token login handoff. */
  ottLogin: '/ottlogin',
  /** Not the spec's: the two-factor set-up guide the offers link to, open signed in and signed out. */
  twoFactorGuide: '/help/two-factor',
} as const;

/** The same routes as react-router patterns. */
export const patterns = {
  root: '/',
  dashboard: paths.dashboard,
  browse: '/browse/:tab?',
  search: '/search',
  campaign: '/campaign/:oid',
  reports: '/reports/:type?',
  maxmoney: paths.maxmoney,
  resources: paths.resources,
  refer: paths.refer,
  settings: paths.settings,
  accountBalance: paths.accountBalance,
  globalPostback: paths.globalPostback,
  payCompletion: paths.payCompletion,
  faq: paths.faq,
  terms: paths.terms,
  register: paths.register,
  forgot: paths.forgot,
  resetPassword: '/resetPassword',
  verify: '/verify',
  ottLogin: paths.ottLogin,
  twoFactorGuide: paths.twoFactorGuide,
  /** The back office (src/ops): its invitation page, and everything else under /ops. */
  opsInvite: '/ops/invite',
  ops: '/ops/*',
  /** Any other path. */
  other: '*',
} as const;

/** The back office's addresses: /ops and below (src/ops; the server answers them with the same index.html). */
export const OPS_ROOT = '/ops';
export const isOpsPath = (pathname: string) => pathname === OPS_ROOT || pathname.startsWith(`${OPS_ROOT}/`);
