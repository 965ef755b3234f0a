import { assign, setup } from 'xstate';
import { SETTINGS_WINDOW_MINUTES } from '../shared/profileOptions';
import { codeVerificationMachine } from './codeVerification.machine';

/**
 * The settings page's lock (spec 001 §2.5, §4 Profile, §6): every card is read-only until the
 * affiliate passes the code verification ('Please verify your account', the code-verification
 * machine, purpose settings). A right code opens the editing window the server keeps for this
 * session (docs/settings.md); each save renews it; when it ends (or the server refuses a save with
 * 403) the page is read-only again and says why.
 */
export interface SettingsVerificationInput {
  mobileAvailable: boolean;
  /** The window's end already open for this session (the record's settings_editable_until), ms. */
  editableUntil: number | null;
}

export const settingsVerificationMessages = {
  ended: 'Your verification has ended. Press Edit and verify your account again to make more changes.',
  verified: `Your account is verified: you can edit your settings for the next ${SETTINGS_WINDOW_MINUTES} minutes.`,
} as const;

const WINDOW_MS = SETTINGS_WINDOW_MINUTES * 60_000;

export const settingsVerificationMachine = setup({
  types: {
    input: {} as SettingsVerificationInput,
    context: {} as { mobileAvailable: boolean; editableUntil: number | null; notice: string | null },
    events: {} as
      | { type: 'EDIT' }
      | { type: 'SAVED' }
      | { type: 'REFUSED'; message: string }
      | { type: 'MOBILE'; available: boolean },
  },
  actors: { codeVerification: codeVerificationMachine },
  delays: {
    // setTimeout's longest delay is about 24.8 days; the window is minutes long.
    windowEnd: ({ context }) => Math.min(2 ** 31 - 1, Math.max(0, (context.editableUntil ?? 0) - Date.now())),
  },
  guards: {
    windowOpen: ({ context }) => context.editableUntil !== null && context.editableUntil > Date.now(),
  },
}).createMachine({
  id: 'settingsVerification',
  context: ({ input }) => ({ mobileAvailable: input.mobileAvailable, editableUntil: input.editableUntil, notice: null }),
  initial: 'starting',
  on: {
    MOBILE: { actions: assign({ mobileAvailable: ({ event }) => event.available }) },
  },
  states: {
    starting: {
      always: [{ guard: 'windowOpen', target: 'editable' }, { target: 'locked' }],
    },
    locked: {
      on: { EDIT: { target: 'verifying', actions: assign({ notice: null }) } },
    },
    verifying: {
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        input: ({ context }) => ({ mobileAvailable: context.mobileAvailable, purpose: 'settings' as const }),
        onDone: [
          {
            guard: ({ event }) => event.output.verified,
            target: 'editable',
            actions: assign({ editableUntil: () => Date.now() + WINDOW_MS, notice: settingsVerificationMessages.verified }),
          },
          { target: 'locked' },
        ],
      },
    },
    editable: {
      after: { windowEnd: { target: 'locked', actions: assign({ editableUntil: null, notice: settingsVerificationMessages.ended }) } },
      on: {
        SAVED: { target: 'editable', reenter: true, actions: assign({ editableUntil: () => Date.now() + WINDOW_MS, notice: null }) },
        // The server said the window is closed (403): its message, read-only again.
        REFUSED: { target: 'locked', actions: assign({ editableUntil: null, notice: ({ event }) => event.message }) },
      },
    },
  },
});
