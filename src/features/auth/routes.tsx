import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const SignInJourney = lazy(() => import('./SignInJourney').then((m) => ({ default: m.SignInJourney })));
const OttLogin = lazy(() => import('./OttLogin').then((m) => ({ default: m.OttLogin })));

/** The sign-in area's public routes: the one-time-token hand-off, and the sign-in journey for any other path. */
export function authRoutes({ productName, siteId }: { productName: string; siteId: string }): RouteObject[] {
  return [
    { path: patterns.ottLogin, element: <OttLogin /> },
    { path: patterns.other, element: <SignInJourney productName={productName} siteId={siteId} /> },
  ];
}
