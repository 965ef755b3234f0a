import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineStoryFiles } from '../../../scripts/machine-stories';
import { flows } from '../../../stories/machines/flows';
import { machineStates } from '../../../stories/machines/machineStates';

const root = join(import.meta.dirname, '../../..');

describe('machine-state stories (stories/machines)', () => {
  it('cover every machine in src/machines', () => {
    const machines = readdirSync(join(root, 'src/machines')).filter((f) => f.endsWith('.machine.ts'));
    expect(flows.map((f) => f.source.replace('src/machines/', '')).sort()).toEqual(machines.sort());
  });

  it('reach every state of each machine that is not final', () => {
    for (const flow of flows) {
      // A compound or parallel top-level state counts as reached through any of its inner states.
      const reached = new Set(
        machineStates(flow.machine, flow.samples).flatMap((s) => (typeof s.value === 'string' ? [s.value] : Object.keys(s.value))).map((key) => JSON.stringify(key)),
      );
      const atomic = Object.values(flow.machine.root.states).filter((node) => node.type !== 'final' && !node.always?.length);
      const missing = atomic.map((node) => JSON.stringify(node.key)).filter((key) => !reached.has(key));
      expect(missing, `${flow.name}: add samples to stories/machines/flows.ts that reach these states`).toEqual([]);
    }
  });

  it('are generated from the machines as they are now (npm run stories:machines)', () => {
    for (const file of machineStoryFiles()) {
      expect(readFileSync(join(root, file.path), 'utf8'), `${file.path} is stale: run npm run stories:machines`).toBe(file.content);
    }
  });

  it('name each state by its value and variant, reached by its shortest path', () => {
    const intro = flows.find((f) => f.name === 'IntroSurvey')!;
    const states = machineStates(intro.machine, intro.samples);
    const byName = Object.fromEntries(states.map((s) => [s.name, s]));
    expect(byName.LoadingVerticals.path).toEqual([]);
    expect(byName.Editing.path).toEqual(['xstate.done.actor.loadVerticals']);
    expect(byName.LoadFailedError.path).toEqual(['xstate.error.actor.loadVerticals']);
    expect(byName.Saving.path).toEqual(['xstate.done.actor.loadVerticals', 'SET_COUNTRIES', 'SET_VERTICALS', 'SUBMIT']);
    expect(byName.EditingMissing.snapshot.context.showMissing).toBe(true);
    expect(states.some((s) => s.value === 'closed')).toBe(false);
  });
});
