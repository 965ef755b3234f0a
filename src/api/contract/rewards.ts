import { z } from 'zod';
import { maxmoneyProgram } from '../../shared/programTerms';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * MaxMoney points, partner resources and the referral program (spec 001 §2.2-2.4, §3, §4, §5, §7,
 * §9). One point is one US dollar; amounts are numbers with at most two decimals.
 */

export const PROMO_TYPES = ['NEVER_RUN', 'OFFER_SPECIFIC', 'BEAT_YOUR_BEST'] as const;
export const PromoType = z.enum(PROMO_TYPES);
export type PromoType = z.infer<typeof PromoType>;

/** Entry types of the points history. Redeem is a pending redemption (cancellable); Redeemed is paid out. */
export const TRANSACTION_TYPES = ['Earned', 'Promo', 'Redeem', 'Redeemed', 'Adjustment'] as const;

export const PromoCampaign = z.object({ campaign_id: z.number().int(), name: z.string() });
export type PromoCampaign = z.infer<typeof PromoCampaign>;

/** One tier of a beat-your-best promo: earnings above the best period's (in US dollars) and the share of the promo's earnings paid in points when met. */
export const BybReward = z.object({ reward_threshold: z.number(), reward_pct: z.number() });
export type BybReward = z.infer<typeof BybReward>;

/**
 * The beat-your-best figures of one affiliate (spec 001 §3 `byb_rewards`). `best_period` is our reading
 * (the spec leaves its shape open): the affiliate's best span of the promo's length among the 12 spans
 * before the promo, with its earnings; a tier is met when `current_earnings` reach `best_period.earnings
 * + reward_threshold`.
 */
export const BybRewards = z.object({
  rewards: z.array(BybReward),
  best_period: z.object({ start_date: z.string(), end_date: z.string(), earnings: z.number() }),
  current_earnings: z.number(),
});
export type BybRewards = z.infer<typeof BybRewards>;

/**
 * A promo as the affiliate sees it. Dates are days (YYYY-MM-DD, the network's time zone), both ends
 * included. `reward` is a fraction (0.05 = 5%). `top_earnings` are the affiliate's earnings that count
 * for this promo so far, `total_points` the points they are worth (credited when the promo ends).
 * `top_earnings_threshold` (its use is "not shown" in the spec; our reading): the qualifying earnings
 * below which a fixed-reward promo pays nothing; 0 means no minimum.
 */
export const Promo = z.object({
  promo_id: z.number().int(),
  promo_type: PromoType,
  promo_name: z.string(),
  campaigns: z.array(PromoCampaign),
  start_date: z.string(),
  end_date: z.string(),
  reward: z.number(),
  registered: z.boolean(),
  top_earnings: z.number(),
  top_earnings_threshold: z.number(),
  total_points: z.number(),
  byb_rewards: BybRewards.optional(),
});
export type Promo = z.infer<typeof Promo>;

export const Transaction = z.object({
  entry_id: z.number().int(),
  /** ISO 8601 instant. */
  entry_date: z.string(),
  entry_type: z.enum(TRANSACTION_TYPES),
  /** Positive when points came in, negative when they went out (redemptions). */
  amount: z.number(),
  notes: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

export const RewardsResponse = successEnvelope({
  /** The weekly redeem limit in points (server configuration, MAXMONEY_REDEEM_LIMIT). */
  redeem_limit: z.number(),
  /** Points already redeemed in the current redeem week (Tuesday 00:00 to Monday 23:59, Eastern), pending or paid. */
  redeemed_this_week: z.number(),
  /** The points balance (the same number as the affiliate record's maxmoney_balance). */
  balance: z.number(),
  /** Whether the affiliate may redeem (good standing, docs/rewards.md), and why not when they may not. */
  can_redeem: z.boolean(),
  redeem_blocked_reason: z.string().optional(),
  ongoing_promos: z.array(Promo),
  future_promos: z.array(Promo),
  past_promos: z.array(Promo),
  /** Newest first. */
  transactions: z.array(Transaction),
});
export type RewardsResponse = z.infer<typeof RewardsResponse>;

export const rewardMessages = {
  amount: 'Please enter the number of points to redeem.',
  positive: 'The amount to redeem must be greater than zero.',
  decimals: 'The amount to redeem can have at most two decimals.',
} as const;

const hasTwoDecimalsAtMost = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const RedeemRequest = z.object({
  amount: z
    .number({ message: rewardMessages.amount })
    .finite(rewardMessages.amount)
    .positive(rewardMessages.positive)
    .max(maxmoneyProgram.pointCap * 100, rewardMessages.amount)
    .refine(hasTwoDecimalsAtMost, rewardMessages.decimals),
});
export type RedeemRequest = z.infer<typeof RedeemRequest>;

export const RedeemResponse = successEnvelope({ message: z.string(), entry_id: z.number().int(), balance: z.number() });
export type RedeemResponse = z.infer<typeof RedeemResponse>;

export const CancelRequest = z.object({ entry_id: z.number({ message: 'entry_id: must be a whole number' }).int().positive() });
export const CancelResponse = successEnvelope({ message: z.string(), balance: z.number() });
export type CancelResponse = z.infer<typeof CancelResponse>;

export const RegisterPromoRequest = z.object({
  promo_id: z.number({ message: 'promo_id: must be a whole number' }).int().positive(),
  promo_type: PromoType,
});
export const RegisterPromoResponse = successEnvelope({ message: z.string() });

export const Resource = z.object({
  resource_category_id: z.number().int(),
  category_name: z.string(),
  key_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The image's name under the CDN's /images/resources/ path. */
  image_name: z.string(),
  URL: z.string(),
  promo_code: z.string(),
  promo_description: z.string(),
});
export type Resource = z.infer<typeof Resource>;

/** Every resource, ordered by category then name; the portal groups them by category. The same list for every visitor. */
export const ResourcesResponse = successEnvelope({ resources: z.array(Resource) });
export type ResourcesResponse = z.infer<typeof ResourcesResponse>;

/** `referral_count`: the affiliate's referred publishers who were approved. */
export const ReferrerResponse = successEnvelope({ referral_count: z.number().int() });
export type ReferrerResponse = z.infer<typeof ReferrerResponse>;

/** The referral page's promotional art (spec 001 §2.4, §9): the network's logos and its banners in the four sizes. */
export const REFERRAL_BANNER_SIZES = ['160x600', '300x250', '300x600', '728x90'] as const;
export const REFERRAL_LOGOS = ['logo-light', 'logo-dark'] as const;
/** The logos' size in pixels (the banners' sizes are their names). */
export const REFERRAL_LOGO_SIZE = { width: 280, height: 64 } as const;
export const REFERRAL_ART = [...REFERRAL_BANNER_SIZES, ...REFERRAL_LOGOS] as const;
export type ReferralArt = (typeof REFERRAL_ART)[number];

const tags = ['rewards'];

export const rewardEndpoints = {
  maxmoney: endpoint({
    method: 'GET',
    path: '/maxmoney',
    access: 'session',
    tags,
    summary: "The signed-in affiliate's points: balance, weekly redeem limit, ongoing, future and past promos with their standing in each, and the history",
    response: RewardsResponse,
  }),
  registerPromo: endpoint({
    method: 'POST',
    path: '/maxmoney/register',
    access: 'session',
    tags,
    summary: 'Register for an ongoing or future promo (refused above the 10,000-point cap until the affiliate redeems)',
    body: RegisterPromoRequest,
    response: RegisterPromoResponse,
    errors: [404, 409],
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/maxmoney/redeem',
    access: 'session',
    tags,
    summary: 'Redeem points for cash: a pending Redeem entry within the weekly limit and the balance (never below zero, even under concurrent calls)',
    body: RedeemRequest,
    response: RedeemResponse,
    errors: [403, 409],
  }),
  cancelRedeem: endpoint({
    method: 'POST',
    path: '/maxmoney/cancel',
    access: 'session',
    tags,
    summary: 'Cancel a pending Redeem entry: it is removed and its points return to the balance',
    body: CancelRequest,
    response: CancelResponse,
    errors: [404, 409],
  }),
  resources: endpoint({
    method: 'GET',
    path: '/resources',
    access: 'public',
    tags,
    summary: 'Partner resources (tools and offers) with their promo codes, grouped by category; sent without the token header',
    response: ResourcesResponse,
  }),
  referralArt: endpoint({
    method: 'GET',
    path: '/images/referral/:file',
    access: 'public',
    tags,
    summary: "The referral program's banners (160x600, 300x250, 300x600, 728x90) and logos as SVG files in their real sizes, for affiliates to embed: '728x90.svg', 'logo-light.svg'",
    params: z.object({
      file: z
        .string()
        .regex(/^[a-z0-9-]{1,20}\.svg$/, 'The image must be named like 728x90.svg.')
        .transform((f) => f.slice(0, -4))
        .pipe(z.enum(REFERRAL_ART, { message: 'There is no such referral image.' })),
    }),
    response: { raw: 'image/svg+xml' } as const,
    errors: [404],
  }),
  referrer: endpoint({
    method: 'GET',
    path: '/referrer',
    access: 'session',
    tags,
    summary: "The number of the signed-in affiliate's referred publishers who were approved",
    response: ReferrerResponse,
  }),
};
