import type { AuditEntry, Operator } from '../../src/api/contract/operator';
import { operatorEndpoints } from '../../src/api/contract/operator';
import type { OperatorRole } from '../../src/api/contract/roles';
import { mocksOf } from './http';

/** The back office's story data: operators, their audit entries and the signed-in operator. */
export const opsMocks = {
  me: mocksOf(operatorEndpoints.operatorMe),
  signOut: mocksOf(operatorEndpoints.operatorSignOut),
  signIn: mocksOf(operatorEndpoints.operatorSignIn),
  signInCode: mocksOf(operatorEndpoints.operatorSignInCode),
  acceptInvite: mocksOf(operatorEndpoints.acceptInvite),
  operators: mocksOf(operatorEndpoints.listOperators),
  invite: mocksOf(operatorEndpoints.inviteOperator),
  role: mocksOf(operatorEndpoints.changeOperatorRole),
  disable: mocksOf(operatorEndpoints.disableOperator),
  reset: mocksOf(operatorEndpoints.resetOperator),
  audit: mocksOf(operatorEndpoints.operatorAudit),
};

export const STORY_OPERATOR = { operator_id: 1, email: 'ada@network.example', role: 'admin' as OperatorRole };

export const meAnswer = (role: OperatorRole = 'admin') => ({
  success: true as const,
  expires_at: '2026-11-24T00:00:00.000Z',
  operator: { ...STORY_OPERATOR, role },
});

export const sampleOperators: Operator[] = [
  { operator_id: 1, email: 'ada@network.example', role: 'admin', status: 'active', authenticator: true, created_at: '2026-01-05T10:00:00.000Z', disabled_at: null },
  { operator_id: 2, email: 'grace@network.example', role: 'manager', status: 'active', authenticator: true, created_at: '2026-03-14T09:30:00.000Z', disabled_at: null },
  { operator_id: 3, email: 'linus@network.example', role: 'finance', status: 'invited', authenticator: false, created_at: '2026-11-20T15:00:00.000Z', disabled_at: null },
  { operator_id: 4, email: 'old.viewer@network.example', role: 'viewer', status: 'disabled', authenticator: true, created_at: '2025-07-01T08:00:00.000Z', disabled_at: '2026-10-01T12:00:00.000Z' },
];

export const sampleAudit: AuditEntry[] = [
  {
    id: 3,
    at: '2026-11-22T16:04:10.000Z',
    operator: { operator_id: 1, email: 'ada@network.example' },
    action: 'operator.role',
    target: { type: 'operator', id: '2' },
    before: { role: 'viewer' },
    after: { role: 'manager' },
    ip: '203.0.113.7',
  },
  {
    id: 2,
    at: '2026-11-21T11:15:00.000Z',
    operator: { operator_id: 2, email: 'grace@network.example' },
    action: 'accessRequest.approve',
    target: { type: 'accessRequest', id: '41' },
    before: { status: 'Pending' },
    after: { status: 'Approved' },
    ip: '198.51.100.23',
  },
  {
    id: 1,
    at: '2026-11-20T15:00:00.000Z',
    operator: { operator_id: 1, email: 'ada@network.example' },
    action: 'operator.invite',
    target: { type: 'operator', id: '3' },
    before: null,
    after: { email: 'linus@network.example', role: 'finance' },
    ip: '203.0.113.7',
  },
];
