import { lazy } from 'react';
import { opsPeopleEndpoints } from '../../api/contract/opsPeople';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'managers',
  label: 'Managers',
  description: "The affiliate managers' contact cards; add, edit, deactivate, and link operator accounts to them.",
  roles: opsPeopleEndpoints.listManagers.roles,
  order: 30,
  Page: lazy(() => import('./ManagersPage').then((m) => ({ default: m.ManagersPage }))),
};
