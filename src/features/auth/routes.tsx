import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const SignInJourney = lazy(() => import('./SignInJourney').then((m) => ({ default: m.SignInJourney })));
const OttLogin = lazy(() => import('./OttLogin').then((m) => ({ default: m.OttLogin })));
const TwoFactorGuide = lazy(() => import('./TwoFactorGuide').then((m) => ({ default: m.TwoFactorGuide })));

/** Pages of the sign-in area open both signed in and signed out (the set-up guide). */
export function openRoutes({ productName, siteId }: { productName: string; siteId: string }): RouteObject[] {
  return [{ path: patterns.twoFactorGuide, element: <TwoFactorGuide productName={productName} siteId={siteId} /> }];
}

/** The sign-in area's public routes: the one-time-token hand-off, and the sign-in journey for any other path. */
export function authRoutes({
  productName,
  siteId,
  prefetchSignedIn,
}: {
  productName: string;
  siteId: string;
  /** Loads the first signed-in screen's code (the app's, as a feature never imports another). */
  prefetchSignedIn?: () => void;
}): RouteObject[] {
  return [
    ...openRoutes({ productName, siteId }),
    { path: patterns.ottLogin, element: <OttLogin /> },
    { path: patterns.other, element: <SignInJourney productName={productName} siteId={siteId} prefetchSignedIn={prefetchSignedIn} /> },
  ];
}
