import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { AuditResponse, InviteResponse, OperatorResponse, OperatorsResponse } from '../../src/api/contract/operator';
import { recordingMessenger, setupTestApp, testEngine, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator, operatorSignIn } from './operatorSignIn';

/**
 * Operator management and the audit log (docs/operators.md "Invitations", "Audit"): invitations are
 * one-time links that expire, the last active admin stays, and every operator write leaves its entry,
 * with before and after, in the write's own transaction.
 */
let clock = new Date('2026-12-03T12:00:00Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
const { messenger, sent } = recordingMessenger();
let t: TestContext;
let admin: string;
let adminId: number;
let serial = 0;
const ip = () => `192.0.2.${++serial}`;

beforeAll(async () => {
  t = await setupTestApp({ now: () => clock, messenger });
  adminId = await createOperator(t.database.db, 'boss@audit.example', 'admin');
  admin = await operatorSignIn(t.app, t.database.db, { email: 'boss@audit.example', password: OPERATOR_PASSWORD }, { at: clock, remoteAddress: ip() });
});
afterAll(() => t?.close());

const call = (tk: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-operator-token': tk }, remoteAddress: '192.0.2.200', ...(method === 'POST' ? { payload: (payload ?? {}) as never } : {}) });
const audit = async (query = '') => AuditResponse.parse((await call(admin, 'GET', `/operator/audit${query}`)).json());
const lastEntry = async (action: string) => (await audit(`?action=${action}&limit=1`)).entries[0];
const linkOf = (email: string) => {
  const mail = [...sent].reverse().find((m) => m.recipient === email);
  return new URL(/https?:\/\/\S+/.exec(mail!.body)![0]).searchParams.get('token')!;
};
const accept = (token: string, password = 'a-new-password-1') =>
  t.app.inject({ method: 'POST', url: '/api/operator/invites/accept', payload: { token, password }, remoteAddress: ip() });

describe(`invitations (${testEngine})`, () => {
  it('invites by e-mail with a single-use link, stored hashed; the first sign-in sets up the authenticator', async () => {
    const res = await call(admin, 'POST', '/operator/operators', { email: ' New.Person@Audit.example ', role: 'finance' });
    expect(res.statusCode, res.body).toBe(200);
    const invited = InviteResponse.parse(res.json());
    expect(invited.operator).toMatchObject({ email: 'new.person@audit.example', role: 'finance', status: 'invited', authenticator: false });
    expect(new Date(invited.invite_expires_at).getTime() - clock.getTime()).toBe(72 * 3600_000);
    const token = linkOf('new.person@audit.example');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.db.selectFrom('operator_invites').select('token_hash').where('operator_id', '=', invited.operator.operator_id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    // No sign-in before the invitation is accepted.
    expect((await t.app.inject({ method: 'POST', url: '/api/operator/session', payload: { email: 'new.person@audit.example', password: 'a-new-password-1' }, remoteAddress: ip() })).statusCode).toBe(403);
    expect((await accept(token, 'short')).statusCode).toBe(400);
    const ok = await accept(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().email).toBe('new.person@audit.example');
    const again = await accept(token, 'another-password-2');
    expect(again.statusCode).toBe(403);
    expect(again.json().errors.message).toMatch(/not valid any more/);
    const tk = await operatorSignIn(t.app, t.database.db, { email: 'new.person@audit.example', password: 'a-new-password-1' }, { at: clock, remoteAddress: ip() });
    expect((await call(tk, 'GET', '/operator/campaigns/99999999/postback')).statusCode).toBe(404);
    const entry = await lastEntry('operator.invite');
    expect(entry).toMatchObject({ operator: { operator_id: adminId }, target: { type: 'operator', id: String(invited.operator.operator_id) }, before: null, ip: '192.0.2.200' });
    expect(entry.after).toMatchObject({ email: 'new.person@audit.example', role: 'finance', status: 'invited' });
    expect(entry.at).toBe(clock.toISOString());
    expect((await lastEntry('operator.invite.accept')).after).toMatchObject({ status: 'active' });
    expect((await lastEntry('operator.authenticator.setup')).target.id).toBe(String(invited.operator.operator_id));
  });

  it('lets a link expire after 72 hours, refuses a second account for an address, and bad input with 400', async () => {
    const res = InviteResponse.parse((await call(admin, 'POST', '/operator/operators', { email: 'late@audit.example', role: 'viewer' })).json());
    const token = linkOf('late@audit.example');
    tick(72 * 3600_000 + 1000);
    expect((await accept(token)).statusCode).toBe(403);
    // Operator sessions last 12 hours: the admin signs in again.
    admin = await operatorSignIn(t.app, t.database.db, { email: 'boss@audit.example', password: OPERATOR_PASSWORD }, { at: clock, remoteAddress: ip() });
    expect(res.operator.status).toBe('invited');
    const twice = await call(admin, 'POST', '/operator/operators', { email: 'LATE@audit.example', role: 'viewer' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.message).toMatch(/already an operator/);
    for (const body of [{ email: 'x@audit.example', role: 'owner' }, { email: 'not-an-address', role: 'viewer' }, {}]) {
      const bad = await call(admin, 'POST', '/operator/operators', body);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().errors.message).toBe('string');
    }
    expect((await call(admin, 'POST', '/operator/operators/abc/role', { role: 'viewer' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/operator/operators/99999999/role', { role: 'viewer' })).statusCode).toBe(404);
  });
});

describe(`managing operators (${testEngine})`, () => {
  it('keeps the last active admin: no demotion, no disabling, until another admin exists', async () => {
    const demote = await call(admin, 'POST', `/operator/operators/${adminId}/role`, { role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errors.message).toMatch(/last active admin/);
    expect((await call(admin, 'POST', `/operator/operators/${adminId}/disable`)).statusCode).toBe(409);
    expect(await t.database.db.selectFrom('operator_audit').select('id').where('action', 'in', ['operator.role', 'operator.disable']).execute()).toHaveLength(0);
    const otherId = await createOperator(t.database.db, 'second@audit.example', 'manager');
    const promoted = await call(admin, 'POST', `/operator/operators/${otherId}/role`, { role: 'admin' });
    expect(OperatorResponse.parse(promoted.json()).operator.role).toBe('admin');
    const entry = await lastEntry('operator.role');
    expect(entry.before).toMatchObject({ role: 'manager' });
    expect(entry.after).toMatchObject({ role: 'admin' });
    // Now one admin can step down; the other is then the last.
    const other = await operatorSignIn(t.app, t.database.db, { email: 'second@audit.example', password: OPERATOR_PASSWORD }, { at: clock, remoteAddress: ip() });
    expect((await call(other, 'POST', `/operator/operators/${otherId}/role`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/operator/operators/${adminId}/role`, { role: 'viewer' })).statusCode).toBe(409);
  });

  it('disables an operator and ends their sessions; reset clears the password and authenticator and mails a new link', async () => {
    const id = await createOperator(t.database.db, 'leaver@audit.example', 'manager');
    const tk = await operatorSignIn(t.app, t.database.db, { email: 'leaver@audit.example', password: OPERATOR_PASSWORD }, { at: clock, remoteAddress: ip() });
    const disabled = OperatorResponse.parse((await call(admin, 'POST', `/operator/operators/${id}/disable`)).json());
    expect(disabled.operator.status).toBe('disabled');
    expect((await call(tk, 'GET', '/operator/accessRequests')).statusCode).toBe(401);
    const entry = await lastEntry('operator.disable');
    expect(entry.before).toMatchObject({ status: 'active', disabled_at: null });
    expect(entry.after).toMatchObject({ status: 'disabled' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/operator/session', payload: { email: 'leaver@audit.example', password: OPERATOR_PASSWORD }, remoteAddress: ip() });
    expect(signIn.statusCode).toBe(403);

    const reset = InviteResponse.parse((await call(admin, 'POST', `/operator/operators/${id}/reset`)).json());
    expect(reset.operator).toMatchObject({ status: 'invited', authenticator: false });
    const row = await t.database.db.selectFrom('operators').select(['password_hash', 'otp_secret']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: '', otp_secret: null });
    const resetEntry = await lastEntry('operator.reset');
    expect(resetEntry.before).toMatchObject({ status: 'disabled', authenticator: true });
    expect(resetEntry.after).toMatchObject({ status: 'invited', authenticator: false });
    expect(JSON.stringify(resetEntry)).not.toMatch(/scrypt|aesgcm/);
    // A second reset replaces the first link.
    const firstLink = linkOf('leaver@audit.example');
    await call(admin, 'POST', `/operator/operators/${id}/reset`);
    expect((await accept(firstLink)).statusCode).toBe(403);
    expect((await accept(linkOf('leaver@audit.example'))).statusCode).toBe(200);

    const list = OperatorsResponse.parse((await call(admin, 'GET', '/operator/operators')).json());
    expect(list.operators.find((o) => o.operator_id === id)).toMatchObject({ status: 'active', authenticator: false });
  });
});

describe(`the audit of the access-request writes (${testEngine})`, () => {
  async function pendingRequest(): Promise<number> {
    const affiliate = await t.database.db.selectFrom('affiliates').select('id').where('email', '=', DEMO_ACCOUNTS.demo).executeTakeFirstOrThrow();
    const taken = t.database.db.selectFrom('access_requests').select('campaign_id').where('affiliate_id', '=', affiliate.id).where('status', '=', 'Pending');
    const campaign = await t.database.db.selectFrom('campaigns').select('id').where('id', 'not in', taken).orderBy('id').executeTakeFirstOrThrow();
    const row = await t.database.db
      .insertInto('access_requests')
      .values({ affiliate_id: affiliate.id, campaign_id: campaign.id, estimated_leads: '100', traffic_type: 'Email', description: 'Lists.', creative: 'E' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('records approve and reject with before and after; a refused write records nothing', async () => {
    const a = await pendingRequest();
    expect((await call(admin, 'POST', `/operator/accessRequests/${a}/approve`)).statusCode).toBe(200);
    const approved = await lastEntry('accessRequest.approve');
    expect(approved).toMatchObject({ target: { type: 'accessRequest', id: String(a) }, before: { status: 'Pending' }, after: { status: 'Approved' }, operator: { operator_id: adminId } });
    const count = async () => (await audit()).total;
    const before = await count();
    expect((await call(admin, 'POST', `/operator/accessRequests/${a}/approve`)).statusCode).toBe(409);
    expect(await count()).toBe(before);
    const r = await pendingRequest();
    expect((await call(admin, 'POST', `/operator/accessRequests/${r}/reject`, { reason: 'Not this time.' })).statusCode).toBe(200);
    expect((await lastEntry('accessRequest.reject')).after).toEqual({ status: 'Rejected', reject_reason: 'Not this time.' });
  });

  it('rolls the write back when its entry cannot be written: nothing happened unaudited', async () => {
    const id = await pendingRequest();
    await sql`alter table operator_audit add constraint no_approvals_test check (action <> 'accessRequest.approve') not valid`.execute(t.database.db);
    try {
      expect((await call(admin, 'POST', `/operator/accessRequests/${id}/approve`)).statusCode).toBe(500);
    } finally {
      await sql`alter table operator_audit drop constraint no_approvals_test`.execute(t.database.db);
    }
    const row = await t.database.db.selectFrom('access_requests').select(['status', 'decided_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Pending', decided_at: null });
  });

  it('records who was handed an advertiser postback', async () => {
    const campaign = await t.database.db.selectFrom('campaigns').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await call(admin, 'GET', `/operator/campaigns/${campaign.id}/postback`)).statusCode).toBe(200);
    expect((await lastEntry('campaign.postback.view')).target).toEqual({ type: 'campaign', id: String(campaign.id) });
  });
});

describe(`reading the audit log (${testEngine})`, () => {
  it('filters by operator, action, target and dates, newest first, a page at a time', async () => {
    const all = await audit('?limit=200');
    expect(all.total).toBe(all.entries.length);
    const times = all.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const page1 = await audit('?limit=2&page=1');
    const page2 = await audit('?limit=2&page=2');
    expect(page1.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
    expect(page2.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    const mine = await audit(`?operator_id=${adminId}&limit=200`);
    expect(mine.entries.every((e) => e.operator?.operator_id === adminId)).toBe(true);
    const rejects = await audit('?action=accessRequest.reject');
    expect(rejects.entries.every((e) => e.action === 'accessRequest.reject')).toBe(true);
    const first = all.entries.find((e) => e.target.type === 'accessRequest')!;
    const target = await audit(`?target_type=accessRequest&target_id=${first.target.id}`);
    expect(target.entries.every((e) => e.target.id === first.target.id)).toBe(true);
    // The invitations were written at the first clock; later entries after the 72-hour tick.
    const day = clock.toISOString().slice(0, 10);
    const today = await audit(`?from=${day}&to=${day}&limit=200`);
    expect(today.total).toBeGreaterThan(0);
    expect(today.total).toBeLessThan(all.total);
    expect((await audit('?from=2020-01-01&to=2020-01-02')).total).toBe(0);
  });

  it('answers bad filters with 400 and a message, and only to admins', async () => {
    for (const q of ['?page=0', '?limit=500', '?from=yesterday', '?operator_id=x', '?to=2026-02-31']) {
      const res = await call(admin, 'GET', `/operator/audit${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().errors.message).toBe('string');
    }
    const viewerId = await createOperator(t.database.db, 'reader@audit.example', 'viewer');
    const viewer = await operatorSignIn(t.app, t.database.db, { email: 'reader@audit.example', password: OPERATOR_PASSWORD }, { at: clock, remoteAddress: ip() });
    expect(viewerId).toBeGreaterThan(0);
    expect((await call(viewer, 'GET', '/operator/audit')).statusCode).toBe(403);
  });
});
