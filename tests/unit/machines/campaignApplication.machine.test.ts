import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  applicationProblems,
  campaignApplicationMachine,
  type ApplicationAnswers,
  type CampaignApplicationContext,
  type LoadAnswer,
  type SubmitAnswer,
  type SubmitInput,
} from '../../../src/machines/campaignApplication.machine';
import { APPLICATION_MESSAGES as M } from '../../../src/shared/campaignApplication';
import { actorEvents, replay } from './walkPaths';

const filled: ApplicationAnswers = {
  estimatedLeads: '40',
  trafficType: 'E',
  description: 'A sponsored slot in our weekly issue.',
  custom: ['', '', ''],
  creative: 'E',
  sources: ['Our list', 'Newsletter ad', 'US readers'],
};
const loaded = { ok: true, preface: 'Tell us more.', questions: ['Which lists?', '', ''] };
const input = { campaignId: 1205 };
const events = [
  { type: 'SET', field: 'estimatedLeads', value: '40' },
  { type: 'SET', field: 'custom1', value: 'Finance weekly' },
  { type: 'SET', field: 'description', value: 'A sponsored slot.' },
  { type: 'SET', field: 'source1', value: 'Our list' },
  { type: 'SET', field: 'source2', value: 'Newsletter ad' },
  { type: 'SET', field: 'source3', value: 'US readers' },
  { type: 'SET_TRAFFIC', trafficType: 'E' },
  { type: 'SET_CREATIVE', creative: 'E' },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  ...actorEvents('loadQuestions', [{ done: loaded }, { done: { ok: false } }, { error: new Error('offline') }]),
  ...actorEvents('submit', [{ done: { ok: true, message: 'Sent.' } }, { done: { ok: false, message: M.limitReached } }, { error: new Error('offline') }]),
];

/** A state is its value, which fields still have a problem, and whether messages show: not the answers themselves. */
const serializeState = (s: { value: unknown; context: CampaignApplicationContext }) =>
  JSON.stringify([s.value, Object.keys(applicationProblems(s.context)).sort(), s.context.showProblems, s.context.error !== null]);

describe('campaign application paths', () => {
  const paths = getShortestPaths(campaignApplicationMachine, { input, events: events as never, serializeState: serializeState as never });

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(new Set(['"loading"', '"loadFailed"', '"editing"', '"submitting"', '"success"']));
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))('walks %s', async (_name, path) => {
    const { final } = await replay(campaignApplicationMachine, path, input, ['loadQuestions', 'submit']);
    expect(serializeState(final)).toBe(serializeState(path.state));
  });
});

describe('rules', () => {
  const base = { answers: filled, questions: ['', '', ''] as [string, string, string], file: null };

  it('a filled application has no problem; each rule gives its message', () => {
    expect(applicationProblems(base)).toEqual({});
    expect(applicationProblems({ ...base, answers: { ...filled, estimatedLeads: '4 0' } }).estimatedLeads).toBe(M.leadsNumeric);
    expect(applicationProblems({ ...base, answers: { ...filled, creative: 'M' } }).file).toBe(M.imageRequired);
    expect(applicationProblems({ ...base, questions: ['', 'Asked?', ''] }).custom2).toBe(M.customRequired);
    expect(applicationProblems({ ...base, answers: { ...filled, description: 'x'.repeat(1001) } }).description).toBe(M.descriptionTooLong);
    expect(applicationProblems({ ...base, answers: { ...filled, sources: ['a', 'Carrier pigeon', 'c'] } }).source2).toBe(M.sourceChoice);
    // Mobile: the third is optional; Native: the second is free text.
    expect(applicationProblems({ ...base, answers: { ...filled, trafficType: 'M', sources: ['a', 'AppWalls', ''] } })).toEqual({});
    expect(applicationProblems({ ...base, answers: { ...filled, trafficType: 'N', sources: ['a', 'anything', ''] } })).toEqual({});
  });
});

describe('submitting', () => {
  function start(answer: (i: SubmitInput) => Promise<SubmitAnswer>) {
    const sent: SubmitInput[] = [];
    const machine = campaignApplicationMachine.provide({
      actors: {
        loadQuestions: fromPromise<LoadAnswer, { campaignId: number }>(async () => loaded as LoadAnswer),
        submit: fromPromise<SubmitAnswer, SubmitInput>(async ({ input: i }) => (sent.push(i), answer(i))),
      },
    });
    return { actor: createActor(machine, { input: { campaignId: 1205, draft: { ...filled, custom: ['Finance weekly', '', ''] } } }).start(), sent };
  }

  it('sends the answers once, and a refusal re-enables Submit with the message, keeping the answers', async () => {
    const { actor, sent } = start(async () => ({ ok: false, message: M.limitReached }));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ campaignId: 1205, trafficType: 'E', sources: filled.sources });
    expect(actor.getSnapshot().context.error).toBe(M.limitReached);
    expect(actor.getSnapshot().context.answers.estimatedLeads).toBe('40');
  });

  it('changing the traffic type clears the source answers', async () => {
    const { actor } = start(async () => ({ ok: true, message: 'Sent.' }));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'M' });
    expect(actor.getSnapshot().context.answers.sources).toEqual(['', '', '']);
  });
});
