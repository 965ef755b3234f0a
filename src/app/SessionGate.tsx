import { lazy, Suspense, useEffect, useState } from 'react';
import { hasValidSession } from '../lib/session';
import { LoadingScreen } from '../features/auth/LoadingScreen';
import { LoadFailureBoundary } from '../ui/LoadFailureBoundary';

/**
 * Each side's routes load with it: the signed-in list and the shell only for a session, the
 * public list only without one, so neither first download carries the other's.
 */
const SignedInRoutes = lazy(() => import('./SignedInRoutes').then((m) => ({ default: m.SignedInRoutes })));
const SignedOutRoutes = lazy(() => import('./SignedOutRoutes').then((m) => ({ default: m.SignedOutRoutes })));

/** Decides between the public and the signed-in routes from the stored session (spec 002 §4). */
export function SessionGate() {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    void hasValidSession().then(setSignedIn);
  }, []);
  if (signedIn === null) return <LoadingScreen />;
  return (
    <LoadFailureBoundary>
      <Suspense fallback={<LoadingScreen />}>{signedIn ? <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>
    </LoadFailureBoundary>
  );
}
