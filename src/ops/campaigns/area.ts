import { lazy } from 'react';
import { opsOffersEndpoints } from '../../api/contract/opsOffers';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'campaigns',
  label: 'Campaigns',
  description: 'Create and edit campaigns, pause, resume or expire them, and preview what affiliates see.',
  roles: opsOffersEndpoints.listOfferCampaigns.roles,
  order: 25,
  Page: lazy(() => import('./CampaignsPage').then((m) => ({ default: m.CampaignsPage }))),
};
