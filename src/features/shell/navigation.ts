import { paths } from '../../shared/paths';

/**
 * The left sidebar's links (spec 000 §2), in the spec's order. `page` is the name sent with the
 * usage-tracking event. The blog lives outside the portal; its address comes from configuration.
 */
export interface NavLink {
  id: string;
  label: string;
  href: string;
  page: string;
  external?: boolean;
  /** The section the link stays current in, when wider than `href` (Browse: every tab). */
  section?: string;
}

export function navLinks(blogUrl: string): NavLink[] {
  return [
    { id: 'dashboard', label: 'Dashboard', href: paths.dashboard, page: 'dashboard' },
    { id: 'reports', label: 'Reports', href: paths.reports(), page: 'reports' },
    { id: 'browse', label: 'Browse', href: paths.browse('new'), page: 'browse', section: paths.browse() },
    { id: 'search', label: 'Search', href: paths.search(), page: 'search' },
    { id: 'refer', label: 'Referral Program', href: paths.refer, page: 'refer' },
    { id: 'maxmoney', label: 'MaxMoney', href: paths.maxmoney, page: 'maxmoney' },
    { id: 'resources', label: 'Resources', href: paths.resources, page: 'resources' },
    { id: 'blog', label: 'Blog', href: blogUrl, page: 'blog', external: true },
    { id: 'faq', label: 'FAQ', href: paths.faq, page: 'faq' },
  ];
}

/** The account menu (spec 000 §2); paths as in spec 002's route list (the router ignores case). */
export const accountLinks = [
  { id: 'settings', label: 'Settings', href: paths.settings },
  { id: 'balances', label: 'Account Balances', href: paths.accountBalance },
  { id: 'postback', label: 'Global Postback', href: paths.globalPostback },
] as const;

/** True when `pathname` belongs to the link (Browse stays current on every tab). */
export function isCurrent(link: NavLink, pathname: string): boolean {
  if (link.external) return false;
  const base = (link.section ?? link.href).toLowerCase();
  const path = pathname.toLowerCase();
  return path === base || path.startsWith(`${base}/`);
}
