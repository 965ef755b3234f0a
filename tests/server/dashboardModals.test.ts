import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardModalsResponse, TargetStatusResponse, VerticalListResponse } from '../../src/api/contract/dashboard';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { insertAffiliate, testEngine, tokenFor } from './helpers';
import { SEEDED_AT, clock, t, demo, get, post, withDashboardApp } from './dashboardFixture';

/** The dashboard's intro survey and modals, and the OpenAPI description of its routes. */
withDashboardApp();

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
    expect(recorded.map((r) => [r.notice, new Date(r.dismissed_at).toISOString()])).toEqual([['tipaltiMissingDocs', clock.now.toISOString()]]);
    // The confirmation is for good (not a snooze): a week later, and on a new session, no modal.
    clock.now = new Date(clock.now.getTime() + 30 * 86_400_000);
    try {
      expect((await modalsOf(await tokenFor(t.app, DEMO_ACCOUNTS.docs))).missingDocuments).toBe(false);
    } finally {
      clock.now = SEEDED_AT;
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
    clock.now = new Date(clock.now.getTime() + 6 * 86_400_000);
    try {
      expect((await modalsOf(await tokenFor(t.app, DEMO_ACCOUNTS.noPayment))).paymentMethod).toBe(false);
      clock.now = new Date(clock.now.getTime() + 2 * 86_400_000);
      expect((await modalsOf(await tokenFor(t.app, DEMO_ACCOUNTS.noPayment))).paymentMethod).toBe(true);
    } finally {
      clock.now = SEEDED_AT;
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
