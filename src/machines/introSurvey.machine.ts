import { assign, fromPromise, setup } from 'xstate';
import type { Vertical } from '../api/contract/dashboard';

/**
 * The intro survey of the dashboard (spec 002 §2, §4, §5, §8): load the verticals, let the
 * affiliate pick countries and verticals (at least one of each; the empty box is highlighted, no
 * message), save them, then thank and close. I/O only through the two invoked actors.
 */
export type LoadVerticalsResult = { ok: true; verticals: Vertical[] } | { ok: false; message: string };
export type SaveTargetsResult = { ok: true; message: string } | { ok: false; message: string };

export const introSurveyMessages = {
  verticalsFailed: 'An error occurred while fetching verticals.',
  internal: 'An internal error occurred.',
  connection: 'Connection error.',
} as const;

export interface IntroSurveyContext {
  verticals: Vertical[];
  countries: string[];
  chosenVerticals: number[];
  /** Set by a submit with an empty box: the box is highlighted from then on while empty. */
  showMissing: boolean;
  error: string | null;
  thanks: string | null;
}

export const introSurveyMachine = setup({
  types: {
    context: {} as IntroSurveyContext,
    events: {} as
      | { type: 'SET_COUNTRIES'; countries: string[] }
      | { type: 'SET_VERTICALS'; verticals: number[] }
      | { type: 'SUBMIT' }
      | { type: 'RETRY' }
      | { type: 'CLOSE' },
    output: {} as { saved: boolean },
  },
  actors: {
    loadVerticals: fromPromise<LoadVerticalsResult>(async () => {
      throw new Error('loadVerticals not provided');
    }),
    saveTargets: fromPromise<SaveTargetsResult, { countries: string[]; verticals: number[] }>(async () => {
      throw new Error('saveTargets not provided');
    }),
  },
  guards: {
    complete: ({ context }) => context.countries.length > 0 && context.chosenVerticals.length > 0,
  },
}).createMachine({
  id: 'introSurvey',
  context: { verticals: [], countries: [], chosenVerticals: [], showMissing: false, error: null, thanks: null },
  initial: 'loadingVerticals',
  on: { CLOSE: '.closed' },
  states: {
    loadingVerticals: {
      invoke: {
        id: 'loadVerticals',
        src: 'loadVerticals',
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: assign({ verticals: ({ event }) => (event.output.ok ? event.output.verticals : []), error: null }),
          },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.message) }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: introSurveyMessages.verticalsFailed }) },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loadingVerticals', actions: assign({ error: null }) } },
    },
    editing: {
      on: {
        SET_COUNTRIES: { actions: assign({ countries: ({ event }) => event.countries }) },
        SET_VERTICALS: { actions: assign({ chosenVerticals: ({ event }) => event.verticals }) },
        SUBMIT: [
          { guard: 'complete', target: 'saving', actions: assign({ error: null }) },
          { actions: assign({ showMissing: true }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveTargets',
        src: 'saveTargets',
        input: ({ context }) => ({ countries: context.countries, verticals: context.chosenVerticals }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'thankYou',
            actions: assign({ thanks: ({ event }) => event.output.message }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => event.output.message || introSurveyMessages.internal }) },
        ],
        onError: { target: 'editing', actions: assign({ error: introSurveyMessages.connection }) },
      },
    },
    thankYou: {},
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.thanks !== null }),
});
