import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { passwordProblem } from '../shared/profileOptions';
import { RESEND_CODE_SECONDS, recoveryMessages } from '../shared/recovery';

/**
 * The reset page (spec 002 §2, §4, §5, §8; docs/recovery.md): check the e-mailed link, then either
 * the link expired, no mobile number is on file (contact the manager), or the form: new password,
 * retyped password, the SMS code with its send button ('Sent (n)' for 60 seconds), submit, done.
 */
export interface CheckTokenResult {
  ok: boolean;
  isMobileAdded?: boolean;
  managerEmail?: string;
  message?: string;
}
export interface CallResult {
  ok: boolean;
  message?: string;
}
export interface ResetFields {
  password: string;
  retype: string;
  code: string;
}
export interface ResetFieldErrors {
  password?: string;
  retype?: string;
  code?: string;
}

export const resetMessages = {
  connection: 'Connection error.',
  codeSent: 'We have sent a code to the mobile number on your account.',
} as const;

/** Spec 002 §5: the passwords match, the rule of registration, a code (the browser's own checks are off). */
export function resetFieldErrors(f: ResetFields): ResetFieldErrors {
  const errors: ResetFieldErrors = {};
  if (!f.password) errors.password = recoveryMessages.passwordRequired;
  else {
    const problem = passwordProblem(f.password);
    if (problem) errors.password = problem;
  }
  if (f.retype !== f.password) errors.retype = recoveryMessages.passwordsDontMatch;
  if (!f.code.trim()) errors.code = recoveryMessages.codeRequired;
  return errors;
}

interface Context {
  token: string;
  managerEmail: string;
  /** Seconds left before another code may be sent ('Sent (n)'); 0 when the button is enabled. */
  secondsLeft: number;
  codeNotice: string | null;
  codeError: string | null;
  fieldErrors: ResetFieldErrors;
  error: string | null;
}

export const passwordResetMachine = setup({
  types: {
    /** `resendAfter`: seconds still to wait after a code sent before the page was (re)loaded. */
    input: {} as { token: string; resendAfter?: number },
    context: {} as Context,
    events: {} as { type: 'SEND_CODE' } | { type: 'SUBMIT'; fields: ResetFields } | { type: 'RETRY' } | { type: 'TICK' },
  },
  actors: {
    checkToken: fromPromise<CheckTokenResult, { token: string }>(async () => {
      throw new Error('checkToken not provided');
    }),
    sendCode: fromPromise<CallResult, { token: string }>(async () => {
      throw new Error('sendCode not provided');
    }),
    resetPassword: fromPromise<CallResult, { token: string; password: string; code: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
    /** One TICK a second while the send button waits (an actor, so a story can open the state and hold it still). */
    ticker: fromCallback(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'TICK' }), 1000);
      return () => clearInterval(id);
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.trim() !== '',
    fieldsValid: (_, params: { fields: ResetFields }) => Object.keys(resetFieldErrors(params.fields)).length === 0,
    moreSeconds: ({ context }) => context.secondsLeft > 1,
    waitLeft: ({ context }) => context.secondsLeft > 0,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => {
    const waiting = Math.min(RESEND_CODE_SECONDS, Math.max(0, Math.ceil(input.resendAfter ?? 0)));
    return {
      token: input.token,
      managerEmail: '',
      secondsLeft: waiting,
      codeNotice: waiting > 0 ? resetMessages.codeSent : null,
      codeError: null,
      fieldErrors: {},
      error: null,
    };
  },
  initial: 'start',
  states: {

    // A link without a token is an expired link, without a call.
    start: { always: [{ guard: 'hasToken', target: 'checking' }, { target: 'expired' }] },
    checking: {
      invoke: {
        id: 'checkToken', src: 'checkToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: ({ event }) => !event.output.ok, target: 'expired' },
          { guard: ({ event }) => event.output.isMobileAdded === true, target: 'form' },
          { target: 'noMobile', actions: assign({ managerEmail: ({ event }) => event.output.managerEmail ?? '' }) },
        ],
        onError: { target: 'unavailable' },
      },
    },
    /** The check got no answer: 'Connection error.' and Try again. */
    unavailable: { on: { RETRY: 'checking' } },
    expired: { type: 'final' },
    noMobile: { type: 'final' },
    form: {
      type: 'parallel',
      states: {
        code: {
          initial: 'idle',
          states: {
            // A wait left from before a reload goes on counting (the server refuses a code until then).
            idle: { always: { guard: 'waitLeft', target: 'cooling' }, on: { SEND_CODE: 'sending' } },
            sending: {
              entry: assign({ codeError: null, codeNotice: null }),
              invoke: {
                id: 'sendCode', src: 'sendCode',
                input: ({ context }) => ({ token: context.token }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.ok,
                    target: 'cooling',
                    actions: assign({ codeNotice: resetMessages.codeSent, secondsLeft: RESEND_CODE_SECONDS }),
                  },
                  { target: 'idle', actions: assign({ codeError: ({ event }) => event.output.message ?? recoveryMessages.failed }) },
                ],
                onError: { target: 'idle', actions: assign({ codeError: resetMessages.connection }) },
              },
            },
            /** The button reads 'Sent (n)' and is disabled, one second at a time (spec 002 §4). */
            cooling: {
              invoke: { id: 'ticker', src: 'ticker' },
              on: {
                TICK: [
                  { guard: 'moreSeconds', actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
                  { target: 'idle', actions: assign({ secondsLeft: 0 }) },
                ],
              },
            },
          },
        },
        submission: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                SUBMIT: [
                  {
                    guard: { type: 'fieldsValid', params: ({ event }) => ({ fields: event.fields }) },
                    target: 'submitting',
                    actions: assign({ fieldErrors: {}, error: null }),
                  },
                  { actions: assign({ fieldErrors: ({ event }) => resetFieldErrors(event.fields), error: null }) },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'resetPassword', src: 'resetPassword',
                input: ({ context, event }) => {
                  const f = event.type === 'SUBMIT' ? event.fields : { password: '', code: '' };
                  return { token: context.token, password: f.password, code: f.code.trim() };
                },
                onDone: [
                  { guard: ({ event }) => event.output.ok, target: '#passwordReset.done' },
                  // A wrong code is said under the code field (spec 002 §8 'Incorrect code. Try again.').
                  {
                    guard: ({ event }) => event.output.message === recoveryMessages.wrongCode,
                    target: 'editing',
                    actions: assign({ fieldErrors: { code: recoveryMessages.wrongCode } }),
                  },
                  { target: 'editing', actions: assign({ error: ({ event }) => event.output.message ?? recoveryMessages.failed }) },
                ],
                onError: { target: 'editing', actions: assign({ error: resetMessages.connection }) },
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
