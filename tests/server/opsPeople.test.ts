import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBalanceResponse } from '../../src/api/contract/balance';
import { AuditResponse } from '../../src/api/contract/operator';
import {
  AffiliateDetailResponse, AffiliatePaymentResponse, AffiliateSearchResponse, ManagerResponse, OperatorManagerResponse, type AffiliateSummary,
} from '../../src/api/contract/opsPeople';
import { SUSPENDED_MESSAGE } from '../../server/modules/session/service';
import { insertAffiliate, setupTestApp, signIn, testEngine, tokenFor, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator, operatorSignIn } from './operatorSignIn';

/**
 * The back office's affiliates (docs/ops-people.md): the search and the detail against values the
 * test works out itself, suspension (sign-in refused, sessions ended at once), flags, cap overrides,
 * the manager, the scoping of manager operators, the audit entries and the refusals.
 */
let t: TestContext;
const tokens: Record<'admin' | 'manager' | 'unlinked' | 'viewer' | 'finance', string> = { admin: '', manager: '', unlinked: '', viewer: '', finance: '' };
const ids: Record<keyof typeof tokens, number> = { admin: 0, manager: 0, unlinked: 0, viewer: 0, finance: 0 };
let serial = 0;
const address = () => `203.0.113.${++serial}`;

/** The test's own manager and affiliates (names no demo affiliate has). */
let mine: number;
let other: number;
type Fixture = { id: number; first: string; last: string; email: string; company: string; status: 'active' | 'pending' | 'inactive'; registered: Date; manager: number };
const fixtures: Fixture[] = [];
let campaignWithAccess: number;
let campaignWithout: number;

const call = (tk: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-operator-token': tk }, remoteAddress: '192.0.2.77', ...(method === 'POST' ? { payload: (payload ?? {}) as never } : {}) });
const search = async (tk: string, query: string) => {
  const res = await call(tk, 'GET', `/operator/affiliates${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AffiliateSearchResponse.parse(res.json());
};
const detail = async (id: number, tk = tokens.admin) => {
  const res = await call(tk, 'GET', `/operator/affiliates/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return AffiliateDetailResponse.parse(res.json()).affiliate;
};
const audit = async (query: string) => AuditResponse.parse((await call(tokens.admin, 'GET', `/operator/audit${query}`)).json());
const auditCount = async () => Number((await t.database.db.selectFrom('operator_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const newest = (list: Fixture[]) => [...list].sort((a, b) => b.registered.getTime() - a.registered.getTime() || b.id - a.id);

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  for (const role of ['admin', 'manager', 'unlinked', 'viewer', 'finance'] as const) {
    const email = `${role}@people.example`;
    ids[role] = await createOperator(db, email, role === 'unlinked' ? 'manager' : role);
    tokens[role] = await operatorSignIn(t.app, db, { email, password: OPERATOR_PASSWORD }, { remoteAddress: address() });
  }
  mine = ManagerResponse.parse((await call(tokens.admin, 'POST', '/operator/managers', { name: 'Quentin Test', email: 'quentin@people.example' })).json()).manager.manager_id;
  other = ManagerResponse.parse((await call(tokens.admin, 'POST', '/operator/managers', { name: 'Olga Other', email: 'olga@people.example' })).json()).manager.manager_id;
  const rows: Array<Omit<Fixture, 'id'>> = [
    { first: 'Wanda', last: 'Quokka', email: 'wanda@quokka-labs.example', company: 'Quokka Labs', status: 'active', registered: new Date('2026-03-01T10:00:00Z'), manager: mine },
    { first: 'Xavier', last: 'Stone', email: 'xavier.stone@people.example', company: 'QUOKKA LABS East', status: 'pending', registered: new Date('2026-05-01T10:00:00Z'), manager: mine },
    { first: 'Yara', last: 'Bloom', email: 'yara@people.example', company: 'Hundred_Percent 100%', status: 'inactive', registered: new Date('2026-04-01T10:00:00Z'), manager: mine },
    { first: 'Zoe', last: 'Quokkason', email: 'zoe@people.example', company: '', status: 'active', registered: new Date('2026-04-01T10:00:00Z'), manager: other },
    { first: 'Victor', last: 'Plain', email: 'victor@people.example', company: 'Plain Media', status: 'active', registered: new Date('2026-02-01T10:00:00Z'), manager: mine },
  ];
  for (const r of rows) {
    const id = await insertAffiliate(t.database, {
      email: r.email, first_name: r.first, last_name: r.last, company: r.company, status: r.status, registration_date: r.registered, manager_id: r.manager,
    });
    fixtures.push({ ...r, id });
  }
  // The operator of role manager acts as `mine` (the admin's link).
  const linked = await call(tokens.admin, 'POST', `/operator/operators/${ids.manager}/manager`, { manager_id: mine });
  expect(linked.statusCode, linked.body).toBe(200);
  const campaigns = await db.selectFrom('campaigns').select('id').orderBy('id').limit(2).execute();
  [campaignWithAccess, campaignWithout] = campaigns.map((c) => c.id);
});
afterAll(() => t?.close());

const byName = (first: string) => fixtures.find((f) => f.first === first)!;
const summaryOf = (f: Fixture, managerName: string) => ({
  affiliate_id: f.id, name: `${f.first} ${f.last}`, email: f.email, company: f.company, status: f.status,
  registered_at: f.registered.toISOString(), last_login_at: null, manager: { manager_id: f.manager, name: managerName }, flags: [],
});
const managerNames = () => ({ [mine]: 'Quentin Test', [other]: 'Olga Other' }) as Record<number, string>;

describe(`searching affiliates (${testEngine})`, () => {
  it('finds a part of the name, e-mail or company, in any case, newest first, with the whole summary', async () => {
    const found = await search(tokens.admin, '?q=quokka');
    const expected = newest(fixtures.filter((f) => `${f.first} ${f.last} ${f.email} ${f.company}`.toLowerCase().includes('quokka')));
    expect(expected.map((f) => f.first)).toEqual(['Xavier', 'Zoe', 'Wanda']);
    expect(found.total).toBe(expected.length);
    expect(found.affiliates).toEqual(expected.map((f) => summaryOf(f, managerNames()[f.manager])));
    expect((await search(tokens.admin, '?q=Wanda%20Quokka')).affiliates.map((a) => a.affiliate_id)).toEqual([byName('Wanda').id]);
    expect((await search(tokens.admin, '?q=XAVIER.STONE@')).affiliates.map((a) => a.affiliate_id)).toEqual([byName('Xavier').id]);
  });

  it('finds the id itself, and takes % and _ as they are', async () => {
    const victor = byName('Victor');
    expect((await search(tokens.admin, `?q=${victor.id}`)).affiliates.map((a) => a.affiliate_id)).toContain(victor.id);
    expect((await search(tokens.admin, '?q=%25')).affiliates.map((a) => a.affiliate_id)).toEqual([byName('Yara').id]);
    expect((await search(tokens.admin, '?q=d_P')).affiliates.map((a) => a.affiliate_id)).toEqual([byName('Yara').id]);
    // Beyond any id: no match, no failure.
    expect((await search(tokens.admin, '?q=99999999999')).total).toBe(0);
  });

  it('filters by status and manager, and pages through the whole list newest first', async () => {
    const db = t.database.db;
    const actives = await search(tokens.admin, `?manager_id=${mine}&status=active`);
    expect(actives.affiliates.map((a) => a.affiliate_id)).toEqual(newest(fixtures.filter((f) => f.manager === mine && f.status === 'active')).map((f) => f.id));
    const all = await db.selectFrom('affiliates').select(['id', 'registration_date']).execute();
    const order = all.sort((a, b) => b.registration_date.getTime() - a.registration_date.getTime() || b.id - a.id).map((a) => a.id);
    const seen: AffiliateSummary[] = [];
    for (let page = 1; seen.length < order.length; page++) {
      const res = await search(tokens.admin, `?limit=7&page=${page}`);
      expect(res.total).toBe(order.length);
      expect(res.affiliates.length).toBeGreaterThan(0);
      seen.push(...res.affiliates);
    }
    expect(seen.map((a) => a.affiliate_id)).toEqual(order);
    expect((await search(tokens.admin, `?limit=7&page=${Math.ceil(order.length / 7) + 1}`)).affiliates).toEqual([]);
  });

  it('refuses bad search input with a sentence or the field named', async () => {
    for (const [query, message] of [
      ['?status=gone', 'The status is pending, active, inactive, rejected, terminated or suspended.'],
      ['?limit=500', 'limit: must be a whole number from 1 to 200'],
      ['?page=0', 'page: must be a whole number from 1'],
      ['?manager_id=x', 'manager_id: must be a positive whole number'],
      [`?q=${'a'.repeat(201)}`, 'The search text can be at most 200 characters.'],
    ] as const) {
      const res = await call(tokens.admin, 'GET', `/operator/affiliates${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.message).toBe(message);
    }
  });
});

describe(`an affiliate's detail (${testEngine})`, () => {
  it('shows the profile, flags, cap overrides, payment details and the balance the statement ends with', async () => {
    const db = t.database.db;
    const wanda = byName('Wanda');
    await db.insertInto('affiliate_flags').values([{ affiliate_id: wanda.id, flag: 148 }, { affiliate_id: wanda.id, flag: 999 }]).execute();
    await db.insertInto('campaign_access').values({ affiliate_id: wanda.id, campaign_id: campaignWithAccess, status: 'Approved', daily_cap: 25 }).execute();
    await db.updateTable('affiliates').set({ payee: 'Quokka Labs Ltd', payment_platform: 'Payoneer', payment_method: 'Bank transfer', tmp_payoneer: 1 }).where('id', '=', wanda.id).execute();
    const lines = [
      { line_date: '2025-12-31', type: 'Earnings' as const, amount: 150.25 },
      { line_date: '2026-03-07', type: 'Earnings' as const, amount: 89.1 },
      { line_date: '2026-03-10', type: 'Payment' as const, amount: -100 },
      { line_date: '2026-03-11', type: 'Reversal' as const, amount: -0.35 },
    ];
    await db.insertInto('account_balance_lines').values(lines.map((l) => ({ ...l, affiliate_id: wanda.id, notes: '' }))).execute();
    const expectedBalance = lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0) / 100;
    expect(expectedBalance).toBe(139);

    const d = await detail(wanda.id);
    expect(d).toMatchObject({
      affiliate_id: wanda.id,
      status: 'active',
      suspension: null,
      profile: { first_name: 'Wanda', last_name: 'Quokka', company: 'Quokka Labs', email: wanda.email, registered_at: wanda.registered.toISOString(), mobile: '+1 (555) 555-0100' },
      manager: { manager_id: mine, name: 'Quentin Test' },
      payment: { platform: 'Payoneer', method: 'Bank transfer', payee: 'Quokka Labs Ltd', change_pending: true, changed_at: null },
      balance: expectedBalance,
    });
    expect(d.flags.map((f) => [f.flag, f.label === null])).toEqual([[148, false], [999, true]]);
    const campaign = await db.selectFrom('campaigns').select(['name', 'daily_cap']).where('id', '=', campaignWithAccess).executeTakeFirstOrThrow();
    expect(d.cap_overrides).toEqual([{ campaign_id: campaignWithAccess, campaign_name: campaign.name, access_status: 'Approved', daily_cap: 25, campaign_daily_cap: campaign.daily_cap }]);

    // The affiliate's own statement ends at the same balance: the start of the last year plus its lines.
    const affiliate = await tokenFor(t.app, wanda.email);
    const statement = AccountBalanceResponse.parse((await t.app.inject({ method: 'GET', url: '/api/accountBalance/2026', headers: { 'x-app-token': affiliate } })).json());
    const running = statement.account_balances.reduce((sum, l) => sum + Math.round(l.amount * 100), Math.round(statement.starting_balance_by_year['2026'] * 100)) / 100;
    expect(running).toBe(d.balance);

    // Finance reads the payment details and the balance, not the profile.
    const money = await call(tokens.finance, 'GET', `/operator/affiliates/${wanda.id}/payment`);
    expect(money.statusCode, money.body).toBe(200);
    expect(AffiliatePaymentResponse.parse(money.json())).toEqual({ success: true, affiliate_id: wanda.id, payment: d.payment, balance: expectedBalance });
    expect((await call(tokens.finance, 'GET', `/operator/affiliates/${wanda.id}`)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown affiliate and 400 for an id that is none', async () => {
    const res = await call(tokens.admin, 'GET', '/operator/affiliates/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.message).toBe('There is no affiliate with this id.');
    expect((await call(tokens.admin, 'GET', '/operator/affiliates/12ab')).statusCode).toBe(400);
    expect((await call(tokens.admin, 'GET', '/operator/affiliates/99999999/payment')).statusCode).toBe(404);
  });
});

describe(`suspending an affiliate (${testEngine})`, () => {
  it('ends their sessions at once, refuses sign-in with a clear message, and reactivates', async () => {
    const db = t.database.db;
    const victor = byName('Victor');
    const token = await tokenFor(t.app, victor.email);
    const second = await tokenFor(t.app, victor.email);
    const me = () => t.app.inject({ method: 'GET', url: '/api/affiliate', headers: { 'x-app-token': token } });
    expect((await me()).statusCode).toBe(200);

    const res = await call(tokens.admin, 'POST', `/operator/affiliates/${victor.id}/suspend`, { reason: '  Fake leads on campaign 12. ' });
    expect(res.statusCode, res.body).toBe(200);
    const suspended = AffiliateDetailResponse.parse(res.json()).affiliate;
    expect(suspended.status).toBe('suspended');
    expect(suspended.suspension).toMatchObject({ reason: 'Fake leads on campaign 12.', by: { operator_id: ids.admin, email: 'admin@people.example' } });

    expect((await me()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate', headers: { 'x-app-token': second } })).statusCode).toBe(401);
    const open = await db.selectFrom('sessions').select('id').where('affiliate_id', '=', victor.id).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
    const refused = await signIn(t.app, victor.email);
    expect(refused.res.statusCode).toBe(403);
    expect((refused.body.errors as { message: string }).message).toBe(SUSPENDED_MESSAGE);

    const entry = (await audit(`?action=affiliate.suspend&target_id=${victor.id}`)).entries[0];
    expect(entry).toMatchObject({
      operator: { operator_id: ids.admin }, target: { type: 'affiliate', id: String(victor.id) }, before: { status: 'active' },
      after: { status: 'suspended', reason: 'Fake leads on campaign 12.', sessions_ended: 2 }, ip: '192.0.2.77',
    });

    const twice = await call(tokens.admin, 'POST', `/operator/affiliates/${victor.id}/suspend`, { reason: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.message).toBe('Victor Plain is already suspended.');

    const back = await call(tokens.admin, 'POST', `/operator/affiliates/${victor.id}/reactivate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(AffiliateDetailResponse.parse(back.json()).affiliate).toMatchObject({ status: 'active', suspension: null });
    expect((await signIn(t.app, victor.email)).res.statusCode).toBe(200);
    expect((await audit(`?action=affiliate.reactivate&target_id=${victor.id}`)).entries[0]).toMatchObject({
      before: { status: 'suspended', reason: 'Fake leads on campaign 12.' }, after: { status: 'active' },
    });
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${victor.id}/reactivate`)).statusCode).toBe(409);
  });

  it('suspends only an active affiliate, wants a reason, and changes nothing when refused', async () => {
    const xavier = byName('Xavier');
    const count = await auditCount();
    const pending = await call(tokens.admin, 'POST', `/operator/affiliates/${xavier.id}/suspend`, { reason: 'Spam.' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors.message).toBe("Xavier Stone's application is still waiting for review: approve or reject it instead.");
    for (const body of [{}, { reason: '   ' }, { reason: 42 }]) {
      const res = await call(tokens.admin, 'POST', `/operator/affiliates/${byName('Wanda').id}/suspend`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBe('Give the reason for the suspension.');
    }
    const long = await call(tokens.admin, 'POST', `/operator/affiliates/${byName('Wanda').id}/suspend`, { reason: 'x'.repeat(1001) });
    expect(long.json().errors.message).toBe('The reason can be at most 1000 characters.');
    expect((await call(tokens.admin, 'POST', '/operator/affiliates/99999999/suspend', { reason: 'Spam.' })).statusCode).toBe(404);
    expect((await detail(byName('Wanda').id)).status).toBe('active');
    expect(await auditCount()).toBe(count);
  });

  it('rolls the suspension back, sessions included, when its audit entry cannot be written', async () => {
    const db = t.database.db;
    const wanda = byName('Wanda');
    const token = await tokenFor(t.app, wanda.email);
    await sql`alter table operator_audit add constraint no_suspend_test check (action <> 'affiliate.suspend') not valid`.execute(db);
    try {
      expect((await call(tokens.admin, 'POST', `/operator/affiliates/${wanda.id}/suspend`, { reason: 'Spam.' })).statusCode).toBe(500);
    } finally {
      await sql`alter table operator_audit drop constraint no_suspend_test`.execute(db);
    }
    expect(await db.selectFrom('affiliates').select(['status', 'suspended_at', 'suspended_reason']).where('id', '=', wanda.id).executeTakeFirstOrThrow()).toEqual({
      status: 'active', suspended_at: null, suspended_reason: '',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate', headers: { 'x-app-token': token } })).statusCode).toBe(200);
  });
});

describe(`flags, caps and the manager (${testEngine})`, () => {
  it('sets and clears a flag, once, with its audit entry', async () => {
    const yara = byName('Yara');
    const set = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/flags/148`);
    expect(set.statusCode, set.body).toBe(200);
    expect(AffiliateDetailResponse.parse(set.json()).affiliate.flags.map((f) => f.flag)).toEqual([148]);
    expect((await audit(`?action=affiliate.flag.set&target_id=${yara.id}`)).entries[0]).toMatchObject({ before: { flags: [] }, after: { flags: [148] } });
    const count = await auditCount();
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/flags/148`)).statusCode).toBe(200);
    expect(await auditCount()).toBe(count);
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/flags/175`)).statusCode).toBe(200);
    const cleared = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/flags/148/clear`);
    expect(AffiliateDetailResponse.parse(cleared.json()).affiliate.flags.map((f) => f.flag)).toEqual([175]);
    expect((await audit(`?action=affiliate.flag.clear&target_id=${yara.id}`)).entries[0]).toMatchObject({ before: { flags: [148, 175] }, after: { flags: [175] } });
    for (const flag of ['150', 'abc', '0148']) {
      const res = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/flags/${flag}`);
      expect(res.statusCode, flag).toBe(400);
      expect(res.json().errors.message).toBe('The flag is one of 121, 148, 175, 183 or 185.');
    }
    expect((await call(tokens.admin, 'POST', '/operator/affiliates/99999999/flags/148')).statusCode).toBe(404);
  });

  it("sets and removes the affiliate's own cap on a campaign they run", async () => {
    const db = t.database.db;
    const yara = byName('Yara');
    await db.insertInto('campaign_access').values({ affiliate_id: yara.id, campaign_id: campaignWithAccess, status: 'Pending' }).execute();
    const set = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/caps/${campaignWithAccess}`, { daily_cap: 40 });
    expect(set.statusCode, set.body).toBe(200);
    expect(AffiliateDetailResponse.parse(set.json()).affiliate.cap_overrides).toMatchObject([{ campaign_id: campaignWithAccess, daily_cap: 40, access_status: 'Pending' }]);
    const row = () => db.selectFrom('campaign_access').select('daily_cap').where('affiliate_id', '=', yara.id).where('campaign_id', '=', campaignWithAccess).executeTakeFirstOrThrow();
    expect((await row()).daily_cap).toBe(40);
    expect((await audit(`?action=affiliate.cap&target_id=${yara.id}`)).entries[0]).toMatchObject({
      before: { campaign_id: campaignWithAccess, daily_cap: null }, after: { campaign_id: campaignWithAccess, daily_cap: 40 },
    });
    const count = await auditCount();
    for (const body of [{}, { daily_cap: 0 }, { daily_cap: 2.5 }, { daily_cap: '40' }, { daily_cap: 1_000_001 }]) {
      const res = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/caps/${campaignWithAccess}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.message).toBe('The daily cap is a whole number of conversions from 1 to 1,000,000, or null to remove it.');
    }
    const without = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/caps/${campaignWithout}`, { daily_cap: 5 });
    expect(without.statusCode).toBe(409);
    expect(without.json().errors.message).toMatch(/^Yara Bloom does not run .+ and has not asked to: a cap of their own applies/);
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/caps/99999999`, { daily_cap: 5 })).json().errors.message).toBe('There is no campaign with this id.');
    expect(await auditCount()).toBe(count);
    const removed = await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/caps/${campaignWithAccess}`, { daily_cap: null });
    expect(AffiliateDetailResponse.parse(removed.json()).affiliate.cap_overrides).toEqual([]);
    expect((await row()).daily_cap).toBeNull();
  });

  it('changes the manager to an active one, or none', async () => {
    const zoe = byName('Zoe');
    const moved = await call(tokens.admin, 'POST', `/operator/affiliates/${zoe.id}/manager`, { manager_id: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    const demoManager = await t.database.db.selectFrom('managers').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(AffiliateDetailResponse.parse(moved.json()).affiliate.manager).toEqual({ manager_id: 1, name: demoManager.name });
    expect((await audit(`?action=affiliate.manager&target_id=${zoe.id}`)).entries[0]).toMatchObject({ before: { manager_id: other }, after: { manager_id: 1 } });
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${zoe.id}/manager`, { manager_id: 99999999 })).statusCode).toBe(404);
    for (const body of [{}, { manager_id: 'one' }, { manager_id: 0 }]) {
      const res = await call(tokens.admin, 'POST', `/operator/affiliates/${zoe.id}/manager`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBe('Choose an affiliate manager (their id), or null for none.');
    }
    const none = await call(tokens.admin, 'POST', `/operator/affiliates/${zoe.id}/manager`, { manager_id: null });
    expect(AffiliateDetailResponse.parse(none.json()).affiliate.manager).toBeNull();
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${zoe.id}/manager`, { manager_id: other })).statusCode).toBe(200);
  });
});

describe(`a manager operator's affiliates (${testEngine})`, () => {
  it("sees only the linked manager's affiliates in the search and the detail", async () => {
    const expected = newest(fixtures.filter((f) => f.manager === mine));
    const res = await search(tokens.manager, '?limit=200');
    expect(res.affiliates.map((a) => a.affiliate_id)).toEqual(expected.map((f) => f.id));
    expect(res.total).toBe(expected.length);
    expect((await search(tokens.manager, '?q=quokka')).affiliates.map((a) => a.name)).toEqual(['Xavier Stone', 'Wanda Quokka']);
    expect((await search(tokens.manager, `?manager_id=${other}`)).total).toBe(0);
    expect((await detail(byName('Wanda').id, tokens.manager)).affiliate_id).toBe(byName('Wanda').id);
    const theirs = await call(tokens.manager, 'GET', `/operator/affiliates/${byName('Zoe').id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().errors.message).toBe('This affiliate has another affiliate manager: you can see only your own affiliates.');
    expect((await call(tokens.manager, 'GET', `/operator/affiliates/${byName('Zoe').id}/payment`)).statusCode).toBe(403);
  });

  it("refuses every change of another manager's affiliate with a sentence, and changes nothing", async () => {
    const zoe = byName('Zoe');
    const count = await auditCount();
    for (const [url, body] of [
      [`/operator/affiliates/${zoe.id}/suspend`, { reason: 'Spam.' }],
      [`/operator/affiliates/${zoe.id}/manager`, { manager_id: mine }],
      [`/operator/affiliates/${zoe.id}/flags/148`, {}],
      [`/operator/affiliates/${zoe.id}/caps/${campaignWithAccess}`, { daily_cap: 3 }],
    ] as const) {
      const res = await call(tokens.manager, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errors.message).toBe('This affiliate has another affiliate manager: only their manager or an admin can change it.');
    }
    expect(await auditCount()).toBe(count);
    expect(await detail(zoe.id)).toMatchObject({ status: 'active', manager: { manager_id: other }, flags: [] });
  });

  it('changes their own affiliates, and hands one over to another manager', async () => {
    const yara = byName('Yara');
    const flagged = await call(tokens.manager, 'POST', `/operator/affiliates/${yara.id}/flags/121`);
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect((await audit(`?action=affiliate.flag.set&operator_id=${ids.manager}`)).entries[0].target.id).toBe(String(yara.id));
    expect((await call(tokens.manager, 'POST', `/operator/affiliates/${yara.id}/manager`, { manager_id: other })).statusCode).toBe(200);
    expect((await call(tokens.manager, 'GET', `/operator/affiliates/${yara.id}`)).statusCode).toBe(403);
    expect((await call(tokens.admin, 'POST', `/operator/affiliates/${yara.id}/manager`, { manager_id: mine })).statusCode).toBe(200);
  });

  it('gives a manager operator without a link no affiliates, and says why', async () => {
    expect(await search(tokens.unlinked, '')).toMatchObject({ affiliates: [], total: 0 });
    const res = await call(tokens.unlinked, 'POST', `/operator/affiliates/${byName('Wanda').id}/flags/148`);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors.message).toBe('Your operator account is not linked to an affiliate manager, so it has no affiliates yet: ask an admin to link it.');
  });

  it('lets viewers read every affiliate and change none; finance reads only the payment details', async () => {
    const all = Number((await t.database.db.selectFrom('affiliates').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect((await search(tokens.viewer, '')).total).toBe(all);
    expect((await detail(byName('Zoe').id, tokens.viewer)).affiliate_id).toBe(byName('Zoe').id);
    const write = await call(tokens.viewer, 'POST', `/operator/affiliates/${byName('Zoe').id}/flags/148`);
    expect(write.statusCode).toBe(403);
    expect(write.json().errors.message).toMatch(/^Your operator role \(viewer\) does not allow this/);
    expect((await call(tokens.finance, 'GET', '/operator/affiliates')).statusCode).toBe(403);
    expect((await call(tokens.finance, 'GET', `/operator/affiliates/${byName('Zoe').id}/payment`)).statusCode).toBe(200);
  });

  it('links operators to managers by admins only, audited', async () => {
    const refused = await call(tokens.manager, 'POST', `/operator/operators/${ids.manager}/manager`, { manager_id: other });
    expect(refused.statusCode).toBe(403);
    const entry = (await audit(`?action=operator.manager&target_id=${ids.manager}`)).entries[0];
    expect(entry).toMatchObject({ operator: { operator_id: ids.admin }, before: { manager_id: null }, after: { manager_id: mine } });
    const shown = OperatorManagerResponse.parse((await call(tokens.admin, 'POST', `/operator/operators/${ids.unlinked}/manager`, { manager_id: null })).json());
    expect(shown.operator).toEqual({ operator_id: ids.unlinked, email: 'unlinked@people.example', role: 'manager', manager: null });
    expect((await call(tokens.admin, 'POST', '/operator/operators/99999999/manager', { manager_id: mine })).statusCode).toBe(404);
    expect((await call(tokens.admin, 'POST', `/operator/operators/${ids.unlinked}/manager`, { manager_id: 99999999 })).statusCode).toBe(404);
  });
});
