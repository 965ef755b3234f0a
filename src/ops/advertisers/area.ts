import { lazy } from 'react';
import { opsOffersEndpoints } from '../../api/contract/opsOffers';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'advertisers',
  label: 'Advertisers',
  description: "The network's advertisers: contacts, postback URL and pixel, secret rotation.",
  roles: opsOffersEndpoints.listAdvertisers.roles,
  order: 20,
  Page: lazy(() => import('./AdvertisersPage').then((m) => ({ default: m.AdvertisersPage }))),
};
