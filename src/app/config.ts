import { readProductName, SITE_ID } from '../lib/page';

/** Global configuration (spec 002 §2: the footer shows a site id); the product name is the server's. */
export const appConfig = {
  productName: readProductName(),
  siteId: SITE_ID,
  /** The sidebar's external blog link (spec 000 §2). */
  blogUrl: (import.meta.env.VITE_BLOG_URL as string | undefined) ?? 'https://blog.example.com/',
} as const;
