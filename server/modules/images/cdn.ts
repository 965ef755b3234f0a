/**
 * Addresses of the campaign page's images on a CDN-style path keyed by merchant (advertiser), offer
 * (campaign) and creative or landing page id (spec 000 section 7: "a creative image path on a CDN
 * keyed by merchant, offer and creative id"):
 *
 *   {base}/creatives/{merchant}/{offer}/{creative}.svg
 *   {base}/landing-pages/{merchant}/{offer}/{landingPage}.svg        (thumbnail, 320x400)
 *   {base}/landing-pages/{merchant}/{offer}/{landingPage}-full.svg   (full preview, 1024x1280)
 *
 * The product serves them itself under /cdn (modules/images/cdnRoutes.ts) with year-long cache
 * headers; config CREATIVE_BASE_URL puts a real CDN in front (or in place) of it. Files uploaded by
 * operators (a banner, a landing page screenshot: docs/ops-files.md) are served beside them, by
 * their file store key, and win over the drawn picture:
 *
 *   {base}/files/{key}
 */
export const DEFAULT_CREATIVE_BASE = '/cdn';

export interface CdnUrls {
  creative(merchant: number, offer: number, creative: number): string;
  landingPage(merchant: number, offer: number, landingPage: number, size: 'thumb' | 'full'): string;
  /** An uploaded file (server/modules/opsMaterial/files.ts). */
  file(key: string): string;
}

export function cdnUrls(base: string = DEFAULT_CREATIVE_BASE): CdnUrls {
  const root = base.replace(/\/+$/, '');
  return {
    creative: (merchant, offer, creative) => `${root}/creatives/${merchant}/${offer}/${creative}.svg`,
    landingPage: (merchant, offer, landingPage, size) =>
      `${root}/landing-pages/${merchant}/${offer}/${landingPage}${size === 'full' ? '-full' : ''}.svg`,
    file: (key) => `${root}/files/${key}`,
  };
}

/** The origin of an absolute base URL (for the portal's image CSP), or null for a path on the product. */
export function cdnOrigin(base: string): string | null {
  if (!/^https?:\/\//i.test(base)) return null;
  try {
    return new URL(base).origin;
  } catch {
    return null;
  }
}
