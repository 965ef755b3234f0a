import { lazy } from 'react';
import { operatorEndpoints } from '../../api/contract/operator';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'operators',
  label: 'Operators',
  description: 'Invite operators, change their roles, disable or reset them.',
  roles: operatorEndpoints.listOperators.roles,
  order: 90,
  Page: lazy(() => import('./OperatorsPage').then((m) => ({ default: m.OperatorsPage }))),
};
