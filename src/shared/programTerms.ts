import { EASTERN_TIME_ZONE } from './timeZone';

/**
 * The network's program terms, written once: the referral page, the FAQ, the demo news and the
 * referral income all read them from here.
 *
 * Two readings in the spec: the FAQ facts (spec 002 §1, §9) say the referral bounty is 5% for 12
 * months; the referral program constants (spec 001 §9) say the referrer earns 10% of the referred
 * affiliate's earnings for 6 months after approval, with a 10% first-payment bonus for the referred
 * affiliate and $100 for 10 approved referrals. The referral program's own, fuller statement is the
 * one the product implements; the FAQ, when written, shows these same numbers.
 */
export const referralProgram = {
  /** The referrer's share of a referred affiliate's earnings, in percent. */
  sharePercent: 10,
  /** For how many months after the referred affiliate's approval. */
  months: 6,
  /** The referred affiliate's bonus on their first payment, in percent. */
  firstPaymentBonusPercent: 10,
  /** The extra bonus for `bonusReferrals` approved referrals, in US dollars. */
  bonusDollars: 100,
  bonusReferrals: 10,
  /** When the referrals bonus reaches the account once earned (spec 001 §9). */
  bonusAppliedWithin: 'two weeks',
} as const;

/**
 * The MaxMoney points program (spec 001 §5, §9): one point is one US dollar; at most 10,000 points
 * are held (above that the affiliate must redeem before registering for further promos); points
 * redeemed before Monday 11:59 pm (Eastern) are added to the account balance on Sunday and paid the
 * following Wednesday. The weekly redeem limit is the server's (MAXMONEY_REDEEM_LIMIT; the answer's
 * redeem_limit), not a constant.
 */
export const maxmoneyProgram = {
  dollarsPerPoint: 1,
  pointCap: 10_000,
  redeemCutoff: 'Monday 11:59 pm Eastern',
  /** For how many days after a promo ends its credit follows reversals and late approvals. */
  revisionDays: 30,
  paidOn: 'the following Wednesday',
  /** Promos run every two weeks, plus flash promos of a few days. */
  promoRhythm: 'every two weeks, plus flash promos of a few days',
} as const;

/** 'The referral program pays 10% of your referrals' earnings for 6 months.' */
export function referralTermsSentence(terms: typeof referralProgram = referralProgram): string {
  return `The referral program pays ${terms.sharePercent}% of your referrals\u2019 earnings for ${terms.months} months.`;
}

/**
 * Affiliate managers' hours (spec 002 §1, §9): 9:00 to 16:00 Eastern (America/New_York, the same
 * reading as the payment blackout: src/shared/payBlackout.ts), Monday to Friday. The verify page,
 * the manager card, the FAQ and the terms show them from here.
 */
export const managerHours = {
  timeZone: EASTERN_TIME_ZONE,
  opensHour: 9,
  closesHour: 16,
  /** ISO weekdays: 1 Monday ... 5 Friday. */
  days: [1, 2, 3, 4, 5] as readonly number[],
  text: '9:00 AM to 4:00 PM Eastern, Monday to Friday',
} as const;

/**
 * The facts the FAQ and the terms state (spec 002 §1), once. The referral numbers are the referral
 * program's (see the note at the top: spec 002's "5% for 12 months" is the other reading).
 */
export const networkFacts = {
  affiliateCount: '25,000',
  minimumPayout: 100,
  firstPayment: 'monthly, net 15',
  /** The first payment comes this many days after its month ends (the ledger's payoutsDue). */
  firstPaymentNetDays: 15,
  laterPayments: 'weekly, once your first electronic payment has been made',
  paymentPlatforms: ['Payoneer', 'Tipalti'] as readonly string[],
  inactiveAfterMonths: 6,
  terminableAfterMonths: 9,
  termsEffective: '5/23/18',
  governingLaw: 'the Province of Ontario',
  statisticsDelayMinutes: 5,
} as const;
