import { useCallback, useEffect, useState } from 'react';
import { Provider, useDispatch } from 'react-redux';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { readProductName } from '../lib/page';
import { patterns } from '../shared/paths';
import { useOperatorMeQuery, useOperatorSignOutMutation } from './api/accountApi';
import { onOperatorUnauthorized, opsApi } from './api/opsApi';
import { clearOperatorSession, readOperatorSession, storeOperatorSession, type OperatorSession } from './api/session';
import { areasFor } from './areas';
import { OverviewPage } from './home/OverviewPage';
import { AcceptInvitePage } from './invite/AcceptInvitePage';
import { OpsShell } from './shell/OpsShell';
import { OpsSignInPage } from './signIn/OpsSignInPage';
import { makeOpsStore } from './store';

/** Said on the sign-in screen after the server ended the session (expired, signed out elsewhere, disabled). */
export const SESSION_ENDED = 'Your back office session has ended. Sign in again.';

/**
 * The back office at /ops (docs/ops-console.md): its own store and API slice, its own operator
 * session, and its areas found from their folders. The portal loads this module only for /ops
 * addresses (src/app/App.tsx); an affiliate's first download never contains it.
 */
export function OpsApp() {
  const [store] = useState(makeOpsStore);
  return (
    <Provider store={store}>
      <OpsRoutes />
    </Provider>
  );
}

export function OpsRoutes() {
  const [session, setSession] = useState<OperatorSession | null>(() => readOperatorSession());
  const [notice, setNotice] = useState<string | null>(null);
  const ended = useCallback((message: string | null) => {
    clearOperatorSession();
    setSession(null);
    setNotice(message);
  }, []);
  useEffect(() => onOperatorUnauthorized(() => ended(SESSION_ENDED)), [ended]);
  const signedIn = useCallback((s: OperatorSession) => {
    storeOperatorSession(s);
    setNotice(null);
    setSession(s);
  }, []);
  return (
    <Routes>
      <Route path={patterns.opsInvite} element={<AcceptInvitePage onAccepted={() => ended('Your password is set. Sign in to set up your authenticator.')} />} />
      <Route
        path={patterns.ops}
        element={session ? <SignedInConsole session={session} onSignedOut={() => ended('You are signed out.')} /> : <OpsSignInPage onSignedIn={signedIn} notice={notice} />}
      />
    </Routes>
  );
}

function SignedInConsole({ session, onSignedOut }: { session: OperatorSession; onSignedOut: () => void }) {
  // The server is the judge of a stored token: its answer also brings a role an admin has changed since.
  const me = useOperatorMeQuery();
  const [signOut, signingOut] = useOperatorSignOutMutation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const role = me.data?.operator.role ?? session.operator.role;
  const areas = areasFor(role);
  const leave = async () => {
    await signOut().unwrap().catch(() => undefined);
    dispatch(opsApi.util.resetApiState());
    onSignedOut();
    navigate('/ops');
  };
  return (
    <OpsShell productName={readProductName()} email={session.operator.email} role={role} areas={areas} isSigningOut={signingOut.isLoading} onSignOut={() => void leave()}>
      <Routes>
        <Route index element={<OverviewPage email={session.operator.email} role={role} areas={areas} />} />
        {areas.map((a) => (
          <Route key={a.path} path={`${a.path}/*`} element={<a.Page />} />
        ))}
        {/* An area the role does not open, or no area at all: the overview. */}
        <Route path="*" element={<Navigate to="/ops" replace />} />
      </Routes>
    </OpsShell>
  );
}

