import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AffiliateStatsResponse,
  DashboardModalsResponse,
  PerformanceBonusResponse,
  TargetStatusResponse,
  VerticalListResponse,
} from '../../src/api/contract/dashboard';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { insertAffiliate, insertConversions, setupTestApp, SMALL_DEMO, testEngine, tokenFor, withToken, type TestContext } from './helpers';

/**
 * The dashboard's figures and modals. The app runs on a fixed clock (10:00 Eastern, 23 November
 * 2026) so the reporting-day boundaries are exact, and the demo network is seeded on the same
 * clock, so its relative dates (registrations, conversions) are the app's.
 */
const SEEDED_AT = new Date('2026-11-23T15:00:00Z');
let clock = SEEDED_AT;
let t: TestContext;
let demo: string;

beforeAll(async () => {
  t = await setupTestApp({ now: () => clock }, { ...SMALL_DEMO, now: SEEDED_AT });
  demo = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
});
afterAll(() => t?.close());

const get = (token: string, url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
const post = (token: string, url: string, payload?: object) =>
  t.app.inject(withToken(token, { method: 'POST', url, ...(payload ? { payload } : {}) }));

/**
 * A demo network made just after midnight in the reporting zone (00:01 Eastern): the seed's recent
 * conversion of the main demo would fall on yesterday five minutes back; it is placed in the new day,
 * so "today" is never empty (the e2e dashboard journey failed once at 00:03 Eastern).
 */
describe(`the demo network made just after midnight Eastern (${testEngine})`, () => {
  const justAfterMidnight = new Date('2026-11-23T05:01:00Z');
  let early: TestContext;
  beforeAll(async () => {
    early = await setupTestApp({ now: () => justAfterMidnight }, { ...SMALL_DEMO, now: justAfterMidnight });
  });
  afterAll(() => early?.close());

  it("records the main demo's recent conversion in the new day, before the clock, and the dashboard counts it", async () => {
    const { rows } = await sql<{ day: string; at: Date }>`
      select to_char((converted_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') as day, converted_at as at
      from conversions where affiliate_id = 100001 and advertiser_ref = 'dash100001x0'`.execute(early.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0].day).toBe('2026-11-23');
    expect(new Date(rows[0].at).getTime()).toBeLessThanOrEqual(justAfterMidnight.getTime());
    const token = await tokenFor(early.app, DEMO_ACCOUNTS.demo);
    const res = AffiliateStatsResponse.parse((await early.app.inject(withToken(token, { method: 'GET', url: '/api/affiliatestats' }))).json());
    expect(res.earnings_today).toBeGreaterThan(0);
  });
});

describe(`GET /api/affiliatestats (${testEngine})`, () => {
  it('sums earnings by Eastern-time days, across every day boundary', async () => {
    const id = await insertAffiliate(t.database, { email: 'stats@example.test' });
    const other = await insertAffiliate(t.database, { email: 'stats-other@example.test' });
    await insertConversions(t.database, id, [
      { at: '2026-11-23T05:00:00Z', payout: 10 }, // 00:00 EST 23 Nov: today
      { at: '2026-11-23T14:00:00Z', payout: 5, status: 'pending' }, // pending counts, as in reports
      { at: '2026-11-23T14:00:00Z', payout: 1000, status: 'reversed' }, // not earnings
      { at: '2026-11-23T14:00:00Z', payout: 2000, status: 'rejected' },
      { at: '2026-11-23T04:59:59Z', payout: 20 }, // 23:59:59 EST 22 Nov: yesterday
      { at: '2026-11-22T05:00:00Z', payout: 40 }, // 00:00 EST 22 Nov: yesterday
      { at: '2026-11-22T04:59:59Z', payout: 80 }, // 21 Nov: this month only
      { at: '2026-11-01T04:00:00Z', payout: 160 }, // 00:00 EDT 1 Nov: this month
      { at: '2026-11-01T03:59:59Z', payout: 320 }, // 31 Oct: this year only
      { at: '2026-01-01T05:00:00Z', payout: 640 }, // 00:00 EST 1 Jan: this year
      { at: '2026-01-01T04:59:59Z', payout: 1280 }, // 31 Dec 2025: none
      { at: '2026-11-23T16:00:00Z', payout: 2560 }, // later today but after the clock: the rollup has it, so it counts
      { at: '2027-01-01T04:30:00Z', payout: 7 }, // 23:30 EST 31 Dec: a future day, not counted until then
    ]);
    await insertConversions(t.database, other, [{ at: '2026-11-23T12:00:00Z', payout: 9999 }]);
    const token = await tokenFor(t.app, 'stats@example.test');

    const res = await get(token, '/api/affiliatestats');
    expect(res.statusCode).toBe(200);
    expect(AffiliateStatsResponse.parse(res.json())).toEqual({
      success: true,
      earnings_today: 2575,
      earnings_yesterday: 60,
      this_month: 2575 + 60 + 80 + 160,
      this_year: 2575 + 60 + 80 + 160 + 320 + 640,
    });

    // At 23:30 Eastern on 22 November (04:30 UTC on the 23rd) "today" is still the 22nd.
    clock = new Date('2026-11-23T04:30:00Z');
    try {
      const late = AffiliateStatsResponse.parse((await get(token, '/api/affiliatestats')).json());
      expect(late).toMatchObject({ earnings_today: 60, earnings_yesterday: 80, this_month: 60 + 80 + 160 });
      // On 1 January the year restarts, yesterday is last year's 31 December.
      clock = new Date('2027-01-01T15:00:00Z');
      const fresh = await tokenFor(t.app, 'stats@example.test');
      const newYear = AffiliateStatsResponse.parse((await get(fresh, '/api/affiliatestats')).json());
      expect(newYear).toEqual({ success: true, earnings_today: 0, earnings_yesterday: 7, this_month: 0, this_year: 0 });
    } finally {
      clock = SEEDED_AT;
    }
  });

  it("counts the affiliate's own days when the profile has a zone, as the reports do", async () => {
    const id = await insertAffiliate(t.database, { email: 'stats-zone@example.test' });
    await t.database.db.updateTable('affiliates').set({ time_zone: '40,5.5' }).where('id', '=', id).execute();
    await insertConversions(t.database, id, [
      { at: '2026-11-22T18:30:00Z', payout: 10 }, // 00:00 on 23 Nov at +05:30 (still the 22nd in New York): today
      { at: '2026-11-22T18:29:59Z', payout: 20 }, // 23:59:59 on 22 Nov at +05:30: yesterday
      { at: '2026-10-31T18:30:00Z', payout: 40 }, // 00:00 on 1 Nov at +05:30 (31 Oct in New York): this month
      { at: '2026-10-31T18:29:59Z', payout: 80 }, // 31 Oct at +05:30: this year only
    ]);
    const token = await tokenFor(t.app, 'stats-zone@example.test');
    const stats = AffiliateStatsResponse.parse((await get(token, '/api/affiliatestats')).json());
    expect(stats).toEqual({ success: true, earnings_today: 10, earnings_yesterday: 20, this_month: 70, this_year: 150 });
    // The summary's This Month is the earnings report's total for the month.
    const report = (await get(token, '/api/reports/earnings?startDate=2026-11-01&endDate=2026-11-24')).json();
    expect(report.totals.earnings).toBe(stats.this_month);
  });

  it("agrees with the demo affiliate's recorded conversions", async () => {
    const res = AffiliateStatsResponse.parse((await get(demo, '/api/affiliatestats')).json());
    const { rows } = await sql<{ day: string; earnings: number }>`
      select to_char((converted_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') as day, sum(payout)::float8 as earnings
      from conversions where affiliate_id = 100001 and status in ('approved', 'pending') group by 1`.execute(t.database.db);
    const sum = (pred: (day: string) => boolean) =>
      Math.round(rows.filter((r) => pred(r.day)).reduce((s, r) => s + Number(r.earnings), 0) * 100) / 100;
    const expected = {
      earnings_today: sum((d) => d === '2026-11-23'),
      earnings_yesterday: sum((d) => d === '2026-11-22'),
      this_month: sum((d) => d >= '2026-11-01' && d <= '2026-11-23'),
      this_year: sum((d) => d >= '2026-01-01' && d <= '2026-11-23'),
    };
    // The demo is seeded on the app's clock: every period has conversions (the seed records one a
    // few minutes before it ran, so "today" too), and the app's figures are the recorded ones.
    for (const [period, value] of Object.entries(expected)) {
      expect(value, period).toBeGreaterThan(0);
      expect(res[period as keyof typeof expected], period).toBeCloseTo(value, 2);
    }
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/affiliatestats' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, errors: { code: 401 } });
  });
});

describe(`performance bonus (${testEngine})`, () => {
  let id: number;
  let token: string;
  const bonus = async () => {
    const res = await get(token, '/api/bonus/performance');
    expect(res.statusCode).toBe(200);
    return PerformanceBonusResponse.parse(res.json());
  };
  const register = (at: string) => t.database.db.updateTable('affiliates').set({ registration_date: at }).where('id', '=', id).execute();
  const setOptIn = async (on: boolean) => {
    await t.database.db.deleteFrom('affiliate_flags').where('affiliate_id', '=', id).where('flag', '=', 185).execute();
    if (on) await t.database.db.insertInto('affiliate_flags').values({ affiliate_id: id, flag: 185 }).execute();
  };
  const earn = async (rows: Array<{ at: string; payout: number }>) => {
    await t.database.db.deleteFrom('conversions').where('affiliate_id', '=', id).execute();
    await insertConversions(t.database, id, rows);
  };

  beforeAll(async () => {
    id = await insertAffiliate(t.database, { email: 'bonus-rules@example.test', registration_date: '2026-10-10T15:00:00Z' });
    token = await tokenFor(t.app, 'bonus-rules@example.test');
  });

  it('shows the promo banner in the first 3 months, and the progress bar once opted in', async () => {
    expect(await bonus()).toEqual({
      success: true, completed_tier: 0, progress_percent: 0, promotion_earnings: 0, current_target: 5000, current_tier: 1,
      opted_in: false, display: 'promo', bonus_amount: 0, promo_end_date: '2027-01-09',
      progress_end_date: '2027-02-09',
    });
    const opt = await post(token, '/api/bonus/performance/optin');
    expect(opt.statusCode).toBe(200);
    expect(opt.json()).toMatchObject({ success: true, affiliate_flags: [185] });
    // Opting in twice is harmless.
    expect((await post(token, '/api/bonus/performance/optin')).statusCode).toBe(200);
    expect(await bonus()).toMatchObject({ opted_in: true, display: 'progress' });
  });

  it('completes a tier only above its target ($5,000 -> $1,000; $50,000 -> $10,000)', async () => {
    // Spec 000 section 9: "above $5,000". Exactly the target is not yet the tier, and the bar does
    // not reach 100% (green) before the tier is completed.
    await earn([{ at: '2026-10-11T15:00:00Z', payout: 3000 }, { at: '2026-11-20T15:00:00Z', payout: 2000 }]);
    expect(await bonus()).toMatchObject({ promotion_earnings: 5000, completed_tier: 0, current_tier: 1, current_target: 5000, progress_percent: 99.99, bonus_amount: 0 });
    // $4,999.99 would round to 100.00%: held below too.
    await earn([{ at: '2026-10-11T15:00:00Z', payout: 4999.99 }]);
    expect(await bonus()).toMatchObject({ completed_tier: 0, progress_percent: 99.99 });
    await earn([{ at: '2026-10-11T15:00:00Z', payout: 2500 }]);
    expect(await bonus()).toMatchObject({ completed_tier: 0, progress_percent: 50 });
    await earn([{ at: '2026-10-11T15:00:00Z', payout: 50000 }]);
    expect(await bonus()).toMatchObject({ completed_tier: 1, current_tier: 2, current_target: 50000, progress_percent: 99.99, bonus_amount: 1000 });
    await earn([{ at: '2026-10-11T15:00:00Z', payout: 3000 }, { at: '2026-11-20T15:00:00Z', payout: 2000.01 }]);
    expect(await bonus()).toMatchObject({ promotion_earnings: 5000.01, completed_tier: 1, current_tier: 2, current_target: 50000, progress_percent: 10, bonus_amount: 1000 });
    await earn([{ at: '2026-10-11T15:00:00Z', payout: 50000.5 }]);
    expect(await bonus()).toMatchObject({ completed_tier: 2, current_tier: 2, current_target: 50000, progress_percent: 100, bonus_amount: 10000 });
  });

  it('counts only the first 3 months: Promo Ended, or Unlocked with a tier, until 4 months', async () => {
    // Registered 1 August (Eastern): promo 1 Aug - 31 Oct, progress bar until 30 Nov.
    await register('2026-08-01T15:00:00Z');
    await earn([
      { at: '2026-08-01T03:00:00Z', payout: 700 }, // 31 July Eastern: before registration
      { at: '2026-08-01T16:00:00Z', payout: 1000 },
      { at: '2026-11-01T03:59:59Z', payout: 3000 }, // 23:59:59 EDT 31 Oct: last moment of the promo
      { at: '2026-11-01T04:00:00Z', payout: 9000 }, // 1 Nov Eastern: after it
    ]);
    expect(await bonus()).toMatchObject({
      promotion_earnings: 4000, completed_tier: 0, display: 'ended', promo_end_date: '2026-10-31', progress_end_date: '2026-11-30',
    });
    await earn([{ at: '2026-08-01T16:00:00Z', payout: 2500 }, { at: '2026-10-31T15:00:00Z', payout: 2500.5 }]);
    expect(await bonus()).toMatchObject({ completed_tier: 1, display: 'unlocked', bonus_amount: 1000 });
    // Not opted in after 3 months: nothing; and opting in is closed.
    await setOptIn(false);
    expect(await bonus()).toMatchObject({ display: 'none', opted_in: false });
    const late = await post(token, '/api/bonus/performance/optin');
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.message).toMatch(/performance bonus promotion has ended/);
    // Past 4 months: nothing, even opted in.
    await setOptIn(true);
    await register('2026-07-22T15:00:00Z');
    expect(await bonus()).toMatchObject({ display: 'none' });
  });

  it('reads as the demo accounts promise', async () => {
    const states: Record<string, Pick<PerformanceBonusResponse, 'display' | 'completed_tier'>> = {};
    for (const email of [DEMO_ACCOUNTS.bonus, DEMO_ACCOUNTS.bonusUnlocked, DEMO_ACCOUNTS.bonusEnded, DEMO_ACCOUNTS.newbie, DEMO_ACCOUNTS.demo]) {
      const { display, completed_tier } = PerformanceBonusResponse.parse((await get(await tokenFor(t.app, email), '/api/bonus/performance')).json());
      states[email] = { display, completed_tier };
    }
    // The seed and the app share the clock, so the states are exact.
    expect(states).toEqual({
      [DEMO_ACCOUNTS.bonus]: { display: 'progress', completed_tier: 0 },
      [DEMO_ACCOUNTS.bonusUnlocked]: { display: 'unlocked', completed_tier: 1 },
      [DEMO_ACCOUNTS.bonusEnded]: { display: 'ended', completed_tier: 0 },
      [DEMO_ACCOUNTS.newbie]: { display: 'promo', completed_tier: 0 },
      [DEMO_ACCOUNTS.demo]: { display: 'none', completed_tier: expect.any(Number) },
    });
    const b = PerformanceBonusResponse.parse((await get(await tokenFor(t.app, DEMO_ACCOUNTS.bonus), '/api/bonus/performance')).json());
    expect(b.completed_tier).toBe(0);
    expect(b.progress_percent).toBeGreaterThan(50);
    expect(b.progress_percent).toBeLessThan(100);
  });
});

describe(`intro survey (${testEngine})`, () => {
  let token: string;
  beforeAll(async () => {
    token = await tokenFor(t.app, DEMO_ACCOUNTS.survey);
  });

  it('lists the verticals with their categories', async () => {
    const res = await get(token, '/api/introSurvey/getVerticalList');
    const body = VerticalListResponse.parse(res.json());
    expect(body.vertical_list.length).toBeGreaterThanOrEqual(50);
    expect(body.vertical_list[0]).toMatchObject({ category_name: 'Finance' });
    expect(new Set(body.vertical_list.map((v) => v.subcategory_id)).size).toBe(body.vertical_list.length);
  });

  it('refuses incomplete or unknown answers and writes nothing', async () => {
    const cases: Array<[object | undefined, RegExp]> = [
      [undefined, /^body: /],
      [{ countries: [], verticals: [101] }, /^countries: choose at least one country/],
      [{ countries: ['US'], verticals: [] }, /^verticals: choose at least one vertical/],
      [{ countries: ['US'] }, /^verticals: is required/],
      [{ countries: 'US', verticals: [101] }, /^countries: /],
      [{ countries: ['USA'], verticals: [101] }, /^countries\.0: must be 2-letter country codes/],
      [{ countries: ['ZZ'], verticals: [101] }, /^countries: ZZ is not a country code/],
      [{ countries: ['US'], verticals: [99999] }, /^verticals: 99999 is not a vertical/],
      [{ countries: ["' OR 1=1 --"], verticals: [101] }, /^countries\.0: /],
      [{ countries: ['US'], verticals: ['1; DROP TABLE affiliates'] }, /^verticals\.0: /],
      // Beyond int4 (2147483647): refused by the contract, never sent to the database (was a 500).
      [{ countries: ['US'], verticals: ['9999999999'] }, /^verticals\.0: /],
      [{ countries: ['US'], verticals: ['2147483648'] }, /^verticals\.0: /],
      [{ countries: ['US'], verticals: [9999999999] }, /^verticals\.0: /],
      [{ countries: ['US'], verticals: ['0'] }, /^verticals\.0: /],
    ];
    for (const [payload, message] of cases) {
      const res = await post(token, '/api/introSurvey/saveTargets', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.message, JSON.stringify(payload)).toMatch(message);
    }
    const status = TargetStatusResponse.parse((await get(token, '/api/introSurvey/targetCountryAndVerticalStatus')).json());
    expect(status).toEqual({ success: true, target_country_survey_complete: false, target_vertical_survey_complete: false });
  });

  it('saves the targets, which completes the survey and ends its modal', async () => {
    const before = DashboardModalsResponse.parse((await get(token, '/api/dashboard/modals')).json());
    expect(before.modals.introSurvey).toBe(true);
    const res = await post(token, '/api/introSurvey/saveTargets', { countries: ['us', 'CA', 'US'], verticals: [101, '402'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.stringMatching(/saved/) });
    const rows = await t.database.db.selectFrom('affiliate_target_countries').select('country_code').where('affiliate_id', '=', 100007).orderBy('country_code').execute();
    expect(rows.map((r) => r.country_code)).toEqual(['CA', 'US']);
    const verticals = await t.database.db.selectFrom('affiliate_target_verticals').select('subcategory_id').where('affiliate_id', '=', 100007).orderBy('subcategory_id').execute();
    expect(verticals.map((r) => r.subcategory_id)).toEqual([101, 402]);
    const status = TargetStatusResponse.parse((await get(token, '/api/introSurvey/targetCountryAndVerticalStatus')).json());
    expect(status).toMatchObject({ target_country_survey_complete: true, target_vertical_survey_complete: true });
    expect(DashboardModalsResponse.parse((await get(token, '/api/dashboard/modals')).json()).modals.introSurvey).toBe(false);
    // Saving again replaces the answers.
    await post(token, '/api/introSurvey/saveTargets', { countries: ['GB'], verticals: [101] });
    const again = await t.database.db.selectFrom('affiliate_target_countries').select('country_code').where('affiliate_id', '=', 100007).execute();
    expect(again.map((r) => r.country_code)).toEqual(['GB']);
  });

  it('replaces the answers in one transaction: a failure midway keeps the old ones', async () => {
    await sql`create function fail_verticals() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(t.database.db);
    await sql`create trigger verticals_fail before insert on affiliate_target_verticals for each row execute function fail_verticals()`.execute(t.database.db);
    try {
      const res = await post(token, '/api/introSurvey/saveTargets', { countries: ['DE', 'FR'], verticals: [102] });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('disk full');
    } finally {
      await sql`drop trigger verticals_fail on affiliate_target_verticals`.execute(t.database.db);
      await sql`drop function fail_verticals()`.execute(t.database.db);
    }
    const countries = await t.database.db.selectFrom('affiliate_target_countries').select('country_code').where('affiliate_id', '=', 100007).execute();
    expect(countries.map((r) => r.country_code)).toEqual(['GB']);
    const verticals = await t.database.db.selectFrom('affiliate_target_verticals').select('subcategory_id').where('affiliate_id', '=', 100007).execute();
    expect(verticals.map((r) => r.subcategory_id)).toEqual([101]);
  });
});

describe(`OpenAPI (${testEngine})`, () => {
  it('documents the shell and dashboard routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/news', '/affiliate/notifications', '/campaigns/{for}', '/search', '/campaignSlider', '/affiliatestats',
      '/bonus/performance', '/bonus/performance/optin', '/introSurvey/getVerticalList', '/introSurvey/saveTargets',
      '/introSurvey/targetCountryAndVerticalStatus', '/tipaltiMissingDocs', '/announcements/dismiss/{notice}',
      '/dashboard/modals', '/usage/event',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe(`dashboard modals (${testEngine})`, () => {
  const none = { introSurvey: false, paymentMethod: false, invalidEmail: false, missingMobile: false, missingDocuments: false, telegram: false };
  const modalsOf = async (token: string) => DashboardModalsResponse.parse((await get(token, '/api/dashboard/modals')).json()).modals;

  it('gives each demo affiliate exactly its own modal, and the main demo none', async () => {
    const expected: Array<[string, Partial<typeof none>]> = [
      [DEMO_ACCOUNTS.demo, {}],
      [DEMO_ACCOUNTS.noPayment, { paymentMethod: true }],
      [DEMO_ACCOUNTS.badMail, { invalidEmail: true }],
      [DEMO_ACCOUNTS.noMobile, { missingMobile: true }],
      [DEMO_ACCOUNTS.docs, { missingDocuments: true }],
      [DEMO_ACCOUNTS.telegram, { telegram: true }],
      [DEMO_ACCOUNTS.bonus, {}],
      [DEMO_ACCOUNTS.newbie, {}],
    ];
    for (const [email, modals] of expected) {
      expect(await modalsOf(await tokenFor(t.app, email)), email).toEqual({ ...none, ...modals });
    }
  });

  it('records the chat-app announcement dismissal as flag 183, for good', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.telegram);
    // The portal sends an empty JSON object as the body of these calls.
    const res = await post(token, '/api/announcements/dismiss/telegram', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, affiliate_flags: [183] });
    expect((await modalsOf(token)).telegram).toBe(false);
    const affiliate = await get(token, '/api/affiliate');
    expect(affiliate.json().affiliate_flags).toEqual([183]);
  });

  it('records the confirmation that the documents were submitted, ends the modal and keeps flag 148', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.docs);
    expect((await modalsOf(token)).missingDocuments).toBe(true);
    const res = await post(token, '/api/tipaltiMissingDocs', {});
    expect(res.statusCode).toBe(200);
    // Flag 148 is the network's: the affiliate's word does not clear it.
    expect(res.json()).toEqual({ success: true, affiliate_flags: [148, 183] });
    expect((await modalsOf(token)).missingDocuments).toBe(false);
    const affiliate = await get(token, '/api/affiliate');
    expect(affiliate.statusCode).toBe(200);
    expect(affiliate.json().affiliate_flags).toContain(148);
    const recorded = await t.database.db.selectFrom('affiliate_notice_dismissals').selectAll().where('affiliate_id', '=', 100011).execute();
    expect(recorded.map((r) => [r.notice, new Date(r.dismissed_at).toISOString()])).toEqual([['tipaltiMissingDocs', clock.toISOString()]]);
    // The confirmation is for good (not a snooze): a week later, and on a new session, no modal.
    clock = new Date(clock.getTime() + 30 * 86_400_000);
    try {
      expect((await modalsOf(await tokenFor(t.app, DEMO_ACCOUNTS.docs))).missingDocuments).toBe(false);
    } finally {
      clock = SEEDED_AT;
    }
    // Confirming twice is harmless; other affiliates with flag 148 still see their modal.
    expect((await post(token, '/api/tipaltiMissingDocs', {})).json()).toEqual({ success: true, affiliate_flags: [148, 183] });
    const flagged = await t.database.db.selectFrom('affiliate_flags').select('affiliate_id').where('flag', '=', 148).orderBy('affiliate_id').execute();
    expect(flagged.map((r) => r.affiliate_id)).toEqual([100005, 100011]);
    const other = await insertAffiliate(t.database, { email: 'docs-other@example.test' });
    await t.database.db.insertInto('affiliate_flags').values([{ affiliate_id: other, flag: 148 }, { affiliate_id: other, flag: 183 }]).execute();
    await t.database.db.insertInto('affiliate_target_countries').values({ affiliate_id: other, country_code: 'US' }).execute();
    expect(await modalsOf(await tokenFor(t.app, 'docs-other@example.test'))).toEqual({ ...none, missingDocuments: true });
  });

  it('snoozes the payment-method and mobile reminders for 7 days', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.noPayment);
    expect((await post(token, '/api/announcements/dismiss/paymentMethod')).statusCode).toBe(200);
    expect((await modalsOf(token)).paymentMethod).toBe(false);
    clock = new Date(clock.getTime() + 6 * 86_400_000);
    try {
      expect((await modalsOf(await tokenFor(t.app, DEMO_ACCOUNTS.noPayment))).paymentMethod).toBe(false);
      clock = new Date(clock.getTime() + 2 * 86_400_000);
      expect((await modalsOf(await tokenFor(t.app, DEMO_ACCOUNTS.noPayment))).paymentMethod).toBe(true);
    } finally {
      clock = SEEDED_AT;
    }
    const mobile = await tokenFor(t.app, DEMO_ACCOUNTS.noMobile);
    expect((await post(mobile, '/api/announcements/dismiss/missingMobile')).statusCode).toBe(200);
    expect(await modalsOf(mobile)).toEqual(none);
  });

  it('answers 404 for an unknown notice and 401 without a token', async () => {
    const res = await post(demo, '/api/announcements/dismiss/everything');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errors: { message: 'This announcement does not exist.', code: 404 } });
    for (const [method, url] of [
      ['POST', '/api/announcements/dismiss/telegram'], ['POST', '/api/tipaltiMissingDocs'], ['GET', '/api/dashboard/modals'],
      ['GET', '/api/bonus/performance'], ['POST', '/api/bonus/performance/optin'], ['GET', '/api/introSurvey/getVerticalList'],
      ['GET', '/api/introSurvey/targetCountryAndVerticalStatus'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    const flags = await t.database.db.selectFrom('affiliate_flags').select('flag').where('affiliate_id', '=', 100001).orderBy('flag').execute();
    expect(flags.map((f) => f.flag)).toEqual([175, 183]);
  });
});
