import type { HttpHandler } from 'msw';
import { rewardEndpoints, type Promo, type RewardsResponse, type Transaction } from '../../src/api/contract/rewards';
import { formatPoints } from '../../src/shared/format';
import { failureResponse, mock, mocksOf, pendingResponse, perRender, type MockOptions } from './http';

/**
 * MSW handlers and fixtures of the MaxMoney page, typed by the contract. `maxmoneyHandlers.live`
 * keeps one affiliate's points between calls (a redeem lowers the balance and adds a pending entry, a
 * cancel takes it back, a registration marks the promo), so a story sees what the real server would
 * answer on the refetch that follows each call. Dates are fixed (the week of 2026-11-23).
 */
const E = rewardEndpoints;

const campaign = (campaign_id: number, name: string) => ({ campaign_id, name });

/** The fixed-reward promo of the given type; the rest by `over`. */
export function promo(over: Partial<Promo> & Pick<Promo, 'promo_id' | 'promo_name'>): Promo {
  return {
    promo_type: 'OFFER_SPECIFIC',
    campaigns: [],
    start_date: '2026-11-16',
    end_date: '2026-11-29',
    reward: 0.05,
    registered: false,
    top_earnings: 0,
    top_earnings_threshold: 0,
    total_points: 0,
    ...over,
  };
}

const byb = (current: number, best = 1800) => ({
  rewards: [
    { reward_threshold: 1000, reward_pct: 0.03 },
    { reward_threshold: 2500, reward_pct: 0.05 },
    { reward_threshold: 5000, reward_pct: 0.08 },
  ],
  best_period: { start_date: '2026-08-03', end_date: '2026-08-16', earnings: best },
  current_earnings: current,
});

/**
 * Ongoing: an offer-specific promo with a minimum (not registered), a new-campaigns one (registered),
 * beat your best with its first tier met (the congratulations so far) and the next two to go.
 */
export const ongoingPromos: Promo[] = [
  promo({
    promo_id: 3,
    promo_name: 'Flash Promo: Gaming Weekend',
    start_date: '2026-11-23',
    end_date: '2026-11-28',
    reward: 0.08,
    top_earnings_threshold: 250,
    top_earnings: 130.4,
    campaigns: [campaign(1205, 'CasinoRoyale Welcome'), campaign(1206, 'TravelNest Hotel Deals')],
  }),
  promo({ promo_id: 6, promo_type: 'NEVER_RUN', promo_name: 'New Verticals Sprint', reward: 0.1, registered: true, top_earnings: 412.5, total_points: 41.25 }),
  promo({ promo_id: 4, promo_type: 'BEAT_YOUR_BEST', promo_name: 'Beat Your Best', reward: 0, registered: true, top_earnings: 3105.5, total_points: 93.17, byb_rewards: byb(3105.5) }),
];

/**
 * Future, by start date as the server sends them: a new-campaigns promo, beat your best (the earnings
 * each tier needs), an offer-specific flash promo with its campaign and minimum (not registered).
 */
export const futurePromos: Promo[] = [
  promo({ promo_id: 5, promo_type: 'NEVER_RUN', promo_name: 'New Verticals Bonus', start_date: '2026-12-05', end_date: '2026-12-19', reward: 0.1 }),
  promo({ promo_id: 7, promo_type: 'BEAT_YOUR_BEST', promo_name: 'Holiday Best', start_date: '2026-12-07', end_date: '2026-12-20', reward: 0, registered: true, byb_rewards: byb(0, 2200) }),
  promo({
    promo_id: 9,
    promo_name: 'Flash Promo: Holiday Travel',
    start_date: '2026-12-11',
    end_date: '2026-12-13',
    reward: 0.06,
    top_earnings_threshold: 200,
    campaigns: [campaign(1206, 'TravelNest Hotel Deals')],
  }),
];

/** Past: an offer-specific promo that paid, beat your best with the second tier met, one not registered. */
export const pastPromos: Promo[] = [
  promo({
    promo_id: 2,
    promo_name: 'Finance Fortnight',
    start_date: '2026-10-24',
    end_date: '2026-11-07',
    registered: true,
    top_earnings_threshold: 500,
    top_earnings: 758,
    total_points: 37.9,
    campaigns: [campaign(1201, 'NovaLend Personal Loans'), campaign(1204, 'DebtFree Relief Now')],
  }),
  promo({ promo_id: 8, promo_type: 'BEAT_YOUR_BEST', promo_name: 'Summer Best', start_date: '2026-09-01', end_date: '2026-09-14', reward: 0, registered: true, top_earnings: 4620.75, total_points: 231.04, byb_rewards: byb(4620.75) }),
  promo({ promo_id: 1, promo_type: 'NEVER_RUN', promo_name: 'Try Something New', start_date: '2026-09-26', end_date: '2026-10-10', reward: 0.1 }),
];

const entry = (entry_id: number, entry_date: string, entry_type: Transaction['entry_type'], amount: number, notes: string): Transaction => ({
  entry_id,
  entry_date,
  entry_type,
  amount,
  notes,
});

/** Newest first, every entry type; the pending Redeem (40 points) can be cancelled. */
export const transactions: Transaction[] = [
  entry(7, '2026-11-24T15:20:00Z', 'Redeem', -40, 'Redeem request (pending)'),
  entry(6, '2026-11-16T12:00:00Z', 'Earned', 24.3, 'Points for weekly earnings'),
  entry(5, '2026-11-08T12:00:00Z', 'Promo', 37.9, 'Finance Fortnight: 5% bonus'),
  entry(4, '2026-10-20T09:00:00Z', 'Adjustment', -5.5, 'Reversed conversion on NovaLend Personal Loans'),
  entry(3, '2026-10-11T12:00:00Z', 'Promo', 61.2, 'Try Something New: 10% of new campaign earnings'),
  entry(2, '2026-08-17T12:00:00Z', 'Redeemed', -50, 'Paid with the weekly payment'),
  entry(1, '2026-06-28T12:00:00Z', 'Promo', 42.5, 'Welcome bonus'),
];

export const rewardsFixture: RewardsResponse = {
  success: true,
  redeem_limit: 500,
  redeemed_this_week: 40,
  balance: 1234.56,
  can_redeem: true,
  ongoing_promos: ongoingPromos,
  future_promos: futurePromos,
  past_promos: pastPromos,
  transactions,
};

export const rewards = (over: Partial<RewardsResponse> = {}): RewardsResponse => ({ ...rewardsFixture, ...over });

/** The server's words (server/modules/maxmoney/service.ts, docs/rewards.md), as sample answers. */
export const serverMessages = {
  redeemed: (amount: number) => `${formatPoints(amount)} points redeemed. They will be added to your account balance on December 2, 2026.`,
  cancelled: (amount: number) => `Redemption cancelled: ${formatPoints(amount)} points are back in your balance.`,
  registered: (name: string) => `You are registered for ${name}.`,
  overLimit: 'You can redeem at most 500.00 points a week: 460.00 points are left this week.',
  overCap: 'You have more than 10,000 MaxMoney points. Please redeem points before registering for another promo.',
  notPending: 'This redemption is already being paid and can no longer be cancelled.',
  notInGoodStanding: 'Your account is not in good standing, so points cannot be redeemed. Please contact your affiliate manager.',
  loadFailed: 'An internal error occurred. Please try again later',
};

const cents = (n: number) => Math.round(n * 100);

/**
 * One affiliate's points as the server keeps them, within one render of a story: GET answers the
 * current state; redeem, cancel and register change it (or are refused with `refuse`).
 */
export function liveMaxmoney(
  start: RewardsResponse = rewardsFixture,
  options: { refuse?: Partial<Record<'redeem' | 'cancel' | 'register', string>>; holdRegister?: boolean } & MockOptions = {},
): HttpHandler[] {
  const state = perRender(() => ({ ...structuredClone(start), nextId: 100 }));
  const reply = (s: ReturnType<typeof state>): RewardsResponse => {
    const { nextId: _n, ...rest } = s;
    return rest;
  };
  return [
    mock(E.maxmoney, () => reply(state()), options),
    mock(E.redeem, (call) => {
      if (options.refuse?.redeem) return failureResponse(options.refuse.redeem, 409);
      const s = state();
      const amount = (call.body as { amount: number }).amount;
      const id = s.nextId++;
      s.balance = (cents(s.balance) - cents(amount)) / 100;
      s.redeemed_this_week = (cents(s.redeemed_this_week) + cents(amount)) / 100;
      s.transactions = [entry(id, '2026-11-25T10:00:00Z', 'Redeem', -amount, 'Redeem request (pending)'), ...s.transactions];
      return { success: true as const, message: serverMessages.redeemed(amount), entry_id: id, balance: s.balance };
    }, options),
    mock(E.cancelRedeem, (call) => {
      if (options.refuse?.cancel) return failureResponse(options.refuse.cancel, 409);
      const s = state();
      const id = (call.body as { entry_id: number }).entry_id;
      const found = s.transactions.find((t) => t.entry_id === id);
      if (!found) return failureResponse('This redemption does not exist.', 404);
      s.balance = (cents(s.balance) - cents(found.amount)) / 100;
      s.redeemed_this_week = Math.max(0, (cents(s.redeemed_this_week) + cents(found.amount)) / 100);
      s.transactions = s.transactions.filter((t) => t.entry_id !== id);
      return { success: true as const, message: serverMessages.cancelled(-found.amount), balance: s.balance };
    }, options),
    mock(E.registerPromo, async (call) => {
      if (options.holdRegister) return pendingResponse();
      if (options.refuse?.register) return failureResponse(options.refuse.register, 409);
      const s = state();
      const id = (call.body as { promo_id: number }).promo_id;
      const found = [...s.ongoing_promos, ...s.future_promos].find((p) => p.promo_id === id);
      if (!found) return failureResponse('This promo does not exist.', 404);
      found.registered = true;
      return { success: true as const, message: serverMessages.registered(found.promo_name) };
    }, options),
  ];
}

export const maxmoneyHandlers = {
  live: liveMaxmoney,
  load: mocksOf(E.maxmoney),
  redeem: mocksOf(E.redeem),
  cancel: mocksOf(E.cancelRedeem),
  register: mocksOf(E.registerPromo),
};
