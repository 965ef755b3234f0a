import { lazy } from 'react';
import { publisherReviewEndpoints } from '../../api/contract/register';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'queues',
  label: 'Approvals',
  description: "Review new publishers' applications and access requests to By Request campaigns.",
  roles: publisherReviewEndpoints.listPublishers.roles,
  order: 10,
  Page: lazy(() => import('./QueuesPage').then((m) => ({ default: m.QueuesPage }))),
};
