import { lazy } from 'react';
import { opsMaterialEndpoints } from '../../api/contract/opsMaterial';
import type { OpsArea } from '../areas';

export const opsArea: OpsArea = {
  path: 'material',
  label: 'Creatives',
  description: "A campaign's landing pages, banners, text links and solo e-mails; the managers' photos and QR codes.",
  roles: opsMaterialEndpoints.listLandingPages.roles,
  order: 40,
  Page: lazy(() => import('./MaterialPage').then((m) => ({ default: m.MaterialPage }))),
};
