import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { settingsVerificationMachine, settingsVerificationMessages } from '../../../src/machines/settingsVerification.machine';
import { SETTINGS_WINDOW_MINUTES } from '../../../src/shared/profileOptions';
import { actorEvents, findPaths, replay } from './walkPaths';

const WINDOW = SETTINGS_WINDOW_MINUTES * 60_000;
const events = [
  { type: 'EDIT' },
  { type: 'SAVED' },
  { type: 'REFUSED', message: 'Please verify your account again.' },
  ...actorEvents('codeVerification', [{ done: { verified: true } }, { done: { verified: false } }]),
];

describe('settings verification paths (xstate/graph)', () => {
  // The walk runs on a stopped clock: each save renews the window from Date.now(), so on a running clock
  // a save a millisecond later was a new state to the walk, and how many paths it found (and so how
  // many tests ran) depended on how fast the machine was.
  const now = Date.now();
  for (const editableUntil of [null, now + WINDOW]) {
    const input = { mobileAvailable: true, editableUntil };
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const paths = findPaths(settingsVerificationMachine, input, events as never);
    vi.useRealTimers();

    it(`reaches every state from ${editableUntil ? 'an open window' : 'a locked page'}`, () => {
      const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      expect(states).toEqual(new Set(['"locked"', '"verifying"', '"editable"']));
    });

    it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))(`walks %s (${editableUntil ? 'open' : 'locked'})`, async (_name, path) => {
      const { final } = await replay(settingsVerificationMachine, path, input, ['codeVerification']);
      expect(final.value).toEqual(path.state.value);
      expect(final.context.notice).toEqual(path.state.context.notice);
    });
  }
});

describe('settings verification rules', () => {
  afterEach(() => vi.useRealTimers());
  const verified = settingsVerificationMachine.provide({ actors: { codeVerification: fromPromise(async () => ({ verified: true })) as never } });

  it('locked without a window; a right code opens it for the window length, then it ends with a notice', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    const actor = createActor(verified, { input: { mobileAvailable: false, editableUntil: null } }).start();
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('verifying');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editable');
    expect(actor.getSnapshot().context).toMatchObject({ editableUntil: Date.now() + WINDOW, notice: settingsVerificationMessages.verified });
    await vi.advanceTimersByTimeAsync(WINDOW - 1_000);
    // A save renews the window.
    actor.send({ type: 'SAVED' });
    await vi.advanceTimersByTimeAsync(WINDOW - 1_000);
    expect(actor.getSnapshot().value).toBe('editable');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.notice).toBe(settingsVerificationMessages.ended);
  });

  it('starts editable inside a window the server reports, locked once it has passed', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    const open = createActor(verified, { input: { mobileAvailable: true, editableUntil: Date.now() + 60_000 } }).start();
    expect(open.getSnapshot().value).toBe('editable');
    const passed = createActor(verified, { input: { mobileAvailable: true, editableUntil: Date.now() - 1 } }).start();
    expect(passed.getSnapshot().value).toBe('locked');
  });

  it('a save refused by the server locks the page with its message; the child gets the mobile number known now', () => {
    let seen: unknown;
    const spy = settingsVerificationMachine.provide({
      actors: {
        codeVerification: fromPromise(async ({ input }) => {
          seen = input;
          return new Promise(() => {});
        }) as never,
      },
    });
    const actor = createActor(spy, { input: { mobileAvailable: true, editableUntil: Date.now() + 60_000 } }).start();
    actor.send({ type: 'REFUSED', message: 'Closed.' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'locked', context: { notice: 'Closed.', editableUntil: null } });
    actor.send({ type: 'MOBILE', available: false });
    actor.send({ type: 'EDIT' });
    expect(seen).toEqual({ mobileAvailable: false, purpose: 'settings' });
  });
});
