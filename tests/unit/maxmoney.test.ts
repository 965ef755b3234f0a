import { describe, expect, it } from 'vitest';
import { bestTierMet, bybTiers, canRegister, leftThisWeek, redeemAmountOf, rewardPercent, withNewRedeem } from '../../src/features/maxmoney/maxmoneyView';
import type { Promo, Transaction } from '../../src/api/contract/rewards';

describe('redeemAmountOf (spec 001 §5: free text converted to a number)', () => {
  it.each([
    ['40', 40],
    [' 100.5 ', 100.5],
    ['1,250.50', 1250.5],
    ['.5', 0.5],
    ['7.', 7],
    ['-3', -3],
    ['0', 0],
    ['1.234', 1.234],
  ])('%j reads %d (bounds are the server’s)', (text, n) => {
    expect(redeemAmountOf(text)).toBe(n);
  });
  it.each(['', '   ', 'ten', '1e3', '12abc', '$40', '1.2.3', '-', '.'])('%j is no number', (text) => {
    expect(redeemAmountOf(text)).toBeNull();
  });
});

describe('leftThisWeek', () => {
  it('is the limit less what was redeemed, in cents, never below zero', () => {
    expect(leftThisWeek(500, 40)).toBe(460);
    expect(leftThisWeek(500, 100.1)).toBe(399.9);
    expect(leftThisWeek(0.3, 0.1)).toBe(0.2);
    expect(leftThisWeek(500, 650)).toBe(0);
  });
});

describe('rewardPercent (spec 001 §4: reward × 100)', () => {
  it('writes the fraction as a percentage', () => {
    expect(rewardPercent(0.05)).toBe('5%');
    expect(rewardPercent(0.125)).toBe('12.5%');
    expect(rewardPercent(0.07)).toBe('7%');
    expect(rewardPercent(1)).toBe('100%');
  });
});

describe('bybTiers (target = best_period.earnings + reward_threshold)', () => {
  const byb = (current: number) => ({
    rewards: [
      { reward_threshold: 2500, reward_pct: 0.05 },
      { reward_threshold: 1000, reward_pct: 0.03 },
    ],
    best_period: { start_date: '2026-08-03', end_date: '2026-08-16', earnings: 1800.1 },
    current_earnings: current,
  });
  it('sorts the tiers and gives each its target and gap', () => {
    expect(bybTiers(byb(2310))).toEqual([
      { threshold: 1000, percent: '3%', target: 2800.1, gap: 490.1, met: false },
      { threshold: 2500, percent: '5%', target: 4300.1, gap: 1990.1, met: false },
    ]);
    expect(bestTierMet(bybTiers(byb(2310)))).toBeNull();
  });
  it('meets a tier exactly at its target and names the highest met', () => {
    const tiers = bybTiers(byb(2800.1));
    expect(tiers[0]).toMatchObject({ met: true, gap: 0 });
    expect(bestTierMet(tiers)?.percent).toBe('3%');
    expect(bestTierMet(bybTiers(byb(5000)))?.percent).toBe('5%');
  });
});

describe('canRegister (spec 001 §4: hidden for past promos)', () => {
  const p = (registered: boolean) => ({ registered }) as Promo;
  it('offers registration for ongoing and future promos not registered yet', () => {
    expect(canRegister('ongoing', p(false))).toBe(true);
    expect(canRegister('future', p(false))).toBe(true);
    expect(canRegister('past', p(false))).toBe(false);
    expect(canRegister('ongoing', p(true))).toBe(false);
  });
});

describe('withNewRedeem (a redeem adds its entry at the top)', () => {
  const t = (entry_id: number): Transaction => ({ entry_id, entry_date: '2026-11-24T00:00:00Z', entry_type: 'Earned', amount: 1, notes: '' });
  it('puts the new entry first, once', () => {
    const entry = { ...t(9), entry_type: 'Redeem' as const, amount: -40 };
    expect(withNewRedeem([t(2), t(1)], entry).map((e) => e.entry_id)).toEqual([9, 2, 1]);
    expect(withNewRedeem([entry, t(2)], entry).map((e) => e.entry_id)).toEqual([9, 2]);
  });
});
