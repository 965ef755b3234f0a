import { useContext, useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { createActor, type Actor, type AnyStateMachine } from 'xstate';
import { FlowStartContext, type FlowStart } from './flowStart';

export { FlowStartProvider, type FlowStart } from './flowStart';

/** The machine a flow start runs: the story's replaced implementations, or the machine itself. */
const flowLogic = <TMachine extends AnyStateMachine>(machine: TMachine, start: FlowStart | undefined) =>
  start?.logic ? (start.logic(machine) as TMachine) : machine;

/** `useActorRef` for a screen's flow machine; every screen that runs a machine starts it with this. */
export function useFlowActor<TMachine extends AnyStateMachine>(machine: TMachine, options?: { input?: unknown }): Actor<TMachine> {
  const start = useContext(FlowStartContext)?.[machine.id];
  const logic = useMemo(() => flowLogic(machine, start), [machine, start]);
  const actor = useActorRef(logic as AnyStateMachine, start ? { ...options, snapshot: start.snapshot } : options) as Actor<TMachine>;
  useEffect(() => {
    start?.onActor?.(actor);
  }, [actor, start]);
  return actor;
}

/**
 * `useFlowActor` outside React: creates and starts the machine's actor, from the flow start for its
 * id when `starts` (the seam's context value) holds one. The caller stops it.
 */
export function startFlowActor<TMachine extends AnyStateMachine>(machine: TMachine, starts: Record<string, FlowStart> | null, options?: { input?: unknown }): Actor<TMachine> {
  const start = starts?.[machine.id];
  const logic = flowLogic(machine, start);
  const actor = createActor(logic as AnyStateMachine, start ? { ...options, snapshot: start.snapshot } : options).start() as Actor<TMachine>;
  start?.onActor?.(actor);
  return actor;
}
