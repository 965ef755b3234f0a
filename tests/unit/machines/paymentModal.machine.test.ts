import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { paymentModalMachine, paymentModalMessages, type RequestAnswer } from '../../../src/machines/paymentModal.machine';
import { PAY_BLACKOUT_MESSAGE } from '../../../src/shared/payBlackout';
import { getShortestPaths } from 'xstate/graph';
import { actorEvents, replay } from './walkPaths';

/** The machine with its timers and window listener silent: the paths send their events themselves. */
const quiet = paymentModalMachine.provide({ actors: { clock: fromCallback(() => {}), completion: fromCallback(() => {}) } });

const events = [
  { type: 'CHOOSE', provider: 'Payoneer' },
  { type: 'CHOOSE', provider: 'Tipalti' },
  { type: 'BLACKOUT', active: true },
  { type: 'BLACKOUT', active: false },
  { type: 'PAY_COMPLETED' },
  { type: 'BACK' },
  { type: 'CLOSE' },
  ...actorEvents('requestChange', [
    { done: { ok: true, iframe: '/api/paychange/sandbox/payoneer?t=x' } satisfies RequestAnswer },
    { done: { ok: false, message: 'Please verify your account to change your settings.' } satisfies RequestAnswer },
    { done: { ok: false, message: PAY_BLACKOUT_MESSAGE, blackout: true } satisfies RequestAnswer },
    { error: new Error('offline') },
  ]),
  ...actorEvents('refresh', [{ done: undefined }, { error: new Error('offline') }]),
];

describe('payment modal paths', () => {
  for (const blackout of [false, true]) {
    // The walk's stub answers at once, so an event sent while a call is pending cannot be replayed in
    // order: the clock's ticks during `requesting` are checked by the rules below instead.
    const paths = getShortestPaths(quiet, {
      input: { blackout },
      // A closed modal (final state) takes no events.
      events: (snapshot) => (snapshot.status !== 'active' ? [] : snapshot.matches('requesting') ? events.filter((e) => e.type !== 'BLACKOUT') : events) as never,
    });

    it(`opened ${blackout ? 'in' : 'outside'} the blackout: reaches every state`, () => {
      const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      expect(states).toEqual(new Set(['"choosing"', '"requesting"', '"provider"', '"error"', '"done"', '"closed"']));
    });

    it.each(paths.map((p) => [p.steps.map((s) => s.event.type + ('provider' in s.event ? `(${String(s.event.provider)})` : 'active' in s.event ? `(${String(s.event.active)})` : '')).join(' > '), p] as const))(
      `opened ${blackout ? 'in' : 'outside'} the blackout: walks %s`,
      async (_name, path) => {
        const { final } = await replay(quiet, path, { blackout }, ['requestChange', 'refresh']);
        expect(final.value).toEqual(path.state.value);
        expect(final.context).toEqual(path.state.context);
      },
    );
  }
});

describe('payment modal rules', () => {
  const start = (blackout: boolean, answer: RequestAnswer = { ok: true, iframe: '/page' }) =>
    createActor(quiet.provide({ actors: { requestChange: fromPromise(async () => answer), refresh: fromPromise(async () => {}) } }), { input: { blackout } }).start();

  it('nothing can be started during the blackout', () => {
    const actor = start(true);
    actor.send({ type: 'CHOOSE', provider: 'Tipalti' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'BLACKOUT', active: false });
    actor.send({ type: 'CHOOSE', provider: 'Tipalti' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context.provider).toBe('Tipalti');
  });

  it("the blackout starting while the provider's page is open goes back to the cards", async () => {
    const actor = start(false);
    actor.send({ type: 'CHOOSE', provider: 'Payoneer' });
    await waitFor(actor, (s) => s.matches('provider'));
    expect(actor.getSnapshot().context.iframe).toBe('/page');
    actor.send({ type: 'BLACKOUT', active: true });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ blackout: true, iframe: null, provider: null });
  });

  it('a clock tick while the call is pending only sets the flag', async () => {
    let answer: (a: RequestAnswer) => void = () => {};
    const actor = createActor(
      quiet.provide({ actors: { requestChange: fromPromise(() => new Promise<RequestAnswer>((resolve) => (answer = resolve))) } }),
      { input: { blackout: false } },
    ).start();
    actor.send({ type: 'CHOOSE', provider: 'Payoneer' });
    actor.send({ type: 'BLACKOUT', active: true });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context.blackout).toBe(true);
    answer({ ok: true, iframe: '/page' });
    // The server answered before the blackout: its page shows; a form sent from it now is refused there.
    await waitFor(actor, (s) => s.matches('provider'));
  });

  it("the server's blackout refusal shows the blackout", async () => {
    const actor = start(false, { ok: false, message: PAY_BLACKOUT_MESSAGE, blackout: true });
    actor.send({ type: 'CHOOSE', provider: 'Tipalti' });
    const s = await waitFor(actor, (x) => x.matches('choosing'));
    expect(s.context).toMatchObject({ blackout: true, error: null });
  });

  it('a failure shows its message; Back returns to the cards', async () => {
    const actor = start(false, { ok: false, message: 'Tipalti is not available right now.' });
    actor.send({ type: 'CHOOSE', provider: 'Tipalti' });
    const s = await waitFor(actor, (x) => x.matches('error'));
    expect(s.context.error).toBe('Tipalti is not available right now.');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('completion refreshes the record', async () => {
    const refresh = vi.fn(async () => {});
    const actor = createActor(
      quiet.provide({ actors: { requestChange: fromPromise(async (): Promise<RequestAnswer> => ({ ok: true, iframe: '/page' })), refresh: fromPromise(refresh) } }),
      { input: { blackout: false } },
    ).start();
    actor.send({ type: 'CHOOSE', provider: 'Payoneer' });
    await waitFor(actor, (s) => s.matches('provider'));
    actor.send({ type: 'PAY_COMPLETED' });
    expect(actor.getSnapshot().value).toBe('done');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(paymentModalMessages.done).toMatch(/submitted/);
  });
});

describe('the blackout clock (the real one, on fake timers)', () => {
  afterEach(() => vi.useRealTimers());

  const openAt = (iso: string) => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(iso));
    return createActor(paymentModalMachine, { input: { blackout: false } }).start();
  };

  it.each([
    ['Tuesday 08:59:59 -> 09:00:00, daylight saving time', '2026-07-07T12:59:59Z', false, true],
    ['Wednesday 11:59:59 -> 12:00:00, daylight saving time', '2026-07-08T15:59:59Z', true, false],
    ['Tuesday 08:59:59 -> 09:00:00, standard time', '2026-01-06T13:59:59Z', false, true],
    ['Wednesday 11:59:59 -> 12:00:00, standard time', '2026-01-07T16:59:59Z', true, false],
  ])('%s', (_name, iso, before, after) => {
    const actor = openAt(iso);
    expect(actor.getSnapshot().context.blackout).toBe(before);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().context.blackout).toBe(before);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.blackout).toBe(after);
    actor.stop();
  });

  it('keeps following the edges: a whole blackout, then the next week (across the switch to daylight saving time)', () => {
    const actor = openAt('2026-03-03T13:00:00Z'); // Tuesday 08:00 EST
    expect(actor.getSnapshot().context.blackout).toBe(false);
    vi.advanceTimersByTime(3600_000); // 09:00 EST
    expect(actor.getSnapshot().context.blackout).toBe(true);
    vi.advanceTimersByTime(27 * 3600_000 - 1); // Wednesday 11:59:59.999 EST
    expect(actor.getSnapshot().context.blackout).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.blackout).toBe(false);
    // Next Tuesday 09:00 is EDT (clocks went forward on Sunday 8 March): 13:00 UTC, 6 days minus 4 hours later.
    vi.advanceTimersByTime(6 * 86_400_000 - 4 * 3600_000 - 1);
    expect(actor.getSnapshot().context.blackout).toBe(false);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.blackout).toBe(true);
    expect(new Date().toISOString()).toBe('2026-03-10T13:00:00.000Z');
    actor.stop();
  });
});
