import { encodeForUrl, fillMacros, stripMacros, type MacroValues } from './macros';
import type { LandingPage, ResolvedLink } from './resolvedLink';

/** Picks the landing page: the link's, else the campaign's default, else its first active one. */
export function pickLandingPage(link: ResolvedLink): LandingPage | null {
  const pages = link.landing_pages;
  return pages.find((p) => p.id === link.landing_page_id) ?? pages.find((p) => p.is_default) ?? pages[0] ?? null;
}

/**
 * Fills the landing page's macros (adding click_id when the page has no {click_id}); refuses a result whose origin differs from the page's own
 * (a sub ID can never move the redirect to another host: no open redirect).
 */
export function landingUrl(template: string, values: MacroValues): string | null {
  const own = templateOf(template);
  if (!own) return null;
  try {
    const filled = new URL(fillMacros(template, values, encodeForUrl));
    if (filled.protocol !== 'http:' && filled.protocol !== 'https:') return null;
    if (filled.origin !== own.origin || filled.username || filled.password) return null;
    // The advertiser needs the click id for its postback: a page that does not place it with
    // {click_id} gets it as a click_id query parameter.
    if (values.click_id !== undefined && !own.placesClickId) filled.searchParams.set('click_id', String(values.click_id));
    return filled.toString();
  } catch {
    return null;
  }
}

/** What a landing page template's own URL is (its origin, whether it places {click_id}), parsed once per template. */
const templates = new Map<string, { origin: string; placesClickId: boolean } | null>();
function templateOf(template: string) {
  let own = templates.get(template);
  if (own === undefined) {
    try {
      own = { origin: new URL(stripMacros(template)).origin, placesClickId: /\{click_id\}/i.test(template) };
    } catch {
      own = null;
    }
    if (templates.size >= 10_000) templates.clear();
    templates.set(template, own);
  }
  return own;
}
