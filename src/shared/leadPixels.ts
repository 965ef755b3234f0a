/**
 * Lead pixels (spec 002 §2 step 9: "Conversion tracking events for a lead are fired"; §5: the ad and
 * tracking pixels of the registration page are third-party services, not described). The operator
 * names image pixels in LEAD_PIXEL_URLS (server/config.ts) — an ad platform's conversion pixel, or a
 * campaign's own `/pixel?campaign_id=` on this network — and the thank-you step requests each once
 * (src/features/register/leadPixels.ts). The server writes them into index.html's meta element and
 * lets the page load images from their origins (its Content-Security-Policy).
 */

/** The meta element through which the server gives the portal the pixels, space-separated. */
export const LEAD_PIXELS_META = 'lead-pixels';
const LEAD_PIXELS_MAX = 5;
/** Replaced by a random number in each request, so no cache answers for the pixel. */
const CACHEBUSTER_MACRO = '{cachebuster}';

/**
 * The pixels of the setting (addresses separated by spaces or new lines), or the reason the setting
 * is refused: each an absolute http(s) address with a plain host, at most LEAD_PIXELS_MAX, nothing
 * that could leave an HTML attribute.
 */
export function parseLeadPixels(value: string): { pixels: string[] } | { error: string } {
  // Whitespace only: a comma may belong to a pixel's query.
  const pixels = value.split(/\s+/).filter(Boolean);
  if (pixels.length > LEAD_PIXELS_MAX) return { error: `at most ${LEAD_PIXELS_MAX} addresses, got ${pixels.length}` };
  for (const pixel of pixels) {
    if (/["'<>\\]/.test(pixel) || pixel.length > 2000) return { error: `"${pixel}" is not an address` };
    const url = urlOf(leadPixelAddress(pixel, '0'));
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { error: `"${pixel}" is not an absolute http(s) address` };
    // Its origin goes into the page's img-src: a plain host name or address, the same whatever the
    // cachebuster ('*' or ';' would widen or break the policy).
    if (!HOST.test(url.hostname) || urlOf(leadPixelAddress(pixel, '1'))?.origin !== url.origin) return { error: `"${pixel}" must name its host plainly` };
  }
  return { pixels };
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

/** A pixel's address to request: its {cachebuster} filled. */
export function leadPixelAddress(pixel: string, cachebuster: string): string {
  return pixel.split(CACHEBUSTER_MACRO).join(encodeURIComponent(cachebuster));
}

/** The origins the page must be allowed to load the pixels from. */
export function leadPixelOrigins(pixels: readonly string[]): string[] {
  return [...new Set(pixels.map((p) => urlOf(leadPixelAddress(p, '0'))?.origin).filter((o): o is string => Boolean(o)))];
}

function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
