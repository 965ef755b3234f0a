import { Routes } from 'react-router-dom';
import { authRoutes } from '../features/auth/routes';
import { payCompletionRoutes } from '../features/balance/routes';
import { loadDashboardPage } from '../features/dashboard/routes';
import { publicInfoRoutes } from '../features/info/routes';
import { recoveryRoutes } from '../features/recovery/routes';
import { registerRoutes } from '../features/register/routes';
import { verifyRoutes } from '../features/verify/routes';
import { appConfig } from './config';
import { toRoute } from './toRoute';

/**
 * The code of the first signed-in screen (the signed-in routes with the shell, and the dashboard),
 * fetched while the affiliate finishes signing in (issue 11): the page opened afterwards finds it in
 * the browser's cache.
 */
function prefetchSignedIn() {
  void Promise.all([import('./SignedInRoutes'), loadDashboardPage()]).catch(() => undefined);
}

/** What every signed-out page's frame shows (spec 002 §2: the footer's product name and site id). */
const frame = { productName: appConfig.productName, siteId: appConfig.siteId };
const publicRoutes = [...payCompletionRoutes, ...publicInfoRoutes(frame), ...verifyRoutes(frame), ...recoveryRoutes(frame), ...registerRoutes(frame), ...authRoutes({ ...frame, prefetchSignedIn })];

/**
 * The signed-out routes (spec 002 §2), loaded only when there is no session: a signed-in affiliate's
 * first download does not carry their list (issue 11).
 */
export function SignedOutRoutes() {
  return <Routes>{publicRoutes.map(toRoute)}</Routes>;
}
