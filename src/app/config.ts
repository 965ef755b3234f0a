/** Global configuration baked in at build time (spec 002 §2: the footer shows a site id). */
export const appConfig = {
  productName: import.meta.env.VITE_PRODUCT_NAME ?? 'Publisher Portal',
  siteId: import.meta.env.VITE_SITE_ID ?? '1',
  /** The sidebar's external blog link (spec 000 §2). */
  blogUrl: (import.meta.env.VITE_BLOG_URL as string | undefined) ?? 'https://blog.example.com/',
} as const;
