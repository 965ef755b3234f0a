import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingScreen } from '../features/auth/LoadingScreen';
import { isOpsPath } from '../shared/paths';
import { LoadFailureBoundary } from '../ui/LoadFailureBoundary';
import { SessionGate } from './SessionGate';

/** The back office (src/ops): a chunk of its own, loaded only for /ops addresses, never with the portal. */
const OpsApp = lazy(() => import('../ops/OpsApp').then((m) => ({ default: m.OpsApp })));

export function App() {
  const { pathname } = useLocation();
  if (isOpsPath(pathname)) {
    return (
      <LoadFailureBoundary>
        <Suspense fallback={<LoadingScreen />}>
          <OpsApp />
        </Suspense>
      </LoadFailureBoundary>
    );
  }
  return <SessionGate />;
}
