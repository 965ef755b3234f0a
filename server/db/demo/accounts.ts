/** The demo network's accounts: the sign-in demo affiliates, their password and the network's seed. */

export const DEMO_PASSWORD = 'Demo-2026!';
/** RFC 6238's test secret ("12345678901234567890" in base32): any TOTP tool computes its codes. */
export const DEMO_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
export const DEMO_SEED = 20261122;

/** The sign-in-able demo affiliates (docs/server.md), one per path of spec 002 section 4. */
export const DEMO_ACCOUNTS = {
  demo: 'demo@example.com',
  twoFactor: 'twofactor@example.com',
  unverified: 'unverified@example.com',
  optional2fa: 'optional2fa@example.com',
  forced2fa: 'forced2fa@example.com',
  pending: 'pending@example.com',
  // Dashboard modals and performance bonus states (docs/dashboard.md): each shows one.
  survey: 'survey@example.com',
  noPayment: 'nopayment@example.com',
  badMail: 'badmail@example.com',
  noMobile: 'nomobile@example.com',
  docs: 'docs@example.com',
  telegram: 'telegram@example.com',
  bonus: 'bonus@example.com',
  bonusUnlocked: 'unlocked@example.com',
  bonusEnded: 'promoended@example.com',
  newbie: 'newbie@example.com',
} as const;

/** Ids of the dashboard demo affiliates (after the six sign-in demo accounts, before the fillers). */
export const DASHBOARD_DEMO_IDS = {
  survey: 100007, noPayment: 100008, badMail: 100009, noMobile: 100010, docs: 100011, telegram: 100012,
  bonus: 100013, bonusUnlocked: 100014, bonusEnded: 100015, newbie: 100016,
} as const;

/**
 * Dashboard demo affiliates with earnings: days since registration, whether opted in to the
 * performance bonus (flag 185), and the earnings of their first 3 months (spec 000 sections 4, 9).
 */
export const BONUS_DEMOS: Array<{ key: 'bonus' | 'bonusUnlocked' | 'bonusEnded' | 'newbie'; registeredDaysAgo: number; optedIn: boolean; earnings: number }> = [
  { key: 'bonus', registeredDaysAgo: 40, optedIn: true, earnings: 3_250 },
  { key: 'bonusUnlocked', registeredDaysAgo: 100, optedIn: true, earnings: 6_400 },
  { key: 'bonusEnded', registeredDaysAgo: 105, optedIn: true, earnings: 1_800 },
  { key: 'newbie', registeredDaysAgo: 20, optedIn: false, earnings: 240 },
];

/** The sign-in demo accounts' keys, in the order their password hashes are made. */
export const DEMO_ACCOUNT_KEYS = Object.keys(DEMO_ACCOUNTS) as Array<keyof typeof DEMO_ACCOUNTS>;
