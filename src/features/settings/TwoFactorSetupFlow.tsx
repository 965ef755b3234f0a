import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useApiDispatch } from '../../api/baseApi';
import { makeCodeActors } from '../../components/auth/codeActors';
import { SetupStepView } from '../../components/auth/flowViews';
import { useFlowActor } from '../../lib/flowActor';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup.machine';
import { paths } from '../../shared/paths';

/** The set-up modal's content: its own machine, started when the modal opens. */
export function SetupFlow({ onClosed }: { onClosed: () => void }) {
  const dispatch = useApiDispatch();
  const machine = useMemo(() => {
    const a = makeCodeActors(dispatch);
    return twoFactorSetupMachine.provide({ actors: { fetchQrCode: a.fetchQrCode, activate: a.activate } });
  }, [dispatch]);
  const actor = useFlowActor(machine);
  const state = useSelector(actor, (s) => s.value);
  // 'Take me to my dashboard' reloads the page (spec 001 §2.5); Cancel closes the modal.
  useEffect(() => {
    if (state === 'done') window.location.assign(paths.dashboard);
    if (state === 'cancelled') onClosed();
  }, [state, onClosed]);
  return <SetupStepView actor={actor} />;
}

