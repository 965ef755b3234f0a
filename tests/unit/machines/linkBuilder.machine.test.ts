import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { TrackingLinkRequestInput } from '../../../src/api/contract/tracking';
import { linkBuilderMachine, linkBuilderMessages, linkText, optionsShown, SUB_ID_DEBOUNCE_MS, type LinkAnswer } from '../../../src/machines/linkBuilder.machine';
import { actorEvents, replay } from './walkPaths';

const input = { campaignId: 1205, defaultLandingPageId: 77 };
const ready: LinkAnswer = { ok: true, link: 'https://t.example/go/abc?sub1=x', ready: true };
const events = [
  { type: 'SET_TRAFFIC', trafficType: 'S' },
  { type: 'SET_CREATIVE_TYPE', creativeType: 'R' },
  { type: 'SET_CREATIVE_TYPE', creativeType: 'B' },
  { type: 'PICK', creativeId: 501 },
  { type: 'CLOSE_PICKER' },
  { type: 'SET_LANDING_PAGE', landingPageId: 78 },
  { type: 'SET_SUB', index: 0, value: 'x' },
  { type: 'SET_SAFESEARCH', on: true },
  { type: 'RETRY' },
  ...actorEvents('createLink', [
    { done: ready },
    { done: { ok: true, link: '', ready: false } },
    { done: { ok: false, status: 401, message: 'Sign in again.' } },
    { done: { ok: false, status: 403, message: 'You are not approved to run this campaign.' } },
    { error: new Error('offline') },
  ]),
];

/**
 * A state is its value plus what the screen shows differently (the text in place of the link, an
 * error, the options): not every combination of sub IDs and landing pages, which would multiply the
 * paths without reaching anything new. Paths that change something while a call is pending are left
 * to the focused tests below (the replay's stubs answer at once, so the walk cannot hold a call open).
 */
const serializeState = (s: { value: unknown; context: Parameters<typeof linkText>[0] }) =>
  JSON.stringify([s.value, linkText(s.context), s.context.error !== null, optionsShown(s.context), s.context.creativeId === null]);

describe('link builder paths', () => {
  const paths = getShortestPaths(linkBuilderMachine, { input, events: events as never, serializeState: serializeState as never }).filter(
    (p) => !p.steps.some((step, i) => i > 0 && JSON.stringify(p.steps[i - 1].state.value) === '"generating"' && !step.event.type.startsWith('xstate.')),
  );

  it('reaches every state', () => {
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(states).toEqual(new Set(['"editing"', '"picking"', '"debouncing"', '"generating"']));
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))('walks %s', async (_name, path) => {
    const { final } = await replay(linkBuilderMachine, path, input, ['createLink']);
    // States that serialize alike are one state of the walk: compare what makes them one.
    expect(serializeState(final)).toBe(serializeState(path.state));
  });
});

function builder(answer: (req: TrackingLinkRequestInput) => LinkAnswer | Promise<LinkAnswer>) {
  const sent: TrackingLinkRequestInput[] = [];
  const machine = linkBuilderMachine.provide({
    actors: { createLink: fromPromise(async ({ input: req }: { input: TrackingLinkRequestInput }) => (sent.push(req), answer(req))) },
  });
  return { actor: createActor(machine, { input }).start(), sent };
}

describe('link builder rules', () => {
  it('asks nothing until both choices are made, then shows the start text', () => {
    const { actor, sent } = builder(() => ready);
    expect(linkText(actor.getSnapshot().context)).toBe(linkBuilderMessages.start);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    expect(optionsShown(actor.getSnapshot().context)).toBe(false);
    expect(linkText(actor.getSnapshot().context)).toBe(linkBuilderMessages.start);
    expect(sent).toEqual([]);
  });

  it('R, S and C use the built-in creatives and ask at once, with the Default landing page', async () => {
    const { actor, sent } = builder(() => ready);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: 'C' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.ready);
    expect(sent[0]).toMatchObject({ campaign_id: 1205, traffic_type: 'S', creative_id: -3, lpid: 77 });
    expect(linkText(actor.getSnapshot().context)).toBe(ready.ok && ready.link);
  });

  it('closing a picker without a choice clears the creative: Invalid creative specified, nothing asked', () => {
    const { actor, sent } = builder(() => ready);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: 'B' });
    expect(actor.getSnapshot().value).toBe('picking');
    actor.send({ type: 'CLOSE_PICKER' });
    expect(actor.getSnapshot().context.creativeId).toBeNull();
    expect(linkText(actor.getSnapshot().context)).toBe(linkBuilderMessages.invalidCreative);
    expect(optionsShown(actor.getSnapshot().context)).toBe(true);
    expect(sent).toEqual([]);
  });

  it('a picked banner is sent; every option change asks again', async () => {
    const { actor, sent } = builder(() => ready);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: 'B' });
    actor.send({ type: 'PICK', creativeId: 501 });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_LANDING_PAGE', landingPageId: 78 });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_SAFESEARCH', on: true });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'M' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent.map((r) => [r.traffic_type, r.creative_id, r.lpid, r.safesearch])).toEqual([
      ['S', 501, 77, false],
      ['S', 501, 78, false],
      ['S', 501, 78, true],
      ['M', 501, 78, true],
    ]);
  });

  it(`sub IDs settle for ${SUB_ID_DEBOUNCE_MS} ms: one request for a burst of typing`, async () => {
    const { actor, sent } = builder(() => ready);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: 'R' });
    await waitFor(actor, (s) => s.matches('editing'));
    for (const value of ['a', 'ab', 'abc']) actor.send({ type: 'SET_SUB', index: 2, value });
    expect(actor.getSnapshot().value).toBe('debouncing');
    expect(sent).toHaveLength(1);
    await waitFor(actor, (s) => s.matches('editing') && sent.length === 2, { timeout: 2000 });
    expect(sent[1]).toMatchObject({ sub3: 'abc' });
  });

  it('a 401 is silent; another failure shows its message; RETRY asks again', async () => {
    let answer: LinkAnswer = { ok: false, status: 401, message: 'Sign in again.' };
    const { actor } = builder(() => answer);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: 'R' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBeNull();
    answer = { ok: false, status: 403, message: 'You are not approved to run this campaign.' };
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('You are not approved to run this campaign.');
    answer = ready;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.ready);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a change while asking drops the older answer', async () => {
    const answers: Array<(a: LinkAnswer) => void> = [];
    const { actor, sent } = builder(() => new Promise<LinkAnswer>((resolve) => answers.push(resolve)));
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'S' });
    actor.send({ type: 'SET_CREATIVE_TYPE', creativeType: 'R' });
    await waitFor(actor, () => answers.length === 1);
    actor.send({ type: 'SET_TRAFFIC', trafficType: 'M' });
    await waitFor(actor, () => answers.length === 2);
    answers[1]({ ok: true, link: 'https://t.example/go/new', ready: true });
    await waitFor(actor, (s) => s.matches('editing'));
    answers[0]({ ok: true, link: 'https://t.example/go/old', ready: true });
    await new Promise((r) => setTimeout(r, 10));
    expect(actor.getSnapshot().context.link).toBe('https://t.example/go/new');
    expect(sent.map((r) => r.traffic_type)).toEqual(['S', 'M']);
  });
});
