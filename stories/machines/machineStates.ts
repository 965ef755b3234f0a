/**
 * Every state of a flow machine, found from its graph: the shortest path (xstate's graph module, xstate/graph) from the
 * initial state to each state the machine can reach with the sample events and actor answers it is
 * given. The machine-state stories (stories/machines) render each one through the real screen.
 * Pure: the generator (scripts/machine-stories.ts), its test and the stories all use it.
 */
import { getShortestPaths } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, SnapshotFrom, StateValue } from 'xstate';

export interface MachineSamples<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Events the screen sends, with a sample payload; events without a payload need no sample. */
  events?: EventFromLogic<TMachine>[];
  /** Sample answers of each invoked actor, by invoke id (each also fails once, as an error event). */
  outputs?: Record<string, unknown[]>;
  /** The machine's input. */
  input?: unknown;
  /** Tells apart states with the same value that look different, e.g. 'Error' when an error shows. */
  variant?: (snapshot: SnapshotFrom<TMachine>) => string | undefined;
}

export interface MachineState {
  /** Story export name, e.g. `EnteringCodeError`. */
  name: string;
  value: StateValue;
  variant?: string;
  /** The events of the shortest path, for the story's description. */
  path: string[];
  snapshot: AnyMachineSnapshot;
}

const pascal = (s: string) => s.replace(/(^|[^a-zA-Z0-9])([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** `twoFactorSetup.scan` → `['twoFactorSetup', 'scan']` */
function valuePath(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([k, v]) => [k, ...(v ? valuePath(v) : [])]);
}

/**
 * The events the machine can take in a state: the samples, the payload-free rest, and for each actor
 * running in that state its sample answers and a failure (answers of actors not running would not be
 * real, and an unhandled error event would stop the machine).
 */
function eventsOf(machine: AnyStateMachine, samples: MachineSamples) {
  const events: EventObject[] = [...((samples.events ?? []) as EventObject[])];
  const sampled = new Set(events.map((e) => e.type));
  for (const type of machine.events as string[]) {
    if (!type.startsWith('xstate.') && !sampled.has(type) && type !== '*') events.push({ type });
  }
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const answers = Object.entries(samples.outputs ?? {})
      .filter(([id]) => snapshot.children[id])
      .flatMap(([id, outputs]) => [
        ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }) as EventObject),
        { type: `xstate.error.actor.${id}`, error: new Error('Network error') } as EventObject,
      ]);
    return [...events, ...answers];
  };
}

/**
 * The states to show, one per state value (and variant), each reached by its shortest path. Final
 * states are left out: the screen has gone (the survey closed, the journey reloads the page).
 */
export function machineStates(machine: AnyStateMachine, samples: MachineSamples = {}): MachineState[] {
  const paths = getShortestPaths(machine, { events: eventsOf(machine, samples), input: samples.input });
  const byName = new Map<string, MachineState>();
  for (const path of paths) {
    const snapshot = path.state as AnyMachineSnapshot;
    if (snapshot.status !== 'active') continue;
    const variant = samples.variant?.(snapshot);
    const name = pascal(valuePath(snapshot.value).join('-')) + (variant ? pascal(variant) : '');
    const events = path.steps.map((s) => s.event.type).filter((t) => t !== 'xstate.init');
    const known = byName.get(name);
    if (!known || known.path.length > events.length) byName.set(name, { name, value: snapshot.value, variant, path: events, snapshot });
  }
  return [...byName.values()];
}
