import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { onUnauthorized } from '../api/baseApi';
import { authApi, useLogoutMutation, usePageViewMutation } from '../api/authApi';
import { clearSession, hasValidSession } from '../lib/session';
import { LoadingScreen } from '../features/auth/LoadingScreen';
import { useAppDispatch } from './hooks';
import { appConfig } from './config';

const SignInJourney = lazy(() => import('../features/auth/SignInJourney').then((m) => ({ default: m.SignInJourney })));
const OttLogin = lazy(() => import('../features/auth/OttLogin').then((m) => ({ default: m.OttLogin })));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const PortalShell = lazy(() => import('../features/shell/PortalShell').then((m) => ({ default: m.PortalShell })));
const ComingSoon = lazy(() => import('../features/shell/ComingSoon').then((m) => ({ default: m.ComingSoon })));

/**
 * Signed-in routes of spec 002 §2 whose screens belong to later issues: they render a small
 * "coming soon" card inside the shell so no link of the shell ends on a 404 (docs/portal-shell.md).
 */
const comingSoonRoutes: { path: string; title: string }[] = [
  { path: '/browse/:tab?', title: 'Browse campaigns' },
  { path: '/campaign/:oid', title: 'Campaign' },
  { path: '/search', title: 'Search' },
  { path: '/settings', title: 'Settings' },
  { path: '/accountbalance', title: 'Account Balances' },
  { path: '/globalpostback', title: 'Global Postback' },
  { path: '/maxmoney', title: 'MaxMoney' },
  { path: '/reports/:type?', title: 'Reports' },
  { path: '/resources', title: 'Resources' },
  { path: '/refer', title: 'Referral Program' },
  { path: '/faq', title: 'FAQ' },
  { path: '/terms', title: 'Terms' },
  { path: '/paycompletion', title: 'Payment change submitted' },
];

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

function SignedInRoutes() {
  useSessionChecks();
  const [logout] = useLogoutMutation();
  const onLogout = () => {
    // Revoke the token on the server, then forget it here whatever the answer.
    void logout().finally(endSession);
  };
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/dashboard" replace />} />
      <Route path="/ottlogin" element={<Navigate to="/dashboard" replace />} />
      <Route
        element={
          <PortalShell onLogout={onLogout} productName={appConfig.productName} siteId={appConfig.siteId} blogUrl={appConfig.blogUrl}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </PortalShell>
        }
      >
        <Route path="/dashboard" element={<DashboardPage />} />
        {comingSoonRoutes.map((r) => (
          <Route key={r.path} path={r.path} element={<ComingSoon title={r.title} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/ottlogin" element={<OttLogin />} />
      <Route path="*" element={<SignInJourney productName={appConfig.productName} siteId={appConfig.siteId} />} />
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
