import { lazy } from 'react';
import { operatorEndpoints } from '../../api/contract/operator';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'audit',
  label: 'Audit log',
  description: 'Every operator write: who, what, when, before and after.',
  roles: operatorEndpoints.operatorAudit.roles,
  order: 95,
  Page: lazy(() => import('./AuditPage').then((m) => ({ default: m.AuditPage }))),
};
