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
} as const;

export const sessionKeys = [storageKeys.authToken, storageKeys.affiliateId, storageKeys.tokenCopy] as const;
