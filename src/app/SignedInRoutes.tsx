import { Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { NOT_SUCCESS, onUnauthorized } from '../api/baseApi';
import { authApi, useLogoutMutation, usePageViewMutation } from '../api/authApi';
import { clearSession } from '../lib/session';
import { leaveSignInNotice, TOKEN_CHECK_FAILED } from '../lib/signInNotice';
import { paths } from '../shared/paths';
import { LoadingScreen } from '../features/auth/LoadingScreen';
import { startCampaignCall } from '../features/campaigns/detail/earlyCall';
import { startDashboardCall } from '../features/dashboard/earlyCall';
import { PortalShell } from '../features/shell/PortalShell';
import { LoadFailureBoundary } from '../ui/LoadFailureBoundary';
import { appConfig } from './config';
import { useAppDispatch } from './hooks';
import { toDashboard } from './routeTables';
import { signedInTables } from './signedInAreas';
import { makeStore, type AppStore } from './store';
import { toRoute } from './toRoute';

/** Every signed-in area's routes, found from the features' folders (src/app/signedInAreas.ts). This module, with the shell, loads only for a signed-in affiliate. */
const tables = signedInTables({ productName: appConfig.productName, siteId: appConfig.siteId });

/** The affiliate chose Logout: a call answered 401 meanwhile (the token is being revoked) is no failure to explain. */
let signingOut = false;

/** Logout (spec 002 §4): remove the three keys and reload; `notice` shows on the sign-in screen. */
function endSession(notice?: string) {
  clearSession();
  if (notice && !signingOut) leaveSignInNotice(notice);
  window.location.reload();
}

/**
 * On every route change of a signed-in affiliate: re-verify the token and record a page view
 * (spec 002 §4). A failed verification, or any 401, ends the session, and the sign-in screen it reloads
 * to says 'Error while verifying token.' (spec 000 §8).
 */
function useSessionChecks() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [pageView] = usePageViewMutation();
  // A 401 on any call is the server no longer accepting the token: the same end, and the same message.
  useEffect(() => onUnauthorized(() => endSession(TOKEN_CHECK_FAILED)), []);
  useEffect(() => {
    window.scrollTo?.(0, 0);
    const check = dispatch(authApi.endpoints.verifyToken.initiate(undefined, { forceRefetch: true, subscribe: false }));
    // baseApi turns an answer without `success: true` into an error (NOT_SUCCESS), so every failure lands
    // here. A network failure is not proof the session is gone; a server answer is: an error status, or
    // a 2xx whose `success` is false (spec 002 §7: "false means invalid").
    check.unwrap().catch((e: { status?: unknown; error?: unknown }) => {
      if (typeof e?.status === 'number' || e?.error === NOT_SUCCESS) endSession(TOKEN_CHECK_FAILED);
    });
    void pageView({ screen_name: location.pathname, query_string: location.search });
  }, [location.pathname, location.search, dispatch, pageView]);
}

/** The checks as a leaf: the routes around it (and the shell) are not rendered again by each navigation. */
function SessionChecks() {
  useSessionChecks();
  return null;
}

/**
 * The screen inside the shell: loading while its code comes, and if it cannot come (or fails to
 * render) a message and Try again in its place, the shell still usable; another route clears it.
 */
function Screen() {
  const { pathname } = useLocation();
  return (
    <LoadFailureBoundary resetKey={pathname}>
      <Suspense
        fallback={
          // data-screen-loading: the shell keeps what sits below the screen out of the layout until
          // the screen is here, so nothing on a phone jumps down when it arrives (PortalShell).
          <div data-screen-loading="">
            <LoadingScreen />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </LoadFailureBoundary>
  );
}

/**
 * The store of a signed-in page, made when the routes first render (not when this chunk is prefetched
 * during sign-in). A page is signed in or signed out for its whole life (sign-in and logout reload it),
 * so it never shares a store with the public pages' (src/app/appStore.tsx).
 */
let store: AppStore | undefined;
const signedInStore = () => {
  if (!store) {
    store = makeStore();
    // The call that decides the first screen's largest paint, beside the route's code (docs/web-performance.md).
    startDashboardCall(store.dispatch, window.location.pathname);
    startCampaignCall(store.dispatch, window.location.pathname);
  }
  return store;
};

/** The signed-in routes with the store around them. */
export function SignedInRoutes() {
  return (
    <Provider store={signedInStore()}>
      <SignedInApp />
    </Provider>
  );
}

function SignedInApp() {
  const [logout] = useLogoutMutation();
  const onLogout = () => {
    // Revoke the token on the server, then forget it here whatever the answer.
    signingOut = true;
    void logout().finally(() => endSession());
  };
  return (
    <>
      <SessionChecks />
      <Routes>
        {toDashboard.map((path) => (
          <Route key={path} path={path} element={<Navigate to={paths.dashboard} replace />} />
        ))}
        {tables.open.map(toRoute)}
        <Route
          element={
            <PortalShell onLogout={onLogout} productName={appConfig.productName} siteId={appConfig.siteId} blogUrl={appConfig.blogUrl}>
              <Screen />
            </PortalShell>
          }
        >
          {tables.shell.map(toRoute)}
        </Route>
      </Routes>
    </>
  );
}
