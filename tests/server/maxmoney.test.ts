import { describe, expect, it } from 'vitest';
import { RedeemResponse } from '../../src/api/contract/rewards';
import { addDaysTo } from '../../src/shared/dates';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { redeemWeekOf } from '../../server/modules/maxmoney/calendar';
import { maxmoneyMessages } from '../../server/modules/maxmoney/service';
import { testEngine, tokenFor } from './helpers';
import { t, demo, demoId, LIMIT, db, round2, today, getRewards, post, balanceOf, entriesOf, newAffiliate, approvedEarnings, withMaxmoneyApp } from './maxmoneyFixture';

/** The MaxMoney routes: the rewards page, promo registration, redeeming and cancelling a redemption. */
withMaxmoneyApp();

describe(`GET /api/maxmoney (${testEngine})`, () => {
  it("answers the demo's balance, limits, promos and history as the database has them", async () => {
    const r = await getRewards();
    expect(r.redeem_limit).toBe(LIMIT);
    expect(r.balance).toBeCloseTo(await balanceOf(demoId), 2);
    expect(r.can_redeem).toBe(true);
    expect(r.redeem_blocked_reason).toBeUndefined();

    const entries = await entriesOf(demoId);
    expect(r.transactions.map((e) => e.entry_id).sort((a, b) => a - b)).toEqual(entries.map((e) => e.id));
    const dates = r.transactions.map((e) => e.entry_date);
    expect(dates).toEqual([...dates].sort().reverse());
    // The balance is what the history adds up to.
    expect(r.balance).toBeCloseTo(r.transactions.reduce((s, e) => s + e.amount, 0), 2);
    const week = redeemWeekOf(new Date());
    const thisWeek = entries.filter((e) => (e.entry_type === 'Redeem' || e.entry_type === 'Redeemed') && new Date(e.entry_date) >= week.from);
    expect(r.redeemed_this_week).toBeCloseTo(-thisWeek.reduce((s, e) => s + Number(e.amount), 0), 2);
    expect(r.transactions.filter((e) => e.entry_type === 'Redeem')).toHaveLength(2);

    const d = today();
    for (const p of r.ongoing_promos) expect(p.start_date <= d && p.end_date >= d).toBe(true);
    for (const p of r.future_promos) expect(p.start_date > d).toBe(true);
    for (const p of r.past_promos) expect(p.end_date < d).toBe(true);
    const byName = (name: string) => [...r.ongoing_promos, ...r.future_promos, ...r.past_promos].find((p) => p.promo_name === name)!;

    // Past promos: credited by the job from the real conversions; the entry and the promo agree.
    const neverRun = byName('Try Something New');
    expect(r.past_promos).toContain(neverRun);
    expect(neverRun.registered).toBe(true);
    expect(neverRun.campaigns).toEqual([]);
    // Every campaign of the demo began converting in it: all its approved earnings count.
    expect(neverRun.top_earnings).toBeCloseTo(await approvedEarnings(demoId, neverRun.start_date, neverRun.end_date), 2);
    expect(neverRun.top_earnings).toBeGreaterThan(0);
    expect(neverRun.total_points).toBeCloseTo(round2(neverRun.reward * neverRun.top_earnings), 2);
    const fortnight = byName('Finance Fortnight');
    expect(r.past_promos).toContain(fortnight);
    const fortnightIds = new Set(fortnight.campaigns.map((c) => c.campaign_id));
    expect(fortnightIds.size).toBe(3);
    expect(fortnight.top_earnings).toBeCloseTo(await approvedEarnings(demoId, fortnight.start_date, fortnight.end_date, (c) => fortnightIds.has(c.campaign_id)), 2);
    expect(fortnight.top_earnings).toBeGreaterThanOrEqual(fortnight.top_earnings_threshold);
    expect(fortnight.total_points).toBeCloseTo(round2(fortnight.reward * fortnight.top_earnings), 2);
    for (const p of [neverRun, fortnight]) {
      const credit = r.transactions.filter((e) => e.entry_type === 'Promo' && e.notes.startsWith(p.promo_name));
      expect(credit).toHaveLength(1);
      expect(credit[0].amount).toBe(p.total_points);
    }
    // Campaign names are the campaigns'.
    const names = await db().selectFrom('campaigns').select(['id', 'name']).where('id', 'in', [...fortnightIds]).execute();
    expect(new Set(fortnight.campaigns.map((c) => c.name))).toEqual(new Set(names.map((c) => c.name)));

    // Ongoing: an offer-specific one not registered, a beat-your-best registered with its figures.
    const flash = byName('Flash Promo: Weekend Deals');
    expect(r.ongoing_promos).toContain(flash);
    expect(flash.registered).toBe(false);
    const flashIds = new Set(flash.campaigns.map((c) => c.campaign_id));
    expect(flash.top_earnings).toBeCloseTo(await approvedEarnings(demoId, flash.start_date, d, (c) => flashIds.has(c.campaign_id)), 2);
    const byb = byName('Beat Your Best');
    expect(r.ongoing_promos).toContain(byb);
    expect(byb.registered).toBe(true);
    expect(byb.byb_rewards!.rewards.map((x) => x.reward_threshold)).toEqual([250, 1000, 2500]);
    expect(byb.byb_rewards!.current_earnings).toBeCloseTo(await approvedEarnings(demoId, byb.start_date, d), 2);
    expect(byb.top_earnings).toBe(byb.byb_rewards!.current_earnings);
    const best = byb.byb_rewards!.best_period;
    const span = (Date.parse(byb.end_date) - Date.parse(byb.start_date)) / 86_400_000 + 1;
    expect((Date.parse(best.end_date) - Date.parse(best.start_date)) / 86_400_000 + 1).toBe(span);
    expect(best.end_date < byb.start_date).toBe(true);
    expect(best.earnings).toBeCloseTo(await approvedEarnings(demoId, best.start_date, best.end_date), 2);
    // The best of the 12 spans before the promo.
    for (let k = 1; k <= 12; k++) {
      const start = addDaysTo(byb.start_date, -k * span);
      expect(await approvedEarnings(demoId, start, addDaysTo(start, span - 1))).toBeLessThanOrEqual(best.earnings);
    }
    expect(byName('New Verticals Bonus').registered).toBe(false);
    expect(r.future_promos.map((p) => p.promo_name)).toEqual(['New Verticals Bonus']);
  });

  it('shows an affiliate only their own entries, and one in bad standing why they cannot redeem', async () => {
    const other = await newAffiliate(12);
    const r = await getRewards(other.token);
    expect(r.transactions).toEqual([]);
    expect(r.balance).toBe(12);
    expect(r.redeemed_this_week).toBe(0);
    expect(r.ongoing_promos.every((p) => !p.registered && p.top_earnings === 0)).toBe(true);
    const docs = await getRewards(await tokenFor(t.app, DEMO_ACCOUNTS.docs));
    expect(docs.can_redeem).toBe(false);
    expect(docs.redeem_blocked_reason).toBe(maxmoneyMessages.missingDocuments);
  });
});

describe(`POST /api/maxmoney/register (${testEngine})`, () => {
  it('registers for ongoing and future promos, twice is fine, never for past or unknown ones', async () => {
    const a = await newAffiliate(0);
    const r = await getRewards(a.token);
    const ongoing = r.ongoing_promos[0];
    const future = r.future_promos[0];
    const past = r.past_promos[0];
    for (const p of [ongoing, future, ongoing]) {
      const res = await post(a.token, 'register', { promo_id: p.promo_id, promo_type: p.promo_type });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`You are registered for ${p.promo_name}.`);
    }
    const regs = await db().selectFrom('maxmoney_registrations').select('promo_id').where('affiliate_id', '=', a.id).execute();
    expect(regs.map((x) => x.promo_id).sort()).toEqual([ongoing.promo_id, future.promo_id].sort());
    expect((await getRewards(a.token)).ongoing_promos.find((p) => p.promo_id === ongoing.promo_id)!.registered).toBe(true);

    const ended = await post(a.token, 'register', { promo_id: past.promo_id, promo_type: past.promo_type });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().errors.message).toBe(maxmoneyMessages.promoEnded);
    for (const body of [{ promo_id: 999_999, promo_type: 'NEVER_RUN' }, { promo_id: 2_147_483_648, promo_type: 'NEVER_RUN' }, { promo_id: 9_007_199_254_740_991, promo_type: 'BEAT_YOUR_BEST' }, { promo_id: ongoing.promo_id, promo_type: ongoing.promo_type === 'NEVER_RUN' ? 'OFFER_SPECIFIC' : 'NEVER_RUN' }]) {
      const res = await post(a.token, 'register', body);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors.message).toBe(maxmoneyMessages.promoNotFound);
    }
    for (const body of [{ promo_id: 'x', promo_type: 'NEVER_RUN' }, { promo_id: 1, promo_type: 'SOMETHING' }, {}, { promo_id: 1.5, promo_type: 'NEVER_RUN' }]) {
      const res = await post(a.token, 'register', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.message).toMatch(/\w/);
    }
    expect(await db().selectFrom('maxmoney_registrations').select('promo_id').where('affiliate_id', '=', a.id).execute()).toHaveLength(2);
  });

  it('refuses a new registration above 10,000 points (10,000 itself is fine)', async () => {
    const r = await getRewards();
    const [first, second] = [r.ongoing_promos[0], r.future_promos[0]];
    const rich = await newAffiliate(10_000.01);
    const res = await post(rich.token, 'register', { promo_id: first.promo_id, promo_type: first.promo_type });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.message).toBe('You have more than 10,000 MaxMoney points. Please redeem points before registering for another promo.');
    expect(await db().selectFrom('maxmoney_registrations').select('promo_id').where('affiliate_id', '=', rich.id).execute()).toEqual([]);
    const full = await newAffiliate(10_000);
    expect((await post(full.token, 'register', { promo_id: second.promo_id, promo_type: second.promo_type })).statusCode).toBe(200);
  });
});

describe(`POST /api/maxmoney/redeem (${testEngine})`, () => {
  it('redeems within the balance and the weekly limit: a pending entry on top, the balance lowered', async () => {
    const a = await newAffiliate(300);
    const res = await post(a.token, 'redeem', { amount: 120.5 });
    expect(res.statusCode, res.body).toBe(200);
    const body = RedeemResponse.parse(res.json());
    expect(body.balance).toBe(179.5);
    expect(body.message).toMatch(/^120\.50 points redeemed\. They will be added to your account balance on /);
    expect(await balanceOf(a.id)).toBe(179.5);
    const r = await getRewards(a.token);
    expect(r.transactions[0]).toMatchObject({ entry_id: body.entry_id, entry_type: 'Redeem', amount: -120.5 });
    expect(r.redeemed_this_week).toBe(120.5);
    expect(r.balance).toBe(179.5);
  });

  it('refuses zero, negative, three decimals and non-numbers (400), over the limit or the balance (409), bad standing (403), changing nothing', async () => {
    const a = await newAffiliate(LIMIT + 100);
    const cases: Array<[unknown, number, RegExp]> = [
      [0, 400, /greater than zero/],
      [-5, 400, /greater than zero/],
      [1.234, 400, /two decimals/],
      ['12', 400, /number of points/],
      [null, 400, /number of points/],
      [LIMIT + 0.01, 409, new RegExp(`at most ${LIMIT}\\.00 points a week`)],
    ];
    for (const [amount, status, message] of cases) {
      const res = await post(a.token, 'redeem', { amount });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(status);
      expect(res.json().errors.message).toMatch(message);
    }
    expect((await post(a.token, 'redeem', {})).statusCode).toBe(400);
    const poor = await newAffiliate(20);
    const over = await post(poor.token, 'redeem', { amount: 20.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors.message).toBe('You cannot redeem more than your balance of 20.00 points.');
    // The whole balance is fine.
    expect((await post(poor.token, 'redeem', { amount: 20 })).statusCode).toBe(200);
    expect(await balanceOf(poor.id)).toBe(0);
    const docsToken = await tokenFor(t.app, DEMO_ACCOUNTS.docs);
    const docsId = (await db().selectFrom('affiliates').select('id').where('email', '=', DEMO_ACCOUNTS.docs).executeTakeFirstOrThrow()).id;
    await db().updateTable('affiliates').set({ maxmoney_balance: 50 }).where('id', '=', docsId).execute();
    const blocked = await post(docsToken, 'redeem', { amount: 10 });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errors.message).toBe(maxmoneyMessages.missingDocuments);
    expect(await balanceOf(docsId)).toBe(50);
    expect(await entriesOf(docsId)).toEqual([]);
    expect(await balanceOf(a.id)).toBe(LIMIT + 100);
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it('50 parallel redeems never overdraw the balance', async () => {
    const a = await newAffiliate(95);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(a.token, 'redeem', { amount: 10 })));
    const ok = answers.filter((x) => x.statusCode === 200);
    expect(ok).toHaveLength(9);
    expect(answers.filter((x) => x.statusCode === 409)).toHaveLength(41);
    expect(await balanceOf(a.id)).toBe(5);
    const entries = await entriesOf(a.id);
    expect(entries).toHaveLength(9);
    expect(new Set(ok.map((x) => x.json().balance))).toEqual(new Set([85, 75, 65, 55, 45, 35, 25, 15, 5]));
  });

  it('50 parallel redeems never pass the weekly limit', async () => {
    const a = await newAffiliate(5_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(a.token, 'redeem', { amount: 15 })));
    const okCount = answers.filter((x) => x.statusCode === 200).length;
    expect(okCount).toBe(Math.floor(LIMIT / 15));
    expect(answers.every((x) => x.statusCode === 200 || x.statusCode === 409)).toBe(true);
    const entries = await entriesOf(a.id);
    expect(-entries.reduce((s, e) => s + Number(e.amount), 0)).toBe(okCount * 15);
    expect(await balanceOf(a.id)).toBe(5_000 - okCount * 15);
    expect((await getRewards(a.token)).redeemed_this_week).toBe(okCount * 15);
  });
});

describe(`POST /api/maxmoney/cancel (${testEngine})`, () => {
  it("cancels the affiliate's own pending redemption only, and restores its points once", async () => {
    const a = await newAffiliate(100);
    const b = await newAffiliate(100);
    const entry = RedeemResponse.parse((await post(a.token, 'redeem', { amount: 30 })).json()).entry_id;
    const stranger = await post(b.token, 'cancel', { entry_id: entry });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errors.message).toBe(maxmoneyMessages.entryNotFound);
    for (const entry_id of [2_000_000_000, 2_147_483_648, 9_007_199_254_740_991]) expect((await post(a.token, 'cancel', { entry_id })).statusCode).toBe(404);
    for (const body of [{ entry_id: 'x' }, { entry_id: -1 }, {}]) {
      const res = await post(a.token, 'cancel', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toMatch(/\w/);
    }
    expect(await balanceOf(a.id)).toBe(70);

    const answers = await Promise.all(Array.from({ length: 10 }, () => post(a.token, 'cancel', { entry_id: entry })));
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.statusCode === 404)).toHaveLength(9);
    expect(answers.find((x) => x.statusCode === 200)!.json()).toMatchObject({ balance: 100, message: 'Redemption cancelled: 30.00 points are back in your balance.' });
    expect(await balanceOf(a.id)).toBe(100);
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it('refuses to cancel an entry that is not a pending redemption (409)', async () => {
    const r = await getRewards();
    const promo = r.transactions.find((e) => e.entry_type === 'Promo')!;
    const before = await balanceOf(demoId);
    const res = await post(demo, 'cancel', { entry_id: promo.entry_id });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.message).toBe(maxmoneyMessages.notPending);
    expect(await balanceOf(demoId)).toBe(before);
  });
});
