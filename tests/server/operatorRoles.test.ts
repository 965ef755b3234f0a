import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { apiEndpoints } from '../../server/lib/contractRegistry';
import { fillPath, type AnyEndpoint } from '../../src/api/contract/endpoint';
import { rolesFor } from '../../src/api/contract/operator';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/api/contract/roles';
import { setupTestApp, testEngine, tokenFor, type TestContext } from './helpers';
import { OPERATOR_PASSWORD, createOperator, operatorSignIn } from './operatorSignIn';

/**
 * Operator roles (docs/operators.md "Roles"): every operator endpoint lists its roles in the contract,
 * the server refuses every other role with 403 before the handler, and neither kind of token opens
 * the other kind's routes.
 */
let t: TestContext;
const tokens = {} as Record<OperatorRole, string>;
let affiliateToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  for (const [i, role] of OPERATOR_ROLES.entries()) {
    const email = `${role}@roles.example`;
    await createOperator(t.database.db, email, role);
    tokens[role] = await operatorSignIn(t.app, t.database.db, { email, password: OPERATOR_PASSWORD }, { remoteAddress: `198.51.100.${i + 1}` });
  }
  affiliateToken = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
});
afterAll(() => t?.close());

const operatorOnly = Object.entries(apiEndpoints).filter(([, ep]) => ep.access === 'operator');
const MISSING_ID = 99999999;

/** A call that changes nothing whoever makes it: ids that do not exist, an empty body (an upload without its file). */
function harmless(ep: AnyEndpoint) {
  const params = Object.fromEntries([...ep.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, name === 'side' ? 'front' : MISSING_ID]));
  const url = `/api${fillPath(ep.path, params)}`;
  return { method: ep.method, url, ...(ep.method === 'GET' ? {} : { payload: {} }) };
}

describe(`operator roles (${testEngine})`, () => {
  it('lists roles for every operator endpoint of the contract, and only for those', () => {
    for (const [name, ep] of operatorOnly) expect(rolesFor(ep)?.length, name).toBeGreaterThan(0);
    for (const [name, ep] of Object.entries(apiEndpoints)) if (ep.access !== 'operator') expect(ep.roles, name).toBeUndefined();
    // Admins may call everything.
    for (const [name, ep] of operatorOnly) expect(rolesFor(ep), name).toContain('admin');
  });

  it('refuses each role the endpoint does not list with a readable 403, and lets the others through', async () => {
    for (const [name, ep] of operatorOnly) {
      if (name === 'operatorSignOut') continue;
      for (const role of OPERATOR_ROLES) {
        const res = await t.app.inject({ ...harmless(ep), headers: { 'x-operator-token': tokens[role] } } as never);
        if (rolesFor(ep)!.includes(role)) {
          expect([200, 400, 404, 415], `${name} as ${role}: ${res.body}`).toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${name} as ${role}`).toBe(403);
          expect(res.json().errors.message).toMatch(new RegExp(`Your operator role \\(${role}\\) does not allow this`));
        }
      }
    }
  });

  it('keeps the matrix of the existing routes: approvals for admin and manager, reads also for viewers', () => {
    const operatorRoles = (name: string) => rolesFor(apiEndpoints[name]);
    expect(operatorRoles('approveAccessRequest')).toEqual(['admin', 'manager']);
    expect(operatorRoles('rejectAccessRequest')).toEqual(['admin', 'manager']);
    expect(operatorRoles('approvePublisher')).toEqual(['admin', 'manager']);
    expect(operatorRoles('listAccessRequests')).toContain('viewer');
    expect(operatorRoles('listPublishers')).toContain('viewer');
    expect(operatorRoles('advertiserPostback')).toEqual(['admin', 'manager', 'finance']);
    for (const name of ['listOperators', 'inviteOperator', 'changeOperatorRole', 'disableOperator', 'resetOperator', 'operatorAudit']) {
      expect(operatorRoles(name)).toEqual(['admin']);
    }
  });

  it('tells every role who is signed in, and lets them sign out', async () => {
    for (const [i, role] of OPERATOR_ROLES.entries()) {
      const email = `${role}@roles.example`;
      const tk = await operatorSignIn(t.app, t.database.db, { email, password: OPERATOR_PASSWORD }, { remoteAddress: `198.51.100.${20 + i}` });
      const me = await t.app.inject({ method: 'GET', url: '/api/operator/session', headers: { 'x-operator-token': tk } });
      expect(me.json()).toMatchObject({ success: true, operator: { email, role } });
      expect(new Date(me.json().expires_at).getTime()).toBeGreaterThan(Date.now());
      expect((await t.app.inject({ method: 'POST', url: '/api/operator/session/end', payload: {}, headers: { 'x-operator-token': tk } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/operator/accessRequests', headers: { 'x-operator-token': tk } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/operator/session', headers: { 'x-operator-token': tk } })).statusCode).toBe(401);
    }
  });
});

describe(`tokens do not cross (${testEngine})`, () => {
  it("opens no operator route with an affiliate's token, in either header", async () => {
    for (const [name, ep] of operatorOnly) {
      for (const header of ['x-app-token', 'x-operator-token']) {
        const res = await t.app.inject({ ...harmless(ep), headers: { [header]: affiliateToken } } as never);
        expect(res.statusCode, `${name} with ${header}`).toBe(401);
      }
    }
  });

  it("opens no affiliate route with an operator's token, in either header", async () => {
    const affiliateGets = Object.entries(apiEndpoints).filter(([, ep]) => ep.access !== 'public' && ep.access !== 'operator' && ep.method === 'GET' && !ep.path.includes(':'));
    expect(affiliateGets.length).toBeGreaterThan(5);
    for (const [name, ep] of affiliateGets) {
      for (const header of ['x-app-token', 'x-operator-token']) {
        const res = await t.app.inject({ method: 'GET', url: `/api${ep.path}`, headers: { [header]: tokens.admin } });
        expect(res.statusCode, `${name} with ${header}`).toBe(401);
      }
    }
  });
});
