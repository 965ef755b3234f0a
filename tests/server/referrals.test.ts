import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferrerResponse, REFERRAL_ART } from '../../src/api/contract/rewards';
import { ReferralsResponse } from '../../src/api/contract/reports';
import { addDaysTo, addMonthsTo } from '../../src/shared/dates';
import { DEFAULT_PRODUCT_NAME } from '../../src/shared/product';
import { referralProgram } from '../../src/shared/programTerms';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { computeReferralCommissions, incomeLineDay, monthOf } from '../../server/modules/referrals/income';
import { runReferralJobs } from '../../server/modules/referrals/jobs';
import { referralArtSvg } from '../../server/modules/referrals/routes';
import { buildApp } from '../../server/app';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { insertAffiliate, insertConversions, setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

let t: TestContext;
const now = new Date();
let seq = 0;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

type Status = 'active' | 'inactive' | 'pending' | 'terminated' | 'rejected';

async function affiliate(status: Status = 'active'): Promise<number> {
  return insertAffiliate(t.database, { email: `referral-${++seq}-${Date.now()}@example.com`, status });
}

async function refer(referrerId: number, referredId: number, approvedAt: Date | null) {
  await t.database.db.insertInto('referrals').values({ referrer_id: referrerId, referred_id: referredId, referred_at: new Date(now.getTime() - 400 * 86_400_000), approved_at: approvedAt }).execute();
}

/** Noon (11:30 or 12:30) Eastern of a day, whatever the daylight saving time. */
const noonOf = (day: string) => `${day}T16:30:00Z`;
const round2 = (n: number) => Math.round(n * 100) / 100;
const monthOfDay = (day: string) => `${day.slice(0, 7)}-01`;

const lines = (affiliateId: number, type: 'Referral' | 'Bonus') =>
  t.database.db.selectFrom('account_balance_lines').select(['line_date', 'amount', 'notes']).where('affiliate_id', '=', affiliateId).where('type', '=', type).orderBy('line_date').execute();

const get = async (url: string, token?: string) => t.app.inject(token ? withToken(token, { method: 'GET', url }) : { method: 'GET', url });

describe(`GET /api/referrer (${testEngine})`, () => {
  it("counts only the signed-in affiliate's approved referrals of publishers still in the network", async () => {
    const referrer = await affiliate();
    const other = await affiliate();
    const approved = new Date(now.getTime() - 30 * 86_400_000);
    await refer(referrer, await affiliate('active'), approved);
    await refer(referrer, await affiliate('active'), approved);
    await refer(referrer, await affiliate('inactive'), approved); // approved, dormant since: counts
    await refer(referrer, await affiliate('pending'), null); // not approved yet
    await refer(referrer, await affiliate('active'), null); // approval not recorded
    await refer(referrer, await affiliate('terminated'), approved); // removed from the network
    await refer(other, await affiliate('active'), approved); // someone else's
    const email = (await t.database.db.selectFrom('affiliates').select('email').where('id', '=', referrer).executeTakeFirstOrThrow()).email;
    const res = await get('/api/referrer', await tokenFor(t.app, email));
    expect(res.statusCode, res.body).toBe(200);
    expect(ReferrerResponse.parse(res.json()).referral_count).toBe(3);
  });

  it("gives the demo affiliate its four referred publishers, and needs a session", async () => {
    const res = await get('/api/referrer', await tokenFor(t.app, DEMO_ACCOUNTS.demo));
    expect(ReferrerResponse.parse(res.json()).referral_count).toBe(4);
    const anonymous = await get('/api/referrer');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors.message).toMatch(/signed in/i);
  });
});

describe(`referral income (${testEngine})`, () => {
  it("pays 10% of the referred publishers' approved earnings in the 6 months after approval, per month, once each month is over", async () => {
    const referrer = await affiliate();
    const a = await affiliate();
    const b = await affiliate();
    // Approved on the 10th, eight months ago: the whole window (6 months) is over.
    const startDay = addDaysTo(addMonthsTo(monthOf(now), -8), 9);
    const endDay = addMonthsTo(startDay, referralProgram.months);
    const approvedAt = new Date(`${startDay}T14:00:00Z`);
    await refer(referrer, a, approvedAt);
    await refer(referrer, b, approvedAt);
    const counted: Array<{ id: number; day: string; payout: number }> = [
      { id: a, day: startDay, payout: 100 },
      { id: a, day: addDaysTo(startDay, 40), payout: 55.55 },
      { id: a, day: addDaysTo(endDay, -1), payout: 20 }, // the window's last day
      { id: b, day: addDaysTo(startDay, 10), payout: 33.33 },
      { id: b, day: addDaysTo(startDay, 40), payout: 12.34 },
      { id: b, day: addDaysTo(startDay, 70), payout: 17.5 },
    ];
    for (const id of [a, b]) {
      await insertConversions(t.database, id, [
        ...counted.filter((c) => c.id === id).map((c) => ({ at: noonOf(c.day), payout: c.payout })),
        { at: noonOf(endDay), payout: 300 }, // one day after the window
        { at: noonOf(addDaysTo(startDay, -1)), payout: 70 }, // before the approval
        { at: noonOf(addDaysTo(startDay, 40)), payout: 1000, status: 'reversed' },
        { at: noonOf(addDaysTo(startDay, 41)), payout: 500, status: 'pending' },
        { at: noonOf(addDaysTo(startDay, 42)), payout: 400, status: 'rejected' },
      ]);
    }

    const expected = new Map<string, Map<number, number>>();
    for (const c of counted) {
      const month = expected.get(monthOfDay(c.day)) ?? new Map<number, number>();
      month.set(c.id, (month.get(c.id) ?? 0) + c.payout);
      expected.set(monthOfDay(c.day), month);
    }
    const expectedRows = [...expected].flatMap(([period, byReferred]) =>
      [...byReferred].map(([id, earnings]) => ({ referred_id: id, period_date: period, amount: round2((earnings * referralProgram.sharePercent) / 100) })));
    const monthTotals = [...expected].map(([period, byReferred]) => ({
      period, affiliates: byReferred.size, total: round2([...byReferred.values()].reduce((s, e) => s + round2((e * referralProgram.sharePercent) / 100), 0)),
    }));
    expect(monthTotals.length).toBeGreaterThanOrEqual(3);

    const computed = (await computeReferralCommissions(t.database.db, now)).filter((r) => r.referrer_id === referrer);
    expect(computed.map(({ referred_id, period_date, amount }) => ({ referred_id, period_date, amount })).sort(byKey)).toEqual(expectedRows.sort(byKey));

    await runReferralJobs(t.database.db, now);
    const stored = await t.database.db.selectFrom('referral_commissions').select(['referred_id', 'period_date', 'amount']).where('referrer_id', '=', referrer).execute();
    expect(stored.map((r) => ({ ...r, amount: Number(r.amount) })).sort(byKey)).toEqual(expectedRows.sort(byKey));
    const credited = await lines(referrer, 'Referral');
    expect(credited.map((l) => ({ line_date: l.line_date, amount: Number(l.amount) }))).toEqual(
      monthTotals.map((m) => ({ line_date: incomeLineDay(m.period), amount: m.total })).sort((x, y) => x.line_date.localeCompare(y.line_date)),
    );
    expect(credited[0].notes).toMatch(/^Referral income for \w+ \d{4} \(10% of your referrals/);

    // Twice, and twice at once: nothing more.
    await runReferralJobs(t.database.db, now);
    await Promise.all([runReferralJobs(t.database.db, now), runReferralJobs(t.database.db, now)]);
    expect(await lines(referrer, 'Referral')).toEqual(credited);
    expect(await t.database.db.selectFrom('referral_commissions').select('amount').where('referrer_id', '=', referrer).execute()).toHaveLength(expectedRows.length);

    // The referrals report shows the job's numbers, newest month first.
    const email = (await t.database.db.selectFrom('affiliates').select('email').where('id', '=', referrer).executeTakeFirstOrThrow()).email;
    const report = await get('/api/reports/referrals', await tokenFor(t.app, email));
    expect(report.statusCode, report.body).toBe(200);
    expect(ReferralsResponse.parse(report.json()).report).toEqual(
      [...monthTotals].sort((x, y) => y.period.localeCompare(x.period)).map((m) => ({ referral_date: m.period, affiliates: m.affiliates, referral_income: m.total })),
    );
  });

  it('recomputes the month under way: a reversal takes its income back; a credited month stays as paid', async () => {
    const referrer = await affiliate();
    const referred = await affiliate();
    await refer(referrer, referred, new Date(now.getTime() - 10 * 86_400_000));
    await insertConversions(t.database, referred, [{ at: new Date(now.getTime() - 60_000), payout: 250 }]);
    await runReferralJobs(t.database.db, now);
    const rows = () => t.database.db.selectFrom('referral_commissions').select(['period_date', 'amount']).where('referrer_id', '=', referrer).execute();
    expect((await rows()).map((r) => Number(r.amount))).toEqual([25]);
    expect(await lines(referrer, 'Referral')).toEqual([]); // the month is not over
    await t.database.db.updateTable('conversions').set({ status: 'reversed' }).where('affiliate_id', '=', referred).execute();
    await runReferralJobs(t.database.db, now);
    expect(await rows()).toEqual([]);

    // A month already credited is not recomputed (its line is paid).
    const referrer2 = await affiliate();
    const referred2 = await affiliate();
    const startDay = addDaysTo(addMonthsTo(monthOf(now), -3), 2);
    await refer(referrer2, referred2, new Date(`${startDay}T14:00:00Z`));
    await insertConversions(t.database, referred2, [{ at: noonOf(addDaysTo(startDay, 3)), payout: 80 }]);
    await runReferralJobs(t.database.db, now);
    expect((await lines(referrer2, 'Referral')).map((l) => Number(l.amount))).toEqual([8]);
    await t.database.db.updateTable('conversions').set({ status: 'reversed' }).where('affiliate_id', '=', referred2).execute();
    await runReferralJobs(t.database.db, now);
    expect((await lines(referrer2, 'Referral')).map((l) => Number(l.amount))).toEqual([8]);
    expect((await t.database.db.selectFrom('referral_commissions').select('amount').where('referrer_id', '=', referrer2).execute()).map((r) => Number(r.amount))).toEqual([8]);
  });

  it('credits the $100 bonus once, at the 10th approved referral', async () => {
    const referrer = await affiliate();
    const approved = new Date(now.getTime() - 20 * 86_400_000);
    for (let k = 0; k < 9; k++) await refer(referrer, await affiliate(k === 0 ? 'inactive' : 'active'), approved);
    await refer(referrer, await affiliate('active'), null); // the 10th, not approved yet
    await refer(referrer, await affiliate('terminated'), approved); // does not count
    await runReferralJobs(t.database.db, now);
    expect(await lines(referrer, 'Bonus')).toEqual([]);

    const tenth = (await t.database.db.selectFrom('referrals').select('referred_id').where('referrer_id', '=', referrer).where('approved_at', 'is', null).executeTakeFirstOrThrow()).referred_id;
    await t.database.db.updateTable('referrals').set({ approved_at: now }).where('referred_id', '=', tenth).execute();
    await Promise.all([runReferralJobs(t.database.db, now), runReferralJobs(t.database.db, now)]);
    await runReferralJobs(t.database.db, new Date(now.getTime() + 3_600_000));
    const bonus = await lines(referrer, 'Bonus');
    expect(bonus.map((l) => Number(l.amount))).toEqual([referralProgram.bonusDollars]);
    expect(bonus[0].notes).toBe('Referral bonus: 10 approved referrals');

    // The database itself refuses a second bonus (another day) or a second claim of the same month.
    await expect(t.database.db.insertInto('referral_credits').values({ affiliate_id: referrer, kind: 'referral_bonus', period_date: addDaysTo(monthOf(now), 40) }).execute()).rejects.toThrow();
    await expect(t.database.db.insertInto('referral_credits').values({ affiliate_id: referrer, kind: 'income', period_date: '2001-01-01' }).execute()).resolves.toBeDefined();
    await expect(t.database.db.insertInto('referral_credits').values({ affiliate_id: referrer, kind: 'income', period_date: '2001-01-01' }).execute()).rejects.toThrow();
    // And a publisher has one referrer.
    await expect(refer(await affiliate(), tenth, now)).rejects.toThrow();

    // An 11th changes nothing.
    await refer(referrer, await affiliate('active'), now);
    await runReferralJobs(t.database.db, now);
    expect(await lines(referrer, 'Bonus')).toHaveLength(1);
  });

  it("gives the referred publisher 10% of their first payment, once", async () => {
    const referrer = await affiliate();
    const referred = await affiliate();
    const notReferred = await affiliate();
    await refer(referrer, referred, new Date(now.getTime() - 60 * 86_400_000));
    const pay = (id: number, day: string, amount: number) =>
      t.database.db.insertInto('account_balance_lines').values({ affiliate_id: id, line_date: day, type: 'Payment', amount, notes: 'Weekly payment' }).execute();
    await pay(referred, addDaysTo(monthOf(now), -20), -123.45);
    await pay(referred, addDaysTo(monthOf(now), -13), -900);
    await pay(notReferred, addDaysTo(monthOf(now), -20), -500);
    await runReferralJobs(t.database.db, now);
    await runReferralJobs(t.database.db, now);
    expect((await lines(referred, 'Bonus')).map((l) => [Number(l.amount), l.notes])).toEqual([[12.35, 'Referral welcome bonus: 10% of your first payment']]);
    expect(await lines(notReferred, 'Bonus')).toEqual([]);
  });

  it("keeps the demo's ledger: its credited months come from the referred publishers' conversions and are not credited again", async () => {
    const demoId = 100001;
    const before = await lines(demoId, 'Referral');
    expect(before.length).toBeGreaterThan(0);
    const computed = (await computeReferralCommissions(t.database.db, now, { referrerId: demoId })).filter((r) => r.period_date < monthOf(now));
    const totals = new Map<string, number>();
    for (const r of computed) totals.set(r.period_date, round2((totals.get(r.period_date) ?? 0) + r.amount));
    expect(before.map((l) => [l.line_date, Number(l.amount)])).toEqual([...totals].map(([period, total]) => [incomeLineDay(period), total]));
    await runReferralJobs(t.database.db, now);
    expect(await lines(demoId, 'Referral')).toEqual(before);
  });

  it("writes the demo's referred publishers' history through the tracking engine: their rollups equal their raw events", async () => {
    const referred = await t.database.db.selectFrom('referrals').select('referred_id').where('referrer_id', '=', 100001).execute();
    for (const { referred_id: id } of referred) {
      const raw = await t.database.db
        .selectFrom('conversions')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('payout').as('earnings')])
        .where('affiliate_id', '=', id)
        .where('status', 'in', ['approved', 'pending'])
        .executeTakeFirstOrThrow();
      const clicks = await t.database.db.selectFrom('clicks').select((eb) => eb.fn.countAll<number>().as('n')).where('affiliate_id', '=', id).executeTakeFirstOrThrow();
      const rollup = await t.database.db
        .selectFrom('stats_daily')
        .select((eb) => [eb.fn.sum<number>('clicks').as('clicks'), eb.fn.sum<number>('leads').as('leads'), eb.fn.sum<number>('earnings').as('earnings')])
        .where('affiliate_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(raw.n), String(id)).toBeGreaterThan(5);
      expect(Number(rollup.clicks)).toBe(Number(clicks.n));
      expect(Number(rollup.leads)).toBe(Number(raw.n));
      expect(Number(rollup.earnings)).toBeCloseTo(Number(raw.earnings), 2);
    }
  });
});

describe(`GET /api/images/referral/{file} (${testEngine})`, () => {
  const sizes: Record<string, [number, number]> = {
    '160x600': [160, 600], '300x250': [300, 250], '300x600': [300, 600], '728x90': [728, 90], 'logo-light': [280, 64], 'logo-dark': [280, 64],
  };

  it('draws every banner and logo in its real size with the product name, without a token', async () => {
    expect(Object.keys(sizes).sort()).toEqual([...REFERRAL_ART].sort());
    const bodies = new Set<string>();
    for (const art of REFERRAL_ART) {
      const res = await get(`/api/images/referral/${art}.svg`);
      expect(res.statusCode, art).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const [w, h] = sizes[art];
      expect(res.body).toMatch(new RegExp(`^<svg [^>]*width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"`));
      expect(res.body).toContain(DEFAULT_PRODUCT_NAME);
      if (!art.startsWith('logo')) expect(res.body).toContain(`${referralProgram.sharePercent}%`);
      expect(res.body).not.toMatch(/<script/i);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(REFERRAL_ART.length);
  });

  it('shows the configured product name (PRODUCT_NAME)', async () => {
    const named = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, productName: 'Acme Partners' });
    try {
      const res = await named.inject({ method: 'GET', url: '/api/images/referral/728x90.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Acme Partners');
      expect(res.body).not.toContain(DEFAULT_PRODUCT_NAME);
    } finally {
      await named.close();
    }
  });

  it('escapes the product name', () => {
    for (const art of REFERRAL_ART) {
      const image = referralArtSvg(art, '<Acme & "Partners">')!;
      expect(image).toContain('&lt;Acme &amp; &quot;Partners&quot;&gt;');
      expect(image).not.toContain('<Acme');
    }
  });

  it('refuses unknown or badly named images with a readable message', async () => {
    for (const file of ['999x999.svg', 'logo.svg', 'banner-728x90.svg']) {
      const res = await get(`/api/images/referral/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json().errors.message, file).toBe('There is no such referral image.');
    }
    for (const file of ['728x90.png', '728x90', '..%2F..%2Fetc%2Fpasswd.svg', `${'a'.repeat(40)}.svg`, 'LOGO-DARK.svg']) {
      const res = await get(`/api/images/referral/${file}`);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().errors.message, file).toBe('The image must be named like 728x90.svg.');
    }
  });
});

function byKey(x: { referred_id: number; period_date: string }, y: { referred_id: number; period_date: string }) {
  return x.period_date.localeCompare(y.period_date) || x.referred_id - y.referred_id;
}
