import { DEFAULT_PRODUCT_NAME, PRODUCT_NAME_META } from '../shared/product';

/** The product name the server wrote into index.html (its PRODUCT_NAME setting), else the default. */
function productName(): string {
  const meta = globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${PRODUCT_NAME_META}"]`);
  return meta?.content.trim() || DEFAULT_PRODUCT_NAME;
}

/** Global configuration (spec 002 §2: the footer shows a site id); the product name is the server's. */
export const appConfig = {
  productName: productName(),
  siteId: import.meta.env.VITE_SITE_ID ?? '1',
  /** The sidebar's external blog link (spec 000 §2). */
  blogUrl: (import.meta.env.VITE_BLOG_URL as string | undefined) ?? 'https://blog.example.com/',
} as const;
