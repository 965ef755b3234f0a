import { paths } from './paths';

/**
 * The safe-link rule: which hrefs may appear in news and notification HTML (spec 000 §3), on a
 * slide's button (spec 000 §2: "not shown", our decision in docs/portal-shell.md), and what the
 * server answers as a slide url. One rule for the three, so the server never answers a link the
 * portal would drop, and the portal never follows one the server would refuse.
 *
 * A link is kept when it is
 * - 'path': a path of the portal ('/x', not '//host'), kept only when, resolved against the
 *   portal's origin, it stays there; an absolute http(s) address on the portal's origin counts as
 *   its path;
 * - 'web': an explicit http(s) address elsewhere, opened in a new tab;
 * - 'mailto': an explicit mailto address, opened in a new tab.
 * Backslashes and control characters are refused outright: browsers drop or rewrite them, so
 * `/\evil.com` or `/<TAB>/evil.com` would leave the portal. Anything else (`javascript:`, `data:`,
 * `//host`, a relative 'x/y') is no link. White space around the href is trimmed, as browsers do.
 */
export type LinkKind = 'path' | 'web' | 'mailto';
export type SafeLink = { href: string; external: boolean };

/** News and notification HTML: portal paths, http(s) and mailto addresses. */
export const NEWS_LINKS: readonly LinkKind[] = ['path', 'web', 'mailto'];
/** A slide's button: portal paths only (docs/dashboard.md: the slide url is a portal path). */
export const SLIDE_LINKS: readonly LinkKind[] = ['path'];

/** The origin a path is resolved against where there is no page (the server): any will do. */
const NO_PAGE_ORIGIN = 'http://portal.invalid';

export function safeLink(
  href: string | null | undefined,
  origin: string = globalThis.location?.origin ?? NO_PAGE_ORIGIN,
  allow: readonly LinkKind[] = NEWS_LINKS,
): SafeLink | null {
  if (!href) return null;
  const v = href.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (!v || /[\\\u0000-\u001F\u007F]/.test(v)) return null;
  let url: URL;
  let home: string;
  try {
    home = new URL(origin).origin;
    url = new URL(v, home);
  } catch {
    return null;
  }
  const asPath = { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  if (/^(https?|mailto):/i.test(v)) {
    if (url.protocol === 'mailto:') return allow.includes('mailto') ? { href: url.href, external: true } : null;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin === home) return allow.includes('path') ? asPath : null;
    return allow.includes('web') ? { href: url.href, external: true } : null;
  }
  if (v.startsWith('/') && !v.startsWith('//') && url.origin === home) return allow.includes('path') ? asPath : null;
  return null;
}

/**
 * Where a slide's button goes: its url when the rule keeps it as a portal path, else the slide's
 * campaign page. The server answers this as the slide's url; the portal follows it.
 */
export function slideLink(url: string | null | undefined, campaignId: number, origin?: string): SafeLink {
  return safeLink(url, origin, SLIDE_LINKS) ?? { href: paths.campaign(campaignId), external: false };
}
