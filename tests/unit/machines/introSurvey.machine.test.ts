import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { introSurveyMachine, introSurveyMessages, type LoadVerticalsResult, type SaveTargetsResult } from '../../../src/machines/introSurvey.machine';
import { actorEvents, walkEveryPath } from './walkPaths';

const verticals = [{ subcategory_id: 21, subcategory_name: 'Solar', category_name: 'Home Services' }];

const events = [
  { type: 'SET_COUNTRIES', countries: ['CA'] },
  { type: 'SET_COUNTRIES', countries: [] },
  { type: 'SET_VERTICALS', verticals: [21] },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'CLOSE' },
  ...actorEvents('loadVerticals', [{ done: { ok: true, verticals } }, { done: { ok: false, message: introSurveyMessages.verticalsFailed } }, { error: new Error('offline') }]),
  ...actorEvents('saveTargets', [{ done: { ok: true, message: 'Saved.' } }, { done: { ok: false, message: 'Unknown country code: XX.' } }, { error: new Error('offline') }]),
];

describe('intro survey paths', () => {
  walkEveryPath(introSurveyMachine, undefined, events as never, ['loadVerticals', 'saveTargets'], ['loadingVerticals', 'loadFailed', 'editing', 'saving', 'thankYou', 'closed']);
});

describe('intro survey rules', () => {
  const provide = (save: (input: { countries: string[]; verticals: number[] }) => SaveTargetsResult) =>
    introSurveyMachine.provide({
      actors: {
        loadVerticals: fromPromise(async (): Promise<LoadVerticalsResult> => ({ ok: true, verticals })),
        saveTargets: fromPromise(async ({ input }: { input: { countries: string[]; verticals: number[] } }) => save(input)),
      },
    });

  it('needs at least one country and one vertical: the empty box is highlighted and nothing is sent', async () => {
    const sent: unknown[] = [];
    const actor = createActor(provide((i) => (sent.push(i), { ok: true, message: 'ok' }))).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_COUNTRIES', countries: ['CA'] });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.showMissing).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends the codes and ids, then thanks with the server message', async () => {
    const sent: unknown[] = [];
    const actor = createActor(provide((i) => (sent.push(i), { ok: true, message: 'Thank you!' }))).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_COUNTRIES', countries: ['CA', 'US'] });
    actor.send({ type: 'SET_VERTICALS', verticals: [21] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('thankYou'));
    expect(sent).toEqual([{ countries: ['CA', 'US'], verticals: [21] }]);
    expect(actor.getSnapshot().context.thanks).toBe('Thank you!');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: true });
  });

  it("uses 'An internal error occurred.' when a failure carries no message", async () => {
    const actor = createActor(provide(() => ({ ok: false, message: '' }))).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_COUNTRIES', countries: ['CA'] });
    actor.send({ type: 'SET_VERTICALS', verticals: [21] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(introSurveyMessages.internal);
  });
});
