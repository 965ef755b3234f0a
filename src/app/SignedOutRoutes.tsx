import { lazy } from 'react';
import { Routes, type RouteObject } from 'react-router-dom';
import { loadDashboardPage } from '../features/dashboard/routes';
import { appConfig } from './config';
import { signedOutTable } from './publicAreas';
import { toRoute } from './toRoute';

/**
 * The code of the first signed-in screen (the signed-in routes with the shell, and the dashboard),
 * fetched while the affiliate finishes signing in: the page opened afterwards finds it in
 * the browser's cache.
 */
function prefetchSignedIn() {
  void Promise.all([import('./SignedInRoutes'), loadDashboardPage()]).catch(() => undefined);
}

/** The store's dispatch, loaded when the sign-in journey starts (the sign-in form is drawn without it). */
const loadDispatch = () => import('./appStore').then((m) => m.appDispatch);

/** The app's store around a public page that calls the API; the page waits for it. */
const AppStoreProvider = lazy(() => import('./appStore').then((m) => ({ default: m.AppStoreProvider })));

/**
 * Every public route gets the store but those marked `handle: { store: false }`: sign-in (which loads it
 * when the journey starts), the one-time-token hand-off and the static pages (terms, FAQ, the
 * two-factor guide, /paycompletion). A page marked so must not call the API through RTK Query: without
 * the store it would fail to render (the e2e journeys open each public page in the real app).
 */
function withStore(route: RouteObject): RouteObject {
  if ((route.handle as { store?: boolean } | undefined)?.store === false) return route;
  const Page = route.Component;
  return { ...route, Component: undefined, element: <AppStoreProvider>{Page ? <Page /> : route.element}</AppStoreProvider> };
}

/** What every signed-out page's frame shows (spec 002 §2: the footer's product name and site id). */
const frame = { productName: appConfig.productName, siteId: appConfig.siteId };
/** Every public area's routes (src/app/publicAreas.ts). */
const publicRoutes = signedOutTable({ ...frame, prefetchSignedIn, loadDispatch }).map(withStore);

/**
 * The signed-out routes (spec 002 §2), loaded only when there is no session: a signed-in affiliate's
 * first download does not carry their list.
 */
export function SignedOutRoutes() {
  return <Routes>{publicRoutes.map(toRoute)}</Routes>;
}
