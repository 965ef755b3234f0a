import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, type RouteObject } from 'react-router-dom';
import { onUnauthorized } from '../api/baseApi';
import { authApi, useLogoutMutation, usePageViewMutation } from '../api/authApi';
import { clearSession, hasValidSession } from '../lib/session';
import { paths, patterns } from '../shared/paths';
import { LoadingScreen } from '../features/auth/LoadingScreen';
import { authRoutes, openRoutes } from '../features/auth/routes';
import { balanceRoutes, payCompletionRoutes } from '../features/balance/routes';
import { campaignRoutes } from '../features/campaigns/routes';
import { dashboardRoutes, loadDashboardPage } from '../features/dashboard/routes';
import { infoRoutes, publicInfoRoutes } from '../features/info/routes';
import { verifyRoutes } from '../features/verify/routes';
import { postbackRoutes } from '../features/postbacks/routes';
import { recoveryRoutes } from '../features/recovery/routes';
import { settingsRoutes } from '../features/settings/routes';
import { maxmoneyRoutes } from '../features/maxmoney/routes';
import { referRoutes } from '../features/refer/routes';
import { resourcesRoutes } from '../features/resources/routes';
import { registerRoutes } from '../features/register/routes';
import { reportRoutes } from '../features/reports/routes';
import { useAppDispatch } from './hooks';
import { appConfig } from './config';

const loadPortalShell = () => import('../features/shell/PortalShell');
const PortalShell = lazy(() => loadPortalShell().then((m) => ({ default: m.PortalShell })));

/**
 * The code of the first signed-in screen (the shell and the dashboard), fetched while the affiliate
 * finishes signing in (issue 11): the page opened afterwards finds it in the browser's cache.
 */
function prefetchSignedIn() {
  void Promise.all([loadPortalShell(), loadDashboardPage()]).catch(() => undefined);
}

/**
 * The routes of every area, collected here: each area exports its own (src/features/<area>/routes.tsx),
 * so adding an area adds one line to one of these lists (docs/adding-an-area.md).
 */
const signedInRoutes: RouteObject[] = [...dashboardRoutes, ...campaignRoutes, ...postbackRoutes, ...reportRoutes, ...balanceRoutes, ...settingsRoutes, ...infoRoutes, ...maxmoneyRoutes, ...resourcesRoutes, ...referRoutes];
/** What every signed-out page's frame shows (spec 002 §2: the footer's product name and site id). */
const frame = { productName: appConfig.productName, siteId: appConfig.siteId };
const publicRoutes: RouteObject[] = [...payCompletionRoutes, ...publicInfoRoutes(frame), ...verifyRoutes(frame), ...recoveryRoutes(frame), ...registerRoutes(frame), ...authRoutes({ ...frame, prefetchSignedIn })];

/** Logout (spec 002 §4): remove the three keys and reload. */
function endSession() {
  clearSession();
  window.location.reload();
}

/**
 * On every route change of a signed-in affiliate: re-verify the token and record a page view
 * (spec 002 §4). A failed verification, or any 401, ends the session.
 */
function useSessionChecks() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [pageView] = usePageViewMutation();
  useEffect(() => onUnauthorized(endSession), []);
  useEffect(() => {
    window.scrollTo?.(0, 0);
    const check = dispatch(authApi.endpoints.verifyToken.initiate(undefined, { forceRefetch: true, subscribe: false }));
    check.unwrap().then(
      (r) => {
        if (!r.success) endSession();
      },
      (e: { status?: unknown }) => {
        // A network failure is not proof the session is gone; a server answer is.
        if (typeof e?.status === 'number') endSession();
      },
    );
    void pageView({ screen_name: location.pathname, query_string: location.search });
  }, [location.pathname, location.search, dispatch, pageView]);
}

/** The checks as a leaf: the routes around it (and the shell) are not rendered again by each navigation. */
function SessionChecks() {
  useSessionChecks();
  return null;
}

function SignedInRoutes() {
  const [logout] = useLogoutMutation();
  const onLogout = () => {
    // Revoke the token on the server, then forget it here whatever the answer.
    void logout().finally(endSession);
  };
  return (
    <>
      <SessionChecks />
      <Routes>
        <Route path={patterns.root} element={<Navigate to={paths.dashboard} replace />} />
        <Route path={patterns.ottLogin} element={<Navigate to={paths.dashboard} replace />} />
        {openRoutes({ productName: appConfig.productName, siteId: appConfig.siteId }).map(toRoute)}
        {payCompletionRoutes.map(toRoute)}
        <Route
          element={
            <PortalShell onLogout={onLogout} productName={appConfig.productName} siteId={appConfig.siteId} blogUrl={appConfig.blogUrl}>
              <Suspense fallback={<LoadingScreen />}>
                <Outlet />
              </Suspense>
            </PortalShell>
          }
        >
          {signedInRoutes.map(toRoute)}
        </Route>
        <Route path={patterns.other} element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </>
  );
}

function toRoute(route: RouteObject) {
  return <Route key={route.path} path={route.path} element={route.element} Component={route.Component} />;
}

function SignedOutRoutes() {
  return (
    <Routes>
      {publicRoutes.map(toRoute)}
    </Routes>
  );
}

/** Decides between the public and the signed-in routes from the stored session (spec 002 §4). */
export function SessionGate() {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    void hasValidSession().then(setSignedIn);
  }, []);
  if (signedIn === null) return <LoadingScreen />;
  return <Suspense fallback={<LoadingScreen />}>{signedIn ? <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>;
}
