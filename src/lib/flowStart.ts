import { createContext, createElement, type ReactNode } from 'react';
import type { AnyActorRef, AnyStateMachine, Snapshot } from 'xstate';

/**
 * Starts a screen's flow machine in a given state: the seam through which the generated machine-state
 * stories (stories/machines, docs/testing.md) open any state of any flow directly, through the real
 * screen. In the product no provider is mounted. This module holds no XState code (its imports are
 * types), so a screen that loads its machine later (the sign-in page) can ask for a start at once.
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
export const FlowStartContext = createContext<Record<string, FlowStart> | null>(null);

export function FlowStartProvider({ value, children }: { value: Record<string, FlowStart>; children: ReactNode }) {
  return createElement(FlowStartContext.Provider, { value }, children);
}
