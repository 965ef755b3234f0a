import type { BybRewards, Promo, PromoType, Transaction } from '../../api/contract/rewards';
import { formatPercentNumber } from '../../shared/format';

/**
 * The pure reckoning of the MaxMoney page (spec 001 §2.2, §4 Rewards, §5, §9): what the redeem field
 * sends, what is left of the weekly limit, the beat-your-best tiers. No React, no formatting of
 * money: unit-tested in tests/unit/maxmoney.test.ts.
 */

/** The balance card's button and the title of the modal it opens (spec 001 §2.2). */
export const REDEEM_FOR_CASH = 'Redeem for cash';

const cents = (n: number) => Math.round(n * 100);

/**
 * The redeem field's text as a number (spec 001 §5: "free text converted to a number"; no bound is
 * checked here, the server refuses what it does not accept with its own message). Spaces and
 * thousands commas are dropped ('1,250.50' reads 1250.5); null when the text is no number at all.
 */
export function redeemAmountOf(text: string): number | null {
  const plain = text.replace(/[\s,]/g, '');
  if (plain === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain)) return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/** Points still redeemable this week under the weekly limit (never below zero), in whole cents. */
export function leftThisWeek(redeemLimit: number, redeemedThisWeek: number): number {
  return Math.max(0, cents(redeemLimit) - cents(redeemedThisWeek)) / 100;
}

/** A fixed reward (a fraction) as the percentage the page shows: 0.05 -> '5%' (spec 001 §4: reward × 100). */
export function rewardPercent(fraction: number): string {
  return `${formatPercentNumber(fraction * 100)}%`;
}

/** One beat-your-best tier as the page reads it. */
export interface BybTier {
  /** Earnings above the best period's needed for this tier (US dollars). */
  threshold: number;
  /** The tier's reward as a percentage text, '5%'. */
  percent: string;
  /** The earnings that meet the tier: the best period's plus the threshold. */
  target: number;
  /** What is still missing to the target (0 once met). */
  gap: number;
  met: boolean;
}

/**
 * The tiers of a beat-your-best promo, lowest threshold first (contract: a tier is met when
 * `current_earnings` reach `best_period.earnings + reward_threshold`).
 */
export function bybTiers(byb: BybRewards): BybTier[] {
  const best = cents(byb.best_period.earnings);
  const current = cents(byb.current_earnings);
  return [...byb.rewards]
    .sort((a, b) => a.reward_threshold - b.reward_threshold)
    .map((r) => {
      const target = best + cents(r.reward_threshold);
      return {
        threshold: r.reward_threshold,
        percent: rewardPercent(r.reward_pct),
        target: target / 100,
        gap: Math.max(0, target - current) / 100,
        met: current >= target,
      };
    });
}

/** The highest tier met, or null. */
export function bestTierMet(tiers: readonly BybTier[]): BybTier | null {
  return tiers.filter((t) => t.met).at(-1) ?? null;
}

/** What the page calls each promo type (spec 001 §3 names them in code; these are the words shown). */
export const PROMO_TYPE_LABELS: Record<PromoType, string> = {
  NEVER_RUN: 'New campaigns',
  OFFER_SPECIFIC: 'Offer specific',
  BEAT_YOUR_BEST: 'Beat your best',
};

export type PromoTiming = 'ongoing' | 'future' | 'past';

/** A promo registration is offered for ongoing and future promos only (spec 001 §4: hidden for past ones). */
export const canRegister = (timing: PromoTiming, promo: Promo) => timing !== 'past' && !promo.registered;

/**
 * The history after a redeem, before the server's fresh answer arrives (spec 001 §4: "a successful
 * redeem adds a Redeem entry at the top"): the new pending entry first, unless it is already there.
 */
export function withNewRedeem(transactions: readonly Transaction[], entry: Transaction): Transaction[] {
  if (transactions.some((t) => t.entry_id === entry.entry_id)) return [...transactions];
  return [entry, ...transactions];
}
