import { sql, type Insertable, type Kysely } from 'kysely';
import { addDaysTo, formatLongDate } from '../../../src/shared/dates';
import { syncIdentity } from '../../db/demo/insert';
import { Random } from '../../db/demo/random';
import type { DB } from '../../db/schema';
import { dayStart, programDay, redeemWeekOf } from './calendar';
import { loadPromoTerms, promoStanding, round2 } from './earnings';
import { creditEndedPromos, runMaxmoneyJobs, settleRedemptions } from './jobs';

type Put = <T extends keyof DB & string>(table: T, values: ReadonlyArray<Insertable<DB[T]>>) => Promise<unknown>;

export interface DemoMaxmoneyInput {
  now: Date;
  demoId: number;
  /** Days of the demo's conversion history (its conversions begin that many days ago). */
  historyDays: number;
  /** Campaigns the demo affiliate converted on (its running campaigns). */
  ran: number[];
  /** Campaigns drawn from the main stream for the future promo (those the demo never ran are kept). */
  drawn: number[];
  seed: number;
  put: Put;
}

/**
 * The demo affiliate's points (docs/rewards.md "Demo"): five promos placed around its real
 * conversion history, the ended ones credited by the crediting job itself, and two pending
 * redemptions of this redeem week. Draws come from a stream of their own.
 * - Try Something New (NEVER_RUN, ended): the first two weeks of the history, when every campaign
 *   the demo runs was new to it, so its points are 10% of those weeks' approved earnings.
 * - Finance Fortnight (OFFER_SPECIFIC, ended 3 days ago, registered): three campaigns it converted on;
 *   its minimum (top_earnings_threshold) a round figure under what the demo earned there.
 * - Flash Promo: Weekend Deals (OFFER_SPECIFIC, ongoing, not registered: the browser journey registers).
 * - Beat Your Best (BEAT_YOUR_BEST, ongoing, registered), three tiers.
 * - New Verticals Bonus (NEVER_RUN, future): campaigns the demo never ran.
 * - One redemption soon after the first promo, settled by the job into a MaxMoney ledger line and
 *   paid with the next weekly payment (settledRedemption).
 * Answers the maxmoney_transactions rows written.
 */
export async function seedDemoMaxmoney(trx: Kysely<DB>, input: DemoMaxmoneyInput): Promise<number> {
  const { now, demoId, put } = input;
  const own = new Random(input.seed ^ 0x3a7f01);
  const today = programDay(now);
  const day = (offset: number) => addDaysTo(today, offset);
  const H = input.historyDays;
  const ran = own.sample(input.ran, 6);
  const never = input.drawn.filter((id) => !input.ran.includes(id)).slice(0, 3);
  const fortnight = { start_date: day(-16), end_date: day(-3) };

  // Finance Fortnight's minimum: a round figure under what the demo earned on its campaigns.
  const [terms] = await loadPromoTerms(trx, [{ id: 2, type: 'OFFER_SPECIFIC', name: '', reward: 0.05, top_earnings_threshold: 0, ...fortnight }]);
  const earned = (await promoStanding(trx, demoId, { ...terms, campaignIds: ran.slice(0, 3) }, now)).earnings;
  const minimum = earned >= 100 ? Math.floor(earned / 2 / 50) * 50 : 0;

  await put('maxmoney_promos', [
    { id: 1, type: 'NEVER_RUN', name: 'Try Something New', start_date: day(-H), end_date: day(-H + 13), reward: 0.1 },
    { id: 2, type: 'OFFER_SPECIFIC', name: 'Finance Fortnight', ...fortnight, reward: 0.05, top_earnings_threshold: minimum },
    { id: 3, type: 'OFFER_SPECIFIC', name: 'Flash Promo: Weekend Deals', start_date: day(-2), end_date: day(3), reward: 0.08, top_earnings_threshold: 250 },
    { id: 4, type: 'BEAT_YOUR_BEST', name: 'Beat Your Best', start_date: day(-6), end_date: day(7), reward: 0 },
    { id: 5, type: 'NEVER_RUN', name: 'New Verticals Bonus', start_date: day(10), end_date: day(23), reward: 0.1 },
  ]);
  await syncIdentity(trx, 'maxmoney_promos');
  await put('maxmoney_promo_campaigns', [
    ...ran.slice(0, 3).map((campaign_id) => ({ promo_id: 2, campaign_id })),
    ...ran.slice(3).map((campaign_id) => ({ promo_id: 3, campaign_id })),
    ...never.map((campaign_id) => ({ promo_id: 5, campaign_id })),
  ]);
  await put('maxmoney_byb_tiers', [
    { promo_id: 4, reward_threshold: 250, reward_pct: 0.03 },
    { promo_id: 4, reward_threshold: 1000, reward_pct: 0.05 },
    { promo_id: 4, reward_threshold: 2500, reward_pct: 0.08 },
  ]);
  const at = (offset: number) => new Date(now.getTime() + offset * 86_400_000);
  await put('maxmoney_registrations', [
    { promo_id: 1, affiliate_id: demoId, registered_at: at(-H - 1) },
    { promo_id: 2, affiliate_id: demoId, registered_at: at(-17) },
    { promo_id: 4, affiliate_id: demoId, registered_at: at(-5) },
  ]);

  // The ended promos are credited by the crediting job, from the conversions written before, as its
  // first run after each promo's end would have (an hour into the next day); then the jobs run now.
  for (const end of [day(-H + 13), fortnight.end_date].sort()) {
    const firstRun = new Date(dayStart(addDaysTo(end, 1)).getTime() + 3_600_000);
    if (firstRun < now) await creditEndedPromos(trx, firstRun);
  }
  await settledRedemption(trx, demoId, addDaysTo(day(-H + 13), 3));
  await runMaxmoneyJobs(trx, now);

  // Two redemptions of this redeem week, still pending (cancellable), within the balance.
  const { maxmoney_balance } = await trx.selectFrom('affiliates').select('maxmoney_balance').where('id', '=', demoId).executeTakeFirstOrThrow();
  const balance = Number(maxmoney_balance);
  const week = redeemWeekOf(now);
  const notes = `Pending: paid with your account balance on ${formatLongDate(week.payDay)}`;
  const within = (ms: number) => new Date(Math.min(now.getTime(), Math.max(week.from.getTime() + 60_000, ms)));
  const redemptions = [
    { entry_date: within(now.getTime() - 2 * 86_400_000), amount: balance >= 200 ? 25 : round2(balance * 0.1) },
    { entry_date: within(now.getTime() - 3 * 3_600_000), amount: balance >= 200 ? 15.5 : round2(balance * 0.05) },
  ].filter((r) => r.amount > 0);
  const total = round2(redemptions.reduce((s, r) => s + r.amount, 0));
  await put('maxmoney_transactions', redemptions.map((r) => ({ affiliate_id: demoId, entry_date: r.entry_date, entry_type: 'Redeem' as const, amount: -r.amount, notes })));
  await trx.updateTable('affiliates').set({ maxmoney_balance: sql`maxmoney_balance - ${total}` }).where('id', '=', demoId).execute();
  const credited = await trx.selectFrom('maxmoney_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('entry_type', '=', 'Promo').executeTakeFirstOrThrow();
  return Number(credited.n);
}

/**
 * A redemption of the past, paid: half of the first promo's points (at most 30) redeemed at noon on
 * `day`, settled by the settlement job after its week's cutoff into a 'MaxMoney' line for the
 * following Wednesday, and paid with the first weekly payment on or after that day (the demo's
 * ledger was written before: that payment takes the line's amount too, as the real one would have).
 */
async function settledRedemption(trx: Kysely<DB>, demoId: number, day: string): Promise<void> {
  const first = await trx.selectFrom('maxmoney_transactions').select('amount').where('affiliate_id', '=', demoId).where('entry_type', '=', 'Promo').where('promo_id', '=', 1).executeTakeFirst();
  const amount = round2(Math.min(30, Number(first?.amount ?? 0) / 2));
  if (amount <= 0) return;
  const entryDate = new Date(dayStart(day).getTime() + 12 * 3_600_000);
  await trx.insertInto('maxmoney_transactions').values({ affiliate_id: demoId, entry_date: entryDate, entry_type: 'Redeem', amount: -amount, notes: 'Redeem request' }).execute();
  await trx.updateTable('affiliates').set({ maxmoney_balance: sql`maxmoney_balance - ${amount}` }).where('id', '=', demoId).execute();
  const week = redeemWeekOf(entryDate);
  await settleRedemptions(trx, new Date(week.to.getTime() + 3_600_000));
  const payment = await trx
    .selectFrom('account_balance_lines')
    .select(['id', 'amount'])
    .where('affiliate_id', '=', demoId)
    .where('type', '=', 'Payment')
    .where('line_date', '>=', week.payDay)
    .orderBy('line_date')
    .orderBy('id')
    .executeTakeFirst();
  if (payment) await trx.updateTable('account_balance_lines').set({ amount: round2(Number(payment.amount) - amount) }).where('id', '=', payment.id).execute();
}
