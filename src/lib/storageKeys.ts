/** Client storage keys named by the spec (002 §3); the three session keys are removed on logout. */
export const storageKeys = {
  authToken: 'mb-auth-token',
  affiliateId: 'mb-aid',
  tokenCopy: 'mb-t',
  ld: 'mb-ld',
  oid: 'mb-oid',
  referrer: 'mb-ref',
  marketing: 'mb-mktg',
  blog: 'mb-blg',
  /** Not the spec's: the highest news id this device has seen (the bell's unread count). */
  newsSeen: 'mb-news-seen',
  /** Not the spec's: the theme chosen on this device ('light' or 'dark'; none means System). public/theme-boot.js reads it too. */
  theme: 'mb-theme',
  /** Not the spec's, in sessionStorage: a message for the sign-in screen after a reload (a failed token check). */
  signInNotice: 'mb-signin-notice',
} as const;

export const sessionKeys = [storageKeys.authToken, storageKeys.affiliateId, storageKeys.tokenCopy] as const;
