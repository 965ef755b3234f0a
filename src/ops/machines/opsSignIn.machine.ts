import { assign, fromPromise, setup } from 'xstate';
import type { OperatorSession } from '../api/session';

/**
 * The operator's sign-in (docs/operators.md "Sign-in"): e-mail and password, then the authenticator's
 * 6-digit code. At the first sign-in (after an invitation or a reset) the second step is the
 * authenticator's set-up: the secret and its QR code are shown, and the first code completes both.
 * A challenge lives 15 minutes; an expired or refused one sends the operator back to the password.
 */

export interface PasswordAnswer {
  step: 'code' | 'setup';
  challenge: string;
  secret?: string;
  otpauthUri?: string;
}

/** What a completed sign-in brings: the session the console keeps (src/ops/api/session.ts). */
export type SignedIn = OperatorSession;

/** A refused step: the server's sentence, and whether the challenge is gone (back to the password). */
export class StepRefused extends Error {
  constructor(message: string, readonly restart = false) {
    super(message);
  }
}

export const opsSignInMessages = {
  failed: 'The sign-in did not go through. Check your connection and try again.',
} as const;

interface Context {
  email: string;
  challenge: string | null;
  secret: string | null;
  otpauthUri: string | null;
  error: string | null;
  session: SignedIn | null;
}

type Events =
  | { type: 'SUBMIT_PASSWORD'; email: string; password: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'CANCEL' };

const errorOf = (error: unknown) => (error instanceof Error && error.message ? error.message : opsSignInMessages.failed);
const restarts = (error: unknown) => error instanceof StepRefused && error.restart;

export const opsSignInMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Events,
    output: {} as SignedIn,
  },
  actors: {
    submitPassword: fromPromise<PasswordAnswer, { email: string; password: string }>(async () => {
      throw new Error('submitPassword is provided by the sign-in page');
    }),
    submitCode: fromPromise<SignedIn, { challenge: string; code: string }>(async () => {
      throw new Error('submitCode is provided by the sign-in page');
    }),
  },
}).createMachine({
  id: 'opsSignIn',
  context: { email: '', challenge: null, secret: null, otpauthUri: null, error: null, session: null },
  initial: 'password',
  states: {
    password: {
      on: {
        SUBMIT_PASSWORD: { target: 'checkingPassword', actions: assign({ email: ({ event }) => event.email, error: null }) },
      },
    },
    checkingPassword: {
      tags: ['busy'],
      invoke: {
        src: 'submitPassword',
        input: ({ event }) => {
          const e = event as Extract<Events, { type: 'SUBMIT_PASSWORD' }>;
          return { email: e.email, password: e.password };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.step === 'setup',
            target: 'setup',
            actions: assign({
              challenge: ({ event }) => event.output.challenge,
              secret: ({ event }) => event.output.secret ?? null,
              otpauthUri: ({ event }) => event.output.otpauthUri ?? null,
            }),
          },
          { target: 'code', actions: assign({ challenge: ({ event }) => event.output.challenge, secret: null, otpauthUri: null }) },
        ],
        onError: { target: 'password', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
      },
    },
    code: {
      tags: ['secondStep'],
      on: {
        SUBMIT_CODE: { target: 'checkingCode', actions: assign({ error: null }) },
        CANCEL: { target: 'password', actions: assign({ challenge: null, error: null }) },
      },
    },
    setup: {
      tags: ['secondStep'],
      on: {
        SUBMIT_CODE: { target: 'checkingSetupCode', actions: assign({ error: null }) },
        CANCEL: { target: 'password', actions: assign({ challenge: null, secret: null, otpauthUri: null, error: null }) },
      },
    },
    checkingCode: {
      tags: ['secondStep', 'busy'],
      invoke: {
        src: 'submitCode',
        input: ({ context, event }) => ({ challenge: context.challenge ?? '', code: (event as Extract<Events, { type: 'SUBMIT_CODE' }>).code }),
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output, challenge: null, secret: null, otpauthUri: null }) },
        onError: [
          { guard: ({ event }) => restarts(event.error), target: 'password', actions: assign({ challenge: null, error: ({ event }) => errorOf(event.error) }) },
          { target: 'code', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
        ],
      },
    },
    checkingSetupCode: {
      tags: ['secondStep', 'busy'],
      invoke: {
        src: 'submitCode',
        input: ({ context, event }) => ({ challenge: context.challenge ?? '', code: (event as Extract<Events, { type: 'SUBMIT_CODE' }>).code }),
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output, challenge: null, secret: null, otpauthUri: null }) },
        onError: [
          {
            guard: ({ event }) => restarts(event.error),
            target: 'password',
            actions: assign({ challenge: null, secret: null, otpauthUri: null, error: ({ event }) => errorOf(event.error) }),
          },
          { target: 'setup', actions: assign({ error: ({ event }) => errorOf(event.error) }) },
        ],
      },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => context.session!,
});
