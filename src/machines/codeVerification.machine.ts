import { assign, fromPromise, setup } from 'xstate';
import { codeFieldMessages } from '../api/contract/twoFactor';

/**
 * Code verification (spec 002 §2 'Please verify your account', spec 001 §2.5 settings verification):
 * choose e-mail, SMS or both, send the code, enter it, verify it. SMS and both need a mobile number.
 */
export type CodeMethod = 'byEmail' | 'bySMS' | 'byBoth';
export type CodePurpose = 'login' | 'settings';

export interface SendCodeResult {
  ok: boolean;
  /** The server's handle for this code (spec: "returns t"). */
  t?: string;
  message?: string;
}
export interface VerifyCodeResult {
  ok: boolean;
  message?: string;
}

export interface CodeVerificationInput {
  mobileAvailable: boolean;
  purpose: CodePurpose;
}

export const codeMessages = {
  sent: 'We have sent you a code.',
  connection: 'Connection error.',
  required: codeFieldMessages.emailOrSms,
} as const;

export const codeVerificationMachine = setup({
  types: {
    input: {} as CodeVerificationInput,
    context: {} as CodeVerificationInput & { method: CodeMethod; t: string | null; error: string | null; verified: boolean },
    events: {} as
      | { type: 'CHOOSE'; method: CodeMethod }
      | { type: 'SEND' }
      | { type: 'SUBMIT'; code: string }
      | { type: 'RESEND' }
      | { type: 'CANCEL' },
    output: {} as { verified: boolean },
  },
  actors: {
    sendCode: fromPromise<SendCodeResult, { method: CodeMethod; purpose: CodePurpose }>(async () => {
      throw new Error('sendCode not provided');
    }),
    verifyCode: fromPromise<VerifyCodeResult, { code: string; t: string | null; purpose: CodePurpose }>(async () => {
      throw new Error('verifyCode not provided');
    }),
  },
  guards: {
    methodAllowed: ({ context }, params: { method: CodeMethod }) => params.method === 'byEmail' || context.mobileAvailable,
  },
}).createMachine({
  id: 'codeVerification',
  context: ({ input }) => ({ ...input, method: 'byEmail', t: null, error: null, verified: false }),
  initial: 'choosingMethod',
  states: {
    choosingMethod: {
      on: {
        CHOOSE: {
          guard: { type: 'methodAllowed', params: ({ event }) => ({ method: event.method }) },
          actions: assign({ method: ({ event }) => event.method }),
        },
        SEND: 'sending',
        CANCEL: 'cancelled',
      },
    },
    sending: {
      entry: assign({ error: null }),
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ method: context.method, purpose: context.purpose }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'enteringCode', actions: assign({ t: ({ event }) => event.output.t ?? null }) },
          { target: 'choosingMethod', actions: assign({ error: ({ event }) => event.output.message ?? codeMessages.connection }) },
        ],
        onError: { target: 'choosingMethod', actions: assign({ error: codeMessages.connection }) },
      },
    },
    enteringCode: {
      on: {
        // An empty code is caught before the request; its format is the server's to judge (spec 002 §5).
        SUBMIT: [
          { guard: ({ event }) => event.code.trim() !== '', target: 'verifying', actions: assign({ error: null }) },
          { actions: assign({ error: codeMessages.required }) },
        ],
        // 'Request a new code' goes back to the choice of delivery (no dead end after a locked code).
        RESEND: { target: 'choosingMethod', actions: assign({ error: null }) },
        CANCEL: 'cancelled',
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        // The code is trimmed; its format is not checked on the client (spec 002 §5 Codes).
        input: ({ context, event }) => ({ code: event.type === 'SUBMIT' ? event.code.trim() : '', t: context.t, purpose: context.purpose }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'verified' },
          // A wrong code shows the server's message (spec 002 §8).
          { target: 'enteringCode', actions: assign({ error: ({ event }) => event.output.message ?? codeMessages.connection }) },
        ],
        onError: { target: 'enteringCode', actions: assign({ error: codeMessages.connection }) },
      },
    },
    verified: { type: 'final', entry: assign({ verified: true }) },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ verified: context.verified }),
});
