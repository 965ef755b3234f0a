import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AffiliateResponse } from '../../src/api/contract/affiliate';
import { AuditResponse } from '../../src/api/contract/operator';
import { ManagerResponse, ManagersResponse, type Manager } from '../../src/api/contract/opsPeople';
import { insertAffiliate, setupTestApp, testEngine, tokenFor, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator, operatorSignIn } from './operatorSignIn';

/**
 * The affiliate managers of the back office (docs/ops-people.md "Affiliate managers"): the list
 * against the database, the contact card the portal shows, edits scoped to a manager operator's own
 * card, deactivation, and the audit entries.
 */
let t: TestContext;
let admin: string;
let adminId: number;
let managerOp: string;
let managerOpId: number;
let viewer: string;
let serial = 0;
const address = () => `203.0.113.${100 + ++serial}`;

const call = (tk: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-operator-token': tk }, remoteAddress: '192.0.2.88', ...(method === 'POST' ? { payload: (payload ?? {}) as never } : {}) });
const audit = async (query: string) => AuditResponse.parse((await call(admin, 'GET', `/operator/audit${query}`)).json());
const auditCount = async () => Number((await t.database.db.selectFrom('operator_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const list = async (tk = admin) => {
  const res = await call(tk, 'GET', '/operator/managers');
  expect(res.statusCode, res.body).toBe(200);
  return ManagersResponse.parse(res.json()).managers;
};
const create = async (body: Record<string, unknown>) => {
  const res = await call(admin, 'POST', '/operator/managers', body);
  expect(res.statusCode, res.body).toBe(200);
  return ManagerResponse.parse(res.json()).manager;
};

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  adminId = await createOperator(db, 'admin@managers.example', 'admin');
  admin = await operatorSignIn(t.app, db, { email: 'admin@managers.example', password: OPERATOR_PASSWORD }, { remoteAddress: address() });
  managerOpId = await createOperator(db, 'desk@managers.example', 'manager');
  managerOp = await operatorSignIn(t.app, db, { email: 'desk@managers.example', password: OPERATOR_PASSWORD }, { remoteAddress: address() });
  await createOperator(db, 'viewer@managers.example', 'viewer');
  viewer = await operatorSignIn(t.app, db, { email: 'viewer@managers.example', password: OPERATOR_PASSWORD }, { remoteAddress: address() });
});
afterAll(() => t?.close());

describe(`listing managers (${testEngine})`, () => {
  it('lists every manager with the contact card, the affiliate count and the linked operators, by id', async () => {
    const db = t.database.db;
    expect((await call(admin, 'POST', `/operator/operators/${managerOpId}/manager`, { manager_id: 2 })).statusCode).toBe(200);
    const rows = await db.selectFrom('managers').selectAll().orderBy('id').execute();
    const affiliates = await db.selectFrom('affiliates').select('manager_id').execute();
    const expected: Manager[] = rows.map((m) => ({
      manager_id: m.id, name: m.name, email: m.email, phone: m.phone, im_handle: m.im_handle, is_active: m.is_active,
      created_at: new Date(m.created_at).toISOString(),
      affiliates: affiliates.filter((a) => a.manager_id === m.id).length,
      operators: m.id === 2 ? [{ operator_id: managerOpId, email: 'desk@managers.example' }] : [],
    }));
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.some((m) => m.affiliates > 0)).toBe(true);
    expect(await list()).toEqual(expected);
    expect(await list(viewer)).toEqual(expected);
  });
});

describe(`creating and editing managers (${testEngine})`, () => {
  it('creates a manager as the card shows them: trimmed, the e-mail in lower case, the Telegram username with its @', async () => {
    const made = await create({ name: '  Nora   Field ', email: ' Nora.Field@Network.example ', phone: '+1 416 555 0199', im_handle: 'nora_field' });
    expect(made).toMatchObject({ name: 'Nora Field', email: 'nora.field@network.example', phone: '+1 416 555 0199', im_handle: '@nora_field', is_active: true, affiliates: 0, operators: [] });
    expect((await list()).find((m) => m.manager_id === made.manager_id)).toEqual(made);
    const entry = (await audit(`?action=manager.create&target_id=${made.manager_id}`)).entries[0];
    expect(entry).toMatchObject({
      operator: { operator_id: adminId }, target: { type: 'manager', id: String(made.manager_id) }, before: null,
      after: { name: 'Nora Field', email: 'nora.field@network.example', phone: '+1 416 555 0199', im_handle: '@nora_field', is_active: true },
    });
    const bare = await create({ name: 'Omar Quiet', email: 'omar@network.example' });
    expect(bare).toMatchObject({ phone: '', im_handle: '' });
  });

  it('refuses bad input with a sentence, and stores nothing', async () => {
    const count = Number((await t.database.db.selectFrom('managers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const audits = await auditCount();
    const good = { name: 'Pat Example', email: 'pat@network.example' };
    for (const [body, message] of [
      [{ email: 'pat@network.example' }, "Enter the manager's name."],
      [{ ...good, name: '   ' }, "Enter the manager's name."],
      [{ ...good, name: 'n'.repeat(101) }, 'The name can be at most 100 characters.'],
      [{ name: 'Pat' }, "Enter the manager's e-mail address."],
      [{ ...good, email: 'pat-at-network' }, 'Enter a valid e-mail address for the manager.'],
      [{ ...good, phone: '+1 000 000 0000' }, 'The phone number is not a valid number: give it with its country code, e.g. +1 416 555 0141.'],
      [{ ...good, phone: 12 }, 'Enter the phone number, or leave it empty.'],
      [{ ...good, im_handle: '@no' }, 'The Telegram username has 5 to 32 letters, digits or underscores (with or without the @).'],
      [{ ...good, im_handle: 'has space' }, 'The Telegram username has 5 to 32 letters, digits or underscores (with or without the @).'],
      [{ ...good, name: 'Pat\u0000' }, 'name: must not contain NUL characters'],
    ] as const) {
      const res = await call(admin, 'POST', '/operator/managers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.message).toBe(message);
    }
    expect(Number((await t.database.db.selectFrom('managers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(count);
    expect(await auditCount()).toBe(audits);
    // Only admins add managers.
    expect((await call(managerOp, 'POST', '/operator/managers', good)).statusCode).toBe(403);
  });

  it("edits only the fields sent, which the portal's contact card then shows", async () => {
    const db = t.database.db;
    const made = await create({ name: 'Rita Card', email: 'rita@network.example', phone: '+1 416 555 0123', im_handle: '@rita_card' });
    const affiliateEmail = `card.${Date.now()}@people.example`;
    await insertAffiliate(t.database, { email: affiliateEmail, manager_id: made.manager_id });
    const res = await call(admin, 'POST', `/operator/managers/${made.manager_id}`, { phone: '+1 647 555 0177', im_handle: 'rita_new' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = ManagerResponse.parse(res.json()).manager;
    expect(edited).toMatchObject({ name: 'Rita Card', email: 'rita@network.example', phone: '+1 647 555 0177', im_handle: '@rita_new', affiliates: 1 });
    expect((await audit(`?action=manager.edit&target_id=${made.manager_id}`)).entries[0]).toMatchObject({
      before: { phone: '+1 416 555 0123', im_handle: '@rita_card' }, after: { phone: '+1 647 555 0177', im_handle: '@rita_new' },
    });
    const token = await tokenFor(t.app, affiliateEmail);
    const card = AffiliateResponse.parse((await t.app.inject({ method: 'GET', url: '/api/affiliate', headers: { 'x-app-token': token } })).json()).affiliate_manager;
    expect(card).toMatchObject({ name: 'Rita Card', email: 'rita@network.example', phone: '+1 647 555 0177', im_handle: '@rita_new' });

    const count = await auditCount();
    expect((await call(admin, 'POST', `/operator/managers/${made.manager_id}`, { phone: '+1 647 555 0177' })).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/operator/managers/${made.manager_id}`, {})).statusCode).toBe(200);
    expect(await auditCount()).toBe(count);
    const notFound = await call(admin, 'POST', '/operator/managers/99999999', { name: 'Nobody' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().errors.message).toBe('There is no affiliate manager with this id.');
    expect((await db.selectFrom('managers').select('name').where('id', '=', made.manager_id).executeTakeFirstOrThrow()).name).toBe('Rita Card');
  });

  it("lets a manager operator edit their own card only, and viewers none", async () => {
    const own = await call(managerOp, 'POST', '/operator/managers/2', { phone: '+1 416 555 0155' });
    expect(own.statusCode, own.body).toBe(200);
    expect(ManagerResponse.parse(own.json()).manager.phone).toBe('+1 416 555 0155');
    expect((await audit('?action=manager.edit&target_id=2')).entries[0].operator?.operator_id).toBe(managerOpId);
    const before = await t.database.db.selectFrom('managers').select('phone').where('id', '=', 3).executeTakeFirstOrThrow();
    const theirs = await call(managerOp, 'POST', '/operator/managers/3', { phone: '+1 416 555 0156' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().errors.message).toBe("You can change only your own contact card: ask an admin to change another manager's.");
    expect(await t.database.db.selectFrom('managers').select('phone').where('id', '=', 3).executeTakeFirstOrThrow()).toEqual(before);
    expect((await call(viewer, 'POST', '/operator/managers/2', { phone: '+1 416 555 0157' })).statusCode).toBe(403);
  });
});

describe(`deactivating managers (${testEngine})`, () => {
  it('deactivates and activates, audited; a deactivated manager gets no affiliates and no operator link', async () => {
    const made = await create({ name: 'Sam Leaving', email: 'sam.leaving@network.example' });
    const off = await call(admin, 'POST', `/operator/managers/${made.manager_id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(ManagerResponse.parse(off.json()).manager.is_active).toBe(false);
    expect((await audit(`?action=manager.deactivate&target_id=${made.manager_id}`)).entries[0]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    const count = await auditCount();
    expect((await call(admin, 'POST', `/operator/managers/${made.manager_id}/deactivate`)).statusCode).toBe(200);
    expect(await auditCount()).toBe(count);

    const affiliate = await insertAffiliate(t.database, { email: `moving.${Date.now()}@people.example`, manager_id: 1 });
    const refused = await call(admin, 'POST', `/operator/affiliates/${affiliate}/manager`, { manager_id: made.manager_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.message).toBe('Sam Leaving is deactivated: activate them first, or choose another manager.');
    const link = await call(admin, 'POST', `/operator/operators/${managerOpId}/manager`, { manager_id: made.manager_id });
    expect(link.statusCode).toBe(409);
    expect((await t.database.db.selectFrom('operators').select('manager_id').where('id', '=', managerOpId).executeTakeFirstOrThrow()).manager_id).toBe(2);

    expect((await call(managerOp, 'POST', `/operator/managers/${made.manager_id}/activate`)).statusCode).toBe(403);
    const on = await call(admin, 'POST', `/operator/managers/${made.manager_id}/activate`);
    expect(ManagerResponse.parse(on.json()).manager.is_active).toBe(true);
    expect((await call(admin, 'POST', `/operator/affiliates/${affiliate}/manager`, { manager_id: made.manager_id })).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/operator/managers/99999999/deactivate')).statusCode).toBe(404);
  });
});
