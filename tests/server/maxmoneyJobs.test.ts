import { describe, expect, it } from 'vitest';
import { addDaysTo } from '../../src/shared/dates';
import { buildApp } from '../../server/app';
import { DEFAULT_MAXMONEY_REDEEM_LIMIT, maxmoneyFromEnv } from '../../server/config';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { redeemWeekOfDay } from '../../server/modules/maxmoney/calendar';
import { PROMO_REVISION_DAYS, reviseCreditedPromos, runMaxmoneyJobs } from '../../server/modules/maxmoney/jobs';
import { cancelRedeem, maxmoneyMessages, redeem, rewardsOf } from '../../server/modules/maxmoney/service';
import { insertConversions, testEngine, withToken } from './helpers';
import { t, LIMIT, settings, db, eastern, today, getRewards, balanceOf, entriesOf, newAffiliate, newPromo, registerDirect, withMaxmoneyApp } from './maxmoneyFixture';

/** The MaxMoney points jobs (crediting, revising and settling promos and redeem weeks) and the redeem limit setting. */
withMaxmoneyApp();

/** A new affiliate registered for a 10 % offer-specific promo on campaign 1002 that ran from 10 to 5 days ago. */
async function endedOfferPromo() {
  const a = await newAffiliate(0);
  const d = today();
  const start = addDaysTo(d, -10);
  const end = addDaysTo(d, -5);
  const promo = await newPromo({ type: 'OFFER_SPECIFIC', start, end, reward: 0.1, campaigns: [1002] });
  await registerDirect(promo, a.id);
  return { a, d, start, end, promo };
}

describe(`the points jobs (${testEngine})`, () => {
  it('credits an ended offer-specific promo from approved conversions on its campaigns and days, once, even run twice at once', async () => {
    const { a, d, start, end, promo } = await endedOfferPromo();
    await insertConversions(t.database, a.id, [
      { at: eastern(addDaysTo(d, -8)), payout: 100, campaignId: 1002 },
      { at: eastern(start, '00:00:30'), payout: 10, campaignId: 1002 },
      { at: eastern(end, '23:59:30'), payout: 1, campaignId: 1002 },
      { at: eastern(addDaysTo(start, -1), '23:59:30'), payout: 7, campaignId: 1002 },
      { at: eastern(addDaysTo(end, 1), '00:00:30'), payout: 40, campaignId: 1002 },
      { at: eastern(addDaysTo(d, -7)), payout: 50, campaignId: 1002, status: 'reversed' },
      { at: eastern(addDaysTo(d, -6)), payout: 30, campaignId: 1002, status: 'pending' },
      { at: eastern(addDaysTo(d, -6)), payout: 20, campaignId: 1003 },
    ]);
    // Before its end nothing is credited; it is worth 11.10 so far.
    await runMaxmoneyJobs(db(), eastern(end, '23:00:00'));
    expect(await entriesOf(a.id)).toEqual([]);
    const now = new Date();
    await Promise.all([runMaxmoneyJobs(db(), now), runMaxmoneyJobs(db(), now)]);
    await runMaxmoneyJobs(db(), now);
    const entries = await entriesOf(a.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entry_type: 'Promo', amount: 11.1, promo_id: promo });
    expect(entries[0].notes).toMatch(/^Test promo \d+ \(/);
    expect(await balanceOf(a.id)).toBe(11.1);
    const past = (await getRewards(a.token)).past_promos.find((p) => p.promo_id === promo)!;
    expect(past).toMatchObject({ registered: true, top_earnings: 111, total_points: 11.1 });
  });

  it('keeps a credited promo true to its conversions for 30 days: reversals taken back, late approvals added, once each, never below zero', async () => {
    const { a, d, end, promo } = await endedOfferPromo();
    await insertConversions(t.database, a.id, [
      { at: eastern(addDaysTo(d, -8)), payout: 100, campaignId: 1002 },
      { at: eastern(addDaysTo(d, -7)), payout: 40, campaignId: 1002 },
      { at: eastern(addDaysTo(d, -6)), payout: 30, campaignId: 1002, status: 'pending' },
    ]);
    const now = new Date();
    await runMaxmoneyJobs(db(), now);
    expect(await balanceOf(a.id)).toBe(14);
    const setStatus = (payout: number, status: 'approved' | 'reversed') =>
      db().updateTable('conversions').set({ status }).where('affiliate_id', '=', a.id).where('payout', '=', payout).execute();

    // The advertiser reverses the 40 and approves the pending 30: both revisions, once each.
    await setStatus(40, 'reversed');
    await Promise.all([runMaxmoneyJobs(db(), now), runMaxmoneyJobs(db(), now)]);
    await setStatus(30, 'approved');
    await runMaxmoneyJobs(db(), now);
    await runMaxmoneyJobs(db(), now);
    const entries = await entriesOf(a.id);
    expect(entries.map((e) => [e.entry_type, e.amount])).toEqual([['Promo', 14], ['Adjustment', -4], ['Adjustment', 3]]);
    expect(entries[1].notes).toMatch(/taken back for conversions reversed after the promo was credited$/);
    expect(entries[2].notes).toMatch(/added for conversions approved after the promo was credited$/);
    expect(await balanceOf(a.id)).toBe(13);
    expect((await getRewards(a.token)).past_promos.find((p) => p.promo_id === promo)).toMatchObject({ top_earnings: 130, total_points: 13 });

    // Points already redeemed stay redeemed: a take-back stops at zero.
    await db().updateTable('affiliates').set({ maxmoney_balance: 2 }).where('id', '=', a.id).execute();
    await setStatus(100, 'reversed');
    await runMaxmoneyJobs(db(), now);
    expect(await balanceOf(a.id)).toBe(0);
    expect((await entriesOf(a.id)).at(-1)).toMatchObject({ entry_type: 'Adjustment', amount: -2 });

    // After 30 days the credit is final.
    await setStatus(100, 'approved');
    expect(await reviseCreditedPromos(db(), eastern(addDaysTo(end, PROMO_REVISION_DAYS + 1)))).toBe(0);
    expect(await reviseCreditedPromos(db(), eastern(addDaysTo(end, PROMO_REVISION_DAYS)))).toBe(1);
  });

  it('pays nothing below the minimum, and NEVER_RUN only on campaigns new to the affiliate', async () => {
    const a = await newAffiliate(0);
    const d = today();
    const start = addDaysTo(d, -10);
    const end = addDaysTo(d, -5);
    const small = await newPromo({ type: 'OFFER_SPECIFIC', start, end, reward: 0.1, threshold: 200, campaigns: [1002] });
    const fresh = await newPromo({ type: 'NEVER_RUN', start, end, reward: 0.1 });
    await registerDirect(small, a.id);
    await registerDirect(fresh, a.id);
    await insertConversions(t.database, a.id, [
      { at: eastern(addDaysTo(d, -30)), payout: 5, campaignId: 1004 },
      { at: eastern(addDaysTo(d, -30)), payout: 5, campaignId: 1005, status: 'rejected' },
      { at: eastern(addDaysTo(d, -8)), payout: 150, campaignId: 1002 },
      { at: eastern(addDaysTo(d, -8)), payout: 50, campaignId: 1004 },
      { at: eastern(addDaysTo(d, -8)), payout: 60, campaignId: 1005 },
      { at: eastern(addDaysTo(d, -8)), payout: 70, campaignId: 1006 },
    ]);
    await runMaxmoneyJobs(db(), new Date());
    const entries = await entriesOf(a.id);
    // The offer-specific promo: 150 under its 200 minimum, nothing (and no entry). NEVER_RUN: 1002 and 1006.
    expect(entries.map((e) => [e.promo_id, e.amount])).toEqual([[fresh, 22]]);
    const regs = await db().selectFrom('maxmoney_registrations').selectAll().where('affiliate_id', '=', a.id).orderBy('promo_id').execute();
    expect(regs.map((r) => [r.credited_earnings, r.credited_points])).toEqual([[150, 0], [220, 22]]);
    expect(regs.every((r) => r.credited_at !== null)).toBe(true);
  });

  it('pays beat-your-best by the highest tier met over the best of the 12 periods before it', async () => {
    const a = await newAffiliate(0);
    const d = today();
    const start = addDaysTo(d, -7);
    const promo = await newPromo({ type: 'BEAT_YOUR_BEST', start, end: addDaysTo(d, -1), tiers: [[50, 0.05], [150, 0.1]] });
    await registerDirect(promo, a.id);
    await insertConversions(t.database, a.id, [
      { at: eastern(addDaysTo(start, -3)), payout: 100 },
      { at: eastern(addDaysTo(start, -10)), payout: 300 },
      { at: eastern(addDaysTo(start, -7 * 12 - 1)), payout: 5_000 }, // before the 12 periods
      { at: eastern(start), payout: 250 },
      { at: eastern(addDaysTo(d, -1)), payout: 150 },
    ]);
    const during = await rewardsOf(db(), a.id, settings, eastern(addDaysTo(d, -1), '13:00:00'));
    const standing = during.ongoing_promos.find((p) => p.promo_id === promo)!;
    expect(standing.byb_rewards).toEqual({
      rewards: [{ reward_threshold: 50, reward_pct: 0.05 }, { reward_threshold: 150, reward_pct: 0.1 }],
      best_period: { start_date: addDaysTo(start, -14), end_date: addDaysTo(start, -8), earnings: 300 },
      current_earnings: 400,
    });
    expect(standing.total_points).toBe(20);
    await runMaxmoneyJobs(db(), new Date());
    expect((await entriesOf(a.id)).map((e) => e.amount)).toEqual([20]);
    expect(await balanceOf(a.id)).toBe(20);
  });

  it('holds the weekly limit to the redeem week, and settles a closed week once into one MaxMoney line for the Wednesday', async () => {
    const a = await newAffiliate(2_000);
    // A Monday of the network's calendar, late in the evening, and the Tuesday just after.
    const week = redeemWeekOfDay(addDaysTo(today(), 14));
    const monday = eastern(week.endDay, '23:30:00');
    const mondayLate = eastern(week.endDay, '23:59:58');
    const tuesday = eastern(addDaysTo(week.endDay, 1), '00:00:30');
    await redeem(db(), a.id, 300, settings, monday);
    const keep = await redeem(db(), a.id, 100, settings, monday);
    await expect(redeem(db(), a.id, LIMIT - 400 + 0.01, settings, mondayLate)).rejects.toMatchObject({ statusCode: 409 });
    await redeem(db(), a.id, LIMIT - 400, settings, mondayLate);
    // The new week has a limit of its own.
    const next = await redeem(db(), a.id, 450, settings, tuesday);
    expect((await rewardsOf(db(), a.id, settings, tuesday)).redeemed_this_week).toBe(450);
    expect((await rewardsOf(db(), a.id, settings, mondayLate)).redeemed_this_week).toBe(LIMIT);

    // Before the cutoff nothing is settled; the week's entries may still be cancelled.
    await runMaxmoneyJobs(db(), mondayLate);
    expect((await entriesOf(a.id)).every((e) => e.entry_type === 'Redeem')).toBe(true);
    // After it, a pending entry of the closed week can no longer be cancelled.
    await expect(cancelRedeem(db(), a.id, keep.entry_id, tuesday)).rejects.toMatchObject({ statusCode: 409, message: maxmoneyMessages.weekClosed });
    await Promise.all([runMaxmoneyJobs(db(), tuesday), runMaxmoneyJobs(db(), tuesday)]);
    await runMaxmoneyJobs(db(), tuesday);
    const entries = await entriesOf(a.id);
    expect(entries.map((e) => e.entry_type)).toEqual(['Redeemed', 'Redeemed', 'Redeemed', 'Redeem']);
    expect(entries[3].id).toBe(next.entry_id);
    const lines = await db().selectFrom('account_balance_lines').selectAll().where('affiliate_id', '=', a.id).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: 'MaxMoney', amount: LIMIT, line_date: addDaysTo(week.endDay, 2) });
    expect(entries.slice(0, 3).every((e) => e.balance_line_id === lines[0].id)).toBe(true);
    expect(new Date(`${lines[0].line_date}T12:00:00Z`).getUTCDay()).toBe(3);
    // Settled is paid: a Redeemed entry cannot be cancelled.
    await expect(cancelRedeem(db(), a.id, entries[0].id, tuesday)).rejects.toMatchObject({ statusCode: 409, message: maxmoneyMessages.notPending });
    expect(await balanceOf(a.id)).toBe(2_000 - LIMIT - 450);
  });
});

describe(`MAXMONEY_REDEEM_LIMIT (${testEngine})`, () => {
  it('reads a positive number of points, refusing anything else', () => {
    expect(maxmoneyFromEnv({})).toEqual({ redeemLimit: DEFAULT_MAXMONEY_REDEEM_LIMIT });
    expect(maxmoneyFromEnv({ MAXMONEY_REDEEM_LIMIT: '250' })).toEqual({ redeemLimit: 250 });
    expect(maxmoneyFromEnv({ MAXMONEY_REDEEM_LIMIT: '99.5' })).toEqual({ redeemLimit: 99.5 });
    for (const bad of ['0', '-5', 'abc', '1.234', '1e3']) expect(() => maxmoneyFromEnv({ MAXMONEY_REDEEM_LIMIT: bad })).toThrow(/MAXMONEY_REDEEM_LIMIT/);
  });

  it('is the limit the server answers and enforces', async () => {
    const app = await buildApp({ db: db(), passwordCost: TEST_SCRYPT, maxmoney: maxmoneyFromEnv({ MAXMONEY_REDEEM_LIMIT: '40' }) });
    try {
      const a = await newAffiliate(100);
      const res = await app.inject(withToken(a.token, { method: 'GET', url: '/api/maxmoney' }));
      expect(res.json().redeem_limit).toBe(40);
      const over = await app.inject(withToken(a.token, { method: 'POST', url: '/api/maxmoney/redeem', payload: { amount: 40.01 } }));
      expect(over.statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });
});
