import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';
import type { SignInJourneyProps } from './SignInJourney';

const SignInJourney = lazy(() => import('./SignInJourney').then((m) => ({ default: m.SignInJourney })));
const OttLogin = lazy(() => import('./OttLogin').then((m) => ({ default: m.OttLogin })));
const TwoFactorGuide = lazy(() => import('./TwoFactorGuide').then((m) => ({ default: m.TwoFactorGuide })));

/** Pages of the sign-in area open both signed in and signed out (the set-up guide). */
export function openRoutes({ productName, siteId }: { productName: string; siteId: string }): RouteObject[] {
  // A static page: no store when signed out (src/app/SignedOutRoutes.tsx).
  return [{ path: patterns.twoFactorGuide, element: <TwoFactorGuide productName={productName} siteId={siteId} />, handle: { store: false } }];
}

/** The sign-in area's public routes: the one-time-token hand-off, and the sign-in journey for any other path. */
export function publicRoutes({
  productName,
  siteId,
  prefetchSignedIn,
  loadDispatch,
}: {
  productName: string;
  siteId: string;
  /** Loads the first signed-in screen's code (the app's, as a feature never imports another). */
  prefetchSignedIn?: () => void;
  /** The app store's dispatch, loaded when the journey starts: these two routes render without the store. */
  loadDispatch: SignInJourneyProps['loadDispatch'];
}): RouteObject[] {
  return [
    { path: patterns.ottLogin, element: <OttLogin />, handle: { store: false } },
    {
      path: patterns.other,
      element: <SignInJourney productName={productName} siteId={siteId} prefetchSignedIn={prefetchSignedIn} loadDispatch={loadDispatch} />,
      handle: { store: false },
    },
  ];
}
