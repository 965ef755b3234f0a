import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { PayPlatform } from '../api/contract/paychange';
import { isPayBlackout, nextBlackoutChange } from '../shared/payBlackout';
import { isPayCompletionMessage } from '../shared/payCompletion';

/**
 * The Payment Settings modal (spec 001 §2.5, §4 "Payment modal", §6; docs/settings.md "Payment
 * platforms"): step 1 two provider cards (`choosing`); pressing one asks the server for the
 * provider's page (`requesting`, a spinner on that button); step 2 shows it in an iframe
 * (`provider`) until the page reports completion through /paycompletion's window message (`done`,
 * which refreshes the affiliate's record). From Tuesday 09:00 to Wednesday 12:00 New York time
 * nothing can be started: the `clock` actor tells the machine when the blackout starts or ends, so
 * an open modal notices it (`context.blackout`).
 *
 * I/O only through invoked actors: `clock` (timers), `requestChange` (the API), `completion` (the
 * window's message event) and `refresh` (the record), provided by the screen.
 */
export type RequestAnswer = { ok: true; iframe: string } | { ok: false; message: string; blackout?: boolean };

export interface PaymentModalContext {
  blackout: boolean;
  /** The provider whose button was pressed (its spinner), then whose page is shown. */
  provider: PayPlatform | null;
  iframe: string | null;
  error: string | null;
}

export type PaymentModalEvent =
  | { type: 'CHOOSE'; provider: PayPlatform }
  | { type: 'BLACKOUT'; active: boolean }
  | { type: 'PAY_COMPLETED' }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

export const paymentModalMessages = {
  connection: 'Connection error.',
  done: 'Thank you: your payment details have been submitted. Your Payment Information shows them now.',
} as const;

/**
 * Tells the machine whether the blackout is on now and again at each start and end
 * (nextBlackoutChange), for as long as the modal is open. A timer that fires early (a clock
 * adjustment) only schedules itself again.
 */
export const blackoutClock = (now: () => Date = () => new Date()) =>
  fromCallback<PaymentModalEvent>(({ sendBack }) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = now();
      sendBack({ type: 'BLACKOUT', active: isPayBlackout(at) });
      timer = setTimeout(tick, Math.min(Math.max(0, nextBlackoutChange(at).getTime() - at.getTime()), 2 ** 31 - 1));
    };
    tick();
    return () => clearTimeout(timer);
  });

/** Hears /paycompletion's message from the iframe (same origin only). */
const completionListener = fromCallback<PaymentModalEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const onMessage = (event: MessageEvent) => {
    if (isPayCompletionMessage(event, window.location.origin)) sendBack({ type: 'PAY_COMPLETED' });
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
});

export const paymentModalMachine = setup({
  types: {
    context: {} as PaymentModalContext,
    events: {} as PaymentModalEvent,
    input: {} as { blackout: boolean },
  },
  actors: {
    clock: blackoutClock(),
    completion: completionListener,
    requestChange: fromPromise<RequestAnswer, { provider: PayPlatform }>(async () => {
      throw new Error('requestChange not provided');
    }),
    refresh: fromPromise<void>(async () => {
      throw new Error('refresh not provided');
    }),
  },
  guards: {
    open: ({ context }) => !context.blackout,
  },
}).createMachine({
  id: 'paymentModal',
  context: ({ input }) => ({ blackout: input.blackout, provider: null, iframe: null, error: null }),
  invoke: { id: 'clock', src: 'clock' },
  on: {
    BLACKOUT: { actions: assign({ blackout: ({ event }) => event.active }) },
    CLOSE: '.closed',
  },
  initial: 'choosing',
  states: {
    choosing: {
      entry: assign({ provider: null, iframe: null }),
      on: {
        CHOOSE: { guard: 'open', target: 'requesting', actions: assign({ provider: ({ event }) => event.provider, error: null }) },
      },
    },
    requesting: {
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ provider: context.provider ?? 'Payoneer' }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'provider', actions: assign({ iframe: ({ event }) => (event.output.ok ? event.output.iframe : null) }) },
          // The server's clock says the blackout has begun: show it, as the modal's own clock would.
          { guard: ({ event }) => !event.output.ok && event.output.blackout === true, target: 'choosing', actions: assign({ blackout: true }) },
          { target: 'error', actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.message) }) },
        ],
        onError: { target: 'error', actions: assign({ error: paymentModalMessages.connection }) },
      },
    },
    provider: {
      invoke: { id: 'completion', src: 'completion' },
      on: {
        PAY_COMPLETED: 'done',
        BACK: 'choosing',
        // The blackout began while the provider's page was open: its form would be refused now.
        BLACKOUT: [
          { guard: ({ event }) => event.active, target: 'choosing', actions: assign({ blackout: true }) },
          { actions: assign({ blackout: false }) },
        ],
      },
    },
    error: {
      on: { BACK: { target: 'choosing', actions: assign({ error: null }) } },
    },
    done: {
      invoke: { id: 'refresh', src: 'refresh' },
    },
    closed: { type: 'final' },
  },
});
