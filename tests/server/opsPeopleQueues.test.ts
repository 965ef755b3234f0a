import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessRequestsResponse, AuditResponse } from '../../src/api/contract/operator';
import { PendingPublishersResponse, PublisherDecisionResponse } from '../../src/api/contract/register';
import { paths } from '../../src/shared/paths';
import { insertAffiliate, recordingMessenger, setupTestApp, signIn, testEngine, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator, operatorSignIn } from './operatorSignIn';

/**
 * The review queues in the back office (docs/ops-people.md "Scoping", docs/registration.md): the
 * publisher approval and rejection are audited in their transaction and e-mail the publisher, and a
 * manager operator sees and decides only their own manager's publishers and access requests.
 */
const PRODUCT = 'People Test Network';
const BASE_URL = 'https://portal.people.example';
const { messenger } = recordingMessenger();
let t: TestContext;
let admin: string;
let adminId: number;
let desk: string;
let deskId: number;
let serial = 0;
const address = () => `203.0.113.${200 + ++serial}`;

const call = (tk: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { 'x-operator-token': tk }, remoteAddress: '192.0.2.99', ...(method === 'POST' ? { payload: (payload ?? {}) as never } : {}) });
const audit = async (query: string) => AuditResponse.parse((await call(admin, 'GET', `/operator/audit${query}`)).json());
const outbox = (recipient: string) => t.database.db.selectFrom('outbox_messages').select(['subject', 'body']).where('recipient', '=', recipient).orderBy('id').execute();

/** A publisher waiting for review (an application row, status pending), of manager `manager`. */
async function applicant(first: string, manager: number) {
  const email = `${first.toLowerCase()}.${++serial}@applicants.example`;
  const id = await insertAffiliate(t.database, { email, first_name: first, status: 'pending', manager_id: manager, email_verified_at: new Date() });
  await t.database.db.insertInto('applications').values({ token: `people${serial}${'0'.repeat(16)}`, email, stage: 'Successful', details: '{}', affiliate_id: id }).execute();
  return { id, email };
}

beforeAll(async () => {
  t = await setupTestApp({ messenger, productName: PRODUCT, tracking: { baseUrl: BASE_URL } });
  const db = t.database.db;
  adminId = await createOperator(db, 'admin@queues.example', 'admin');
  admin = await operatorSignIn(t.app, db, { email: 'admin@queues.example', password: OPERATOR_PASSWORD }, { remoteAddress: address() });
  deskId = await createOperator(db, 'desk@queues.example', 'manager');
  desk = await operatorSignIn(t.app, db, { email: 'desk@queues.example', password: OPERATOR_PASSWORD }, { remoteAddress: address() });
  expect((await call(admin, 'POST', `/operator/operators/${deskId}/manager`, { manager_id: 3 })).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe(`publisher review (${testEngine})`, () => {
  it('approves with its audit entry and the welcome e-mail; the publisher signs in', async () => {
    const p = await applicant('Amelie', 3);
    const res = await call(admin, 'POST', `/operator/publishers/${p.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(PublisherDecisionResponse.parse(res.json()).publisher.status).toBe('active');
    expect((await audit(`?action=publisher.approve&target_id=${p.id}`)).entries).toMatchObject([
      { operator: { operator_id: adminId }, target: { type: 'affiliate', id: String(p.id) }, before: { status: 'pending' }, after: { status: 'active' }, ip: '192.0.2.99' },
    ]);
    expect(await outbox(p.email)).toEqual([
      { subject: `Welcome to ${PRODUCT}`, body: `Hello Amelie,\n\nYour ${PRODUCT} account has been approved. You can sign in now:\n\n${BASE_URL}${paths.dashboard}\n` },
    ]);
    expect((await signIn(t.app, p.email)).res.statusCode).toBe(200);
  });

  it('rejects with its audit entry and the e-mail that says so', async () => {
    const p = await applicant('Bruno', 3);
    expect((await call(admin, 'POST', `/operator/publishers/${p.id}/reject`)).statusCode).toBe(200);
    expect((await audit(`?action=publisher.reject&target_id=${p.id}`)).entries).toMatchObject([{ before: { status: 'pending' }, after: { status: 'rejected' } }]);
    expect(await outbox(p.email)).toEqual([
      {
        subject: `Your application to ${PRODUCT}`,
        body: `Hello Bruno,\n\nThank you for your interest in ${PRODUCT}. After reviewing your application, we are unable to approve it.\n`,
      },
    ]);
    // Decided once: a second decision changes nothing and writes nothing.
    expect((await call(admin, 'POST', `/operator/publishers/${p.id}/approve`)).statusCode).toBe(409);
    expect(await outbox(p.email)).toHaveLength(1);
    expect((await audit(`?target_id=${p.id}`)).total).toBe(1);
  });

  it('rolls the decision and its e-mail back when the audit entry cannot be written', async () => {
    const p = await applicant('Chiara', 3);
    await sql`alter table operator_audit add constraint no_publisher_test check (action <> 'publisher.approve') not valid`.execute(t.database.db);
    try {
      expect((await call(admin, 'POST', `/operator/publishers/${p.id}/approve`)).statusCode).toBe(500);
    } finally {
      await sql`alter table operator_audit drop constraint no_publisher_test`.execute(t.database.db);
    }
    expect((await t.database.db.selectFrom('affiliates').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect(await outbox(p.email)).toEqual([]);
  });

  it("shows a manager operator their own manager's applicants only, and refuses the others' with 403", async () => {
    const mine = await applicant('Dmitri', 3);
    const theirs = await applicant('Esme', 4);
    const listed = PendingPublishersResponse.parse((await call(desk, 'GET', '/operator/publishers')).json()).publishers;
    const expected = await t.database.db
      .selectFrom('affiliates as a')
      .innerJoin('applications as p', 'p.affiliate_id', 'a.id')
      .select('a.id')
      .where('a.status', '=', 'pending')
      .where('a.manager_id', '=', 3)
      .orderBy('a.registration_date')
      .orderBy('a.id')
      .execute();
    expect(listed.map((p) => p.affiliate_id)).toEqual(expected.map((r) => r.id));
    expect(listed.map((p) => p.affiliate_id)).toContain(mine.id);
    expect(listed.every((p) => p.manager?.manager_id === 3)).toBe(true);
    const everyone = PendingPublishersResponse.parse((await call(admin, 'GET', '/operator/publishers')).json()).publishers;
    expect(everyone.map((p) => p.affiliate_id)).toContain(theirs.id);

    const refused = await call(desk, 'POST', `/operator/publishers/${theirs.id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.message).toBe('This affiliate has another affiliate manager: only their manager or an admin can change it.');
    expect((await t.database.db.selectFrom('affiliates').select('status').where('id', '=', theirs.id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect(await outbox(theirs.email)).toEqual([]);
    expect((await call(desk, 'POST', `/operator/publishers/${mine.id}/reject`)).statusCode).toBe(200);
    expect((await audit(`?action=publisher.reject&target_id=${mine.id}`)).entries[0].operator?.operator_id).toBe(deskId);
  });
});

describe(`access requests (${testEngine})`, () => {
  it("shows a manager operator their own affiliates' requests only, and refuses deciding the others'", async () => {
    const db = t.database.db;
    const campaign = await db.selectFrom('campaigns').select('id').where('by_request', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const request = async (manager: number) => {
      const affiliate = await insertAffiliate(t.database, { email: `runner.${++serial}@people.example`, manager_id: manager });
      const row = await db
        .insertInto('access_requests')
        .values({ affiliate_id: affiliate, campaign_id: campaign.id, estimated_leads: '100', traffic_type: 'S', description: 'Search traffic on brand terms.', creative: 'E' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const mine = await request(3);
    const theirs = await request(5);
    const listed = AccessRequestsResponse.parse((await call(desk, 'GET', '/operator/accessRequests')).json()).requests;
    const expected = await db
      .selectFrom('access_requests as r')
      .innerJoin('affiliates as a', 'a.id', 'r.affiliate_id')
      .select('r.id')
      .where('r.status', '=', 'Pending')
      .where('a.manager_id', '=', 3)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute();
    expect(listed.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(listed.map((r) => r.id)).toContain(mine);
    expect(AccessRequestsResponse.parse((await call(admin, 'GET', '/operator/accessRequests')).json()).requests.map((r) => r.id)).toContain(theirs);

    const refused = await call(desk, 'POST', `/operator/accessRequests/${theirs}/reject`, { reason: 'Not for you.' });
    expect(refused.statusCode).toBe(403);
    expect((await db.selectFrom('access_requests').select('status').where('id', '=', theirs).executeTakeFirstOrThrow()).status).toBe('Pending');
    expect((await call(desk, 'POST', `/operator/accessRequests/${mine}/approve`)).statusCode).toBe(200);
    expect((await audit(`?action=accessRequest.approve&target_id=${mine}`)).entries[0].operator?.operator_id).toBe(deskId);
  });

  it('gives a manager operator without a link empty queues', async () => {
    await createOperator(t.database.db, 'loose@queues.example', 'manager');
    const loose = await operatorSignIn(t.app, t.database.db, { email: 'loose@queues.example', password: OPERATOR_PASSWORD }, { remoteAddress: address() });
    expect(AccessRequestsResponse.parse((await call(loose, 'GET', '/operator/accessRequests')).json()).requests).toEqual([]);
    expect(PendingPublishersResponse.parse((await call(loose, 'GET', '/operator/publishers')).json()).publishers).toEqual([]);
  });
});
