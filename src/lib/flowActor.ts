import { createContext, createElement, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, AnyActorRef, AnyStateMachine, Snapshot } from 'xstate';

/**
 * Starts a screen's flow machine in a given state: the seam through which the generated machine-state
 * stories (stories/machines, docs/testing.md) open any state of any flow directly, through the real
 * screen. In the product no provider is mounted, and `useFlowActor` is exactly `useActorRef`.
 */
export interface FlowStart {
  /** A persisted snapshot of the machine (its invoked children included) to start from. */
  snapshot: Snapshot<unknown>;
  /** Replaces the machine's implementations, e.g. invoked actors that never answer. */
  logic?: (machine: AnyStateMachine) => AnyStateMachine;
  /** Receives the started actor, so a story can check the state it is in. */
  onActor?: (actor: AnyActorRef) => void;
}

/** Flow starts by machine id. */
const FlowStartContext = createContext<Record<string, FlowStart> | null>(null);

export function FlowStartProvider({ value, children }: { value: Record<string, FlowStart>; children: ReactNode }) {
  return createElement(FlowStartContext.Provider, { value }, children);
}

/** `useActorRef` for a screen's flow machine; every screen that runs a machine starts it with this. */
export function useFlowActor<TMachine extends AnyStateMachine>(machine: TMachine, options?: { input?: unknown }): Actor<TMachine> {
  const start = useContext(FlowStartContext)?.[machine.id];
  const logic = useMemo(() => (start?.logic ? (start.logic(machine) as TMachine) : machine), [machine, start]);
  const actor = useActorRef(logic as AnyStateMachine, start ? { ...options, snapshot: start.snapshot } : options) as Actor<TMachine>;
  useEffect(() => {
    start?.onActor?.(actor);
  }, [actor, start]);
  return actor;
}
