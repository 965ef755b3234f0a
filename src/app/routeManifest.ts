import { patterns } from '../shared/paths';

/**
 * Which route table a row belongs to: the signed-in app's (src/app/SignedInRoutes.tsx), the
 * signed-out one's, or the back office's (src/ops/OpsApp.tsx, whatever the affiliate's session).
 */
export type Side = 'signedIn' | 'signedOut' | 'ops';

/** The module that holds a side's route table: a chunk of its own, loaded on that side only. */
export const SIDE_MODULE: Record<Side, string> = {
  signedIn: 'src/app/SignedInRoutes.tsx',
  signedOut: 'src/app/SignedOutRoutes.tsx',
  ops: 'src/ops/OpsApp.tsx',
};

/**
 * One route's first visit: what it downloads, the most it may download, and what the boot script
 * preloads for it. The rules behind the numbers are in docs/adr/0010-route-budgets.md.
 */
export interface RouteManifestEntry {
  /** The row's name in the budget report (and bench:web's, which matches addresses against it). */
  route: string;
  side: Side;
  /**
   * The route patterns (src/shared/paths.ts) whose first visit this row measures. A route that sends
   * the visitor on (a signed-in `/` to the dashboard) is its target's row. None: a later download,
   * measured only (sign-in once the journey starts).
   */
  patterns: string[];
  /** The addresses the boot script preloads this row's chunks for: a regular expression over `location.pathname`. */
  match?: string;
  /**
   * The route's lazily loaded modules (keys of the build's manifest) beside the entry and the side's
   * table (SIDE_MODULE): measured with their static imports, and preloaded on a first visit.
   */
  modules: string[];
  /** The hard limit, gzipped KiB: over it, the bundle budget stage fails. */
  budgetKiB: number;
  /** Where the route should get to, when the budget is not there yet. */
  targetKiB?: number;
}

/** The public pages that call the API load the store around them (src/app/SignedOutRoutes.tsx). */
const store = 'src/app/appStore.tsx';

/** Every route of the portal, signed in and signed out; tests/unit/app/routeManifest.test.ts fails when one is missing. */
export const routeManifest: RouteManifestEntry[] = [
  // Signed out.
  { route: '/ (sign-in)', side: 'signedOut', patterns: [patterns.root, patterns.other], match: '^/$', modules: ['src/features/auth/SignInJourney.tsx'], budgetKiB: 121, targetKiB: 120 },
  // Sign-in once the affiliate first touches the form: the journey's machines, RTK Query and the store load then.
  { route: '/ (signing in)', side: 'signedOut', patterns: [], modules: [store, 'src/features/auth/SignInJourney.tsx', 'src/features/auth/signInEngine.ts'], budgetKiB: 167 },
  { route: '/ottlogin', side: 'signedOut', patterns: [patterns.ottLogin], match: '^/ottlogin/?$', modules: ['src/features/auth/OttLogin.tsx'], budgetKiB: 96, targetKiB: 120 },
  { route: '/paycompletion', side: 'signedOut', patterns: [patterns.payCompletion], match: '^/paycompletion/?$', modules: ['src/features/balance/PayCompletionPage.tsx'], budgetKiB: 117, targetKiB: 120 },
  { route: '/register', side: 'signedOut', patterns: [patterns.register], match: '^/register/?$', modules: [store, 'src/features/register/RegisterPage.tsx'], budgetKiB: 276, targetKiB: 120 },
  { route: '/verify', side: 'signedOut', patterns: [patterns.verify], match: '^/verify/?$', modules: [store, 'src/features/verify/VerifyPage.tsx'], budgetKiB: 147, targetKiB: 120 },
  { route: '/forgot', side: 'signedOut', patterns: [patterns.forgot], match: '^/forgot/?$', modules: [store, 'src/features/recovery/ForgotPasswordPage.tsx'], budgetKiB: 148, targetKiB: 120 },
  { route: '/resetPassword', side: 'signedOut', patterns: [patterns.resetPassword], match: '^/resetPassword/?$', modules: [store, 'src/features/recovery/ResetPasswordPage.tsx'], budgetKiB: 165, targetKiB: 120 },
  { route: '/terms (signed out)', side: 'signedOut', patterns: [patterns.terms], match: '^/terms/?$', modules: ['src/features/info/TermsPage.tsx'], budgetKiB: 112, targetKiB: 120 },
  { route: '/faq (signed out)', side: 'signedOut', patterns: [patterns.faq], match: '^/faq/?$', modules: ['src/features/info/FaqPage.tsx'], budgetKiB: 112, targetKiB: 120 },
  { route: '/help/two-factor (signed out)', side: 'signedOut', patterns: [patterns.twoFactorGuide], match: '^/help/two-factor/?$', modules: ['src/features/auth/TwoFactorGuide.tsx'], budgetKiB: 110, targetKiB: 120 },
  // Signed in.
  { route: '/dashboard', side: 'signedIn', patterns: [patterns.dashboard, patterns.root, patterns.ottLogin, patterns.other], match: '^/dashboard/?$', modules: ['src/features/dashboard/DashboardPage.tsx'], budgetKiB: 229, targetKiB: 250 },
  { route: '/browse/{tab}', side: 'signedIn', patterns: [patterns.browse], match: '^/browse(/[^/]+)?/?$', modules: ['src/features/campaigns/BrowsePage.tsx'], budgetKiB: 224, targetKiB: 250 },
  { route: '/search', side: 'signedIn', patterns: [patterns.search], match: '^/search/?$', modules: ['src/features/campaigns/SearchPage.tsx'], budgetKiB: 227, targetKiB: 250 },
  { route: '/campaign/{id}', side: 'signedIn', patterns: [patterns.campaign], match: '^/campaign/[^/]+/?$', modules: ['src/features/campaigns/detail/CampaignPage.tsx'], budgetKiB: 226, targetKiB: 250 },
  { route: '/globalpostback', side: 'signedIn', patterns: [patterns.globalPostback], match: '^/globalpostback/?$', modules: ['src/features/postbacks/GlobalPostbackPage.tsx'], budgetKiB: 237, targetKiB: 250 },
  { route: '/reports/{type}', side: 'signedIn', patterns: [patterns.reports], match: '^/reports(/[^/]+)?/?$', modules: ['src/features/reports/ReportsPage.tsx'], budgetKiB: 234, targetKiB: 250 },
  { route: '/accountbalance', side: 'signedIn', patterns: [patterns.accountBalance], match: '^/accountbalance/?$', modules: ['src/features/balance/AccountBalancePage.tsx'], budgetKiB: 228, targetKiB: 250 },
  { route: '/settings', side: 'signedIn', patterns: [patterns.settings], match: '^/settings/?$', modules: ['src/features/settings/SettingsPage.tsx'], budgetKiB: 232, targetKiB: 250 },
  { route: '/maxmoney', side: 'signedIn', patterns: [patterns.maxmoney], match: '^/maxmoney/?$', modules: ['src/features/maxmoney/MaxMoneyPage.tsx'], budgetKiB: 225, targetKiB: 250 },
  { route: '/resources', side: 'signedIn', patterns: [patterns.resources], match: '^/resources/?$', modules: ['src/features/resources/ResourcesPage.tsx'], budgetKiB: 213, targetKiB: 250 },
  { route: '/refer', side: 'signedIn', patterns: [patterns.refer], match: '^/refer/?$', modules: ['src/features/refer/ReferPage.tsx'], budgetKiB: 217, targetKiB: 250 },
  { route: '/terms', side: 'signedIn', patterns: [patterns.terms], match: '^/terms/?$', modules: ['src/features/info/TermsPage.tsx'], budgetKiB: 211, targetKiB: 250 },
  { route: '/faq', side: 'signedIn', patterns: [patterns.faq], match: '^/faq/?$', modules: ['src/features/info/FaqPage.tsx'], budgetKiB: 211, targetKiB: 250 },
  { route: '/help/two-factor', side: 'signedIn', patterns: [patterns.twoFactorGuide], match: '^/help/two-factor/?$', modules: ['src/features/auth/TwoFactorGuide.tsx'], budgetKiB: 209, targetKiB: 250 },
  // The back office: its own tree, never in a portal route's download (the budget stage checks it).
  { route: '/ops/invite', side: 'ops', patterns: [patterns.opsInvite], match: '^/ops/invite/?$', modules: [], budgetKiB: 250, targetKiB: 250 },
  { route: '/ops', side: 'ops', patterns: [patterns.ops], match: '^/ops(/.*)?$', modules: [], budgetKiB: 250, targetKiB: 250 },
  // Areas, once opened from the console: measured with the console they open in.
  { route: '/ops/operators', side: 'ops', patterns: [], modules: ['src/ops/operators/OperatorsPage.tsx'], budgetKiB: 225 },
  { route: '/ops/audit', side: 'ops', patterns: [], modules: ['src/ops/audit/AuditPage.tsx'], budgetKiB: 262 },
  { route: '/ops/advertisers', side: 'ops', patterns: [], modules: ['src/ops/advertisers/AdvertisersPage.tsx'], budgetKiB: 240 },
  { route: '/ops/campaigns', side: 'ops', patterns: [], modules: ['src/ops/campaigns/CampaignsPage.tsx'], budgetKiB: 240 },
  { route: '/ops/queues', side: 'ops', patterns: [], modules: ['src/ops/queues/QueuesPage.tsx'], budgetKiB: 250 },
  { route: '/ops/affiliates', side: 'ops', patterns: [], modules: ['src/ops/affiliates/AffiliatesPage.tsx'], budgetKiB: 235 },
  { route: '/ops/managers', side: 'ops', patterns: [], modules: ['src/ops/managers/ManagersPage.tsx'], budgetKiB: 230 },
  { route: '/ops/material', side: 'ops', patterns: [], modules: ['src/ops/material/MaterialPage.tsx'], budgetKiB: 225 },
  { route: '/paycompletion (signed in)', side: 'signedIn', patterns: [patterns.payCompletion], match: '^/paycompletion/?$', modules: ['src/features/balance/PayCompletionPage.tsx'], budgetKiB: 209, targetKiB: 250 },
];

/** A row's modules with its side's table first: what the build measures and the boot script preloads. */
export const entryModules = (entry: RouteManifestEntry) => [SIDE_MODULE[entry.side], ...entry.modules];
