import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { onUnauthorized } from '../api/baseApi';
import { authApi, useLogoutMutation, usePageViewMutation } from '../api/authApi';
import { clearSession, hasValidSession } from '../lib/session';
import { LoadingScreen } from '../features/auth/LoadingScreen';
import { useAppDispatch } from './hooks';
import { appConfig } from './config';

const SignInJourney = lazy(() => import('../features/auth/SignInJourney').then((m) => ({ default: m.SignInJourney })));
const OttLogin = lazy(() => import('../features/auth/OttLogin').then((m) => ({ default: m.OttLogin })));
const DashboardHome = lazy(() => import('../features/dashboard/DashboardHome').then((m) => ({ default: m.DashboardHome })));

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
  const [logout, { isLoading }] = useLogoutMutation();
  const onLogout = () => {
    // Revoke the token on the server, then forget it here whatever the answer.
    void logout().finally(endSession);
  };
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/dashboard" replace />} />
      <Route path="/ottlogin" element={<Navigate to="/dashboard" replace />} />
      <Route path="/dashboard" element={<DashboardHome onLogout={onLogout} isLoggingOut={isLoading} />} />
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
