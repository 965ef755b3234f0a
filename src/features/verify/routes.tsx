import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const VerifyPage = lazy(() => import('./VerifyPage').then((m) => ({ default: m.VerifyPage })));

/** /verify, signed out: the link of the new publisher's confirmation e-mail (spec 002 §2). */
export function publicRoutes(frame: { productName: string; siteId: string }): RouteObject[] {
  return [{ path: patterns.verify, element: <VerifyPage {...frame} /> }];
}
