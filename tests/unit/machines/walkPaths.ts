import { createActor, fromPromise, waitFor, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { expect, it } from 'vitest';

/**
 * Model-based walking of a machine's paths: xstate/graph finds every shortest path (treating the
 * completion and failure of invoked actors as events), then each path is replayed on a real actor
 * whose invoked actors are stubs that answer exactly what the path says they answered.
 * Convention: an invocation's `id` equals its `src`, so `xstate.done.actor.<id>` names the stub.
 */
export type Answer = { done: unknown } | { error: unknown };

export function actorEvents(id: string, answers: Answer[]): EventObject[] {
  return answers.map((a) =>
    'done' in a ? ({ type: `xstate.done.actor.${id}`, output: a.done } as EventObject) : ({ type: `xstate.error.actor.${id}`, error: a.error } as EventObject),
  );
}

export function findPaths<M extends AnyStateMachine>(machine: M, input: unknown, events: EventObject[], filterEvents?: (snapshot: never, event: EventObject) => boolean) {
  return getShortestPaths(machine, { input: input as never, events: events as never, ...(filterEvents ? { filterEvents: filterEvents as never } : {}) });
}

const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/;

export async function replay<M extends AnyStateMachine>(
  machine: M,
  path: ReturnType<typeof findPaths<M>>[number],
  input: unknown,
  stubbedActors: string[],
  implementations: { actions?: Record<string, (...args: never[]) => void> } = {},
) {
  const queues = new Map<string, Answer[]>(stubbedActors.map((id) => [id, []]));
  for (const step of path.steps) {
    const m = actorEvent.exec(step.event.type);
    if (m) queues.get(m[2])?.push(m[1] === 'done' ? { done: (step.event as { output?: unknown }).output } : { error: (step.event as { error?: unknown }).error });
  }
  const actors = Object.fromEntries(
    stubbedActors.map((id) => [
      id,
      fromPromise(async () => {
        const next = queues.get(id)!.shift();
        if (!next) return new Promise(() => {}); // the path ends while this call is still pending
        if ('error' in next) throw next.error;
        return next.done;
      }),
    ]),
  );
  const actor = createActor(machine.provide({ actors, ...implementations } as never), { input } as never);
  actor.start();
  const visited: string[] = [];
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init' && !actorEvent.test(step.event.type)) actor.send(step.event);
    const expected = JSON.stringify(step.state.value);
    await waitFor(actor, (s) => JSON.stringify(s.value) === expected, { timeout: 1000 });
    visited.push(expected);
  }
  const final = actor.getSnapshot();
  actor.stop();
  return { final, visited };
}

/**
 * The two tests of a machine's walk, for a machine whose every state is named by its value: the paths
 * reach exactly `states`, and each path replayed ends in its state with its context.
 */
export function walkEveryPath<M extends AnyStateMachine>(machine: M, input: unknown, events: EventObject[], stubbedActors: string[], states: string[]): void {
  const paths = findPaths(machine, input, events);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(new Set(states.map((state) => JSON.stringify(state))));
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))('walks %s', async (_name, path) => {
    const { final } = await replay(machine, path, input, stubbedActors);
    expect(final.value).toEqual(path.state.value);
    expect(final.context).toEqual(path.state.context);
  });
}
