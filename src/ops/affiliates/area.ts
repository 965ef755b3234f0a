import { lazy } from 'react';
import { opsPeopleEndpoints } from '../../api/contract/opsPeople';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'affiliates',
  label: 'Affiliates',
  description: 'Find affiliates; change their manager, suspend or reactivate them, set flags and cap overrides.',
  roles: opsPeopleEndpoints.searchAffiliates.roles,
  order: 20,
  Page: lazy(() => import('./AffiliatesPage').then((m) => ({ default: m.AffiliatesPage }))),
};
