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
}

export function navLinks(blogUrl: string): NavLink[] {
  return [
    { id: 'dashboard', label: 'Dashboard', href: '/dashboard', page: 'dashboard' },
    { id: 'reports', label: 'Reports', href: '/reports', page: 'reports' },
    { id: 'browse', label: 'Browse', href: '/browse/new', page: 'browse' },
    { id: 'search', label: 'Search', href: '/search', page: 'search' },
    { id: 'refer', label: 'Referral Program', href: '/refer', page: 'refer' },
    { id: 'maxmoney', label: 'MaxMoney', href: '/maxmoney', page: 'maxmoney' },
    { id: 'resources', label: 'Resources', href: '/resources', page: 'resources' },
    { id: 'blog', label: 'Blog', href: blogUrl, page: 'blog', external: true },
    { id: 'faq', label: 'FAQ', href: '/faq', page: 'faq' },
  ];
}

/** The account menu (spec 000 §2); paths as in spec 002's route list (the router ignores case). */
export const accountLinks = [
  { id: 'settings', label: 'Settings', href: '/settings' },
  { id: 'balances', label: 'Account Balances', href: '/accountbalance' },
  { id: 'postback', label: 'Global Postback', href: '/globalpostback' },
] as const;

/** True when `pathname` belongs to the link (Browse stays current on every tab). */
export function isCurrent(link: NavLink, pathname: string): boolean {
  if (link.external) return false;
  const base = link.id === 'browse' ? '/browse' : link.href;
  return pathname.toLowerCase() === base.toLowerCase() || pathname.toLowerCase().startsWith(`${base.toLowerCase()}/`);
}
