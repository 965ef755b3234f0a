import { assign, fromPromise, setup } from 'xstate';
import { codeFieldMessages } from '../api/contract/twoFactor';
import { codeVerificationMachine } from './codeVerification.machine';
import { twoFactorSetupMachine } from './twoFactorSetup.machine';
import { credentialMessages, validateCredentials, type CredentialErrors } from './signIn.rules';

export { validateCredentials, type CredentialErrors } from './signIn.rules';

/**
 * The sign-in journey of spec 002 §4 "Login flow":
 *   credentials -> captcha                   (the server asks for one: 428, docs/adr/0009)
 *               -> authenticator code        (otp_enabled)
 *               -> account verification      (not otp_enabled, country not verified)
 *               -> optional two-factor offer (mb-o = 123 or mb-p > 2, last prompt > 30 days ago)
 *               -> straight in               (mb-o = 123 or mb-p > 2, prompted recently)
 *               -> forced two-factor offer   (mb-p <= 2 and mb-o != 123)
 * The machine does no I/O: every call is an invoked actor, and storing or clearing the session is an
 * action, both supplied by the screen with `signInMachine.provide(...)`.
 */
export interface LoginAnswer {
  success: boolean;
  errorMessage?: string;
  /** The server wants a solved captcha with this try and every further one of the journey. */
  captchaRequired?: boolean;
  token?: string;
  affiliateId?: string;
  ld?: string | number;
  oid?: string | number;
  p: number;
  o: number;
  otpEnabled: boolean;
  otpPromptDate: string | null;
  countryVerified: boolean;
  mobileAdded: boolean;
}

export interface OtpVerifyAnswer {
  success: boolean;
  isCodeValid?: boolean;
  errorMessage?: string;
  /** The HTTP status of a refused answer: 401 or 429 mean the half sign-in is over. */
  code?: number;
}

export const signInMessages = {
  wrongOtp: 'The code you entered is incorrect. Please try again.',
  internal: 'An internal error occurred. Please try again later',
  ...credentialMessages,
  otpRequired: codeFieldMessages.authenticator,
  captchaMissing: 'Please complete the captcha before signing in.',
} as const;

/** Spec 002 §9: the two-factor prompt repeats every 30 days. */
const PROMPT_INTERVAL_MS = 30 * 24 * 60 * 60 * 1000;
/** mb-o = 123 is "special": two-factor is optional whatever mb-p says. */
const SPECIAL_O = 123;

/** Whether the optional offer is due: never prompted, or prompted more than 30 days ago. */
export function promptDue(promptDate: string | null, now: number): boolean {
  if (!promptDate) return true;
  const at = Date.parse(promptDate);
  return Number.isNaN(at) || now - at > PROMPT_INTERVAL_MS;
}

interface Context {
  email: string;
  /** Once the server has asked, every try of the journey carries a solved captcha. */
  captchaRequired: boolean;
  error: string | null;
  fieldErrors: CredentialErrors;
  answer: LoginAnswer | null;
  now: () => number;
}

export const signInMachine = setup({
  types: {
    input: {} as { now?: () => number } | undefined,
    context: {} as Context,
    events: {} as
      | { type: 'SUBMIT'; email: string; password: string; altcha?: string | null }
      | { type: 'SUBMIT_CODE'; code: string }
      | { type: 'ACCEPT_OFFER' }
      | { type: 'DECLINE_OFFER' }
      | { type: 'CANCEL' },
  },
  actors: {
    authenticate: fromPromise<LoginAnswer, { email: string; password: string; altcha?: string }>(async () => {
      throw new Error('authenticate not provided');
    }),
    verifyOtp: fromPromise<OtpVerifyAnswer, { inputCode: string }>(async () => {
      throw new Error('verifyOtp not provided');
    }),
    savePromptDate: fromPromise<{ success: boolean }>(async () => {
      throw new Error('savePromptDate not provided');
    }),
    codeVerification: codeVerificationMachine,
    twoFactorSetup: twoFactorSetupMachine,
  },
  actions: {
    /** Step 1: on success the token, ld and oid are stored. */
    storeLoginTokens: (_, _params: { answer: LoginAnswer }) => {},
    /** Storing the affiliate id (and the encrypted token copy) completes the session. */
    storeSession: (_, _params: { answer: LoginAnswer }) => {},
    /** Set-up completed: the one-time password counts as verified for this session. */
    markOtpVerified: () => {},
    /** The half sign-in is over: forget its stored token (the screen supplies it). */
    forgetHalfSignIn: () => {},
    /** Leave the journey: the screen reloads the page with (or without) the stored session. */
    reload: () => {},
  },
  guards: {
    credentialsValid: ({ event }) => event.type === 'SUBMIT' && Object.keys(validateCredentials(event.email, event.password)).length === 0,
    loginFailed: (_, answer: LoginAnswer) => !answer.success,
    captchaAsked: ({ context }, answer: LoginAnswer) => !answer.success && (answer.captchaRequired === true || context.captchaRequired),
    credentialsWithCaptcha: ({ event }) =>
      event.type === 'SUBMIT' && Boolean(event.altcha) && Object.keys(validateCredentials(event.email, event.password)).length === 0,
    otpEnabled: (_, answer: LoginAnswer) => answer.otpEnabled,
    countryNotVerified: (_, answer: LoginAnswer) => !answer.countryVerified,
    twoFactorOptional: (_, answer: LoginAnswer) => answer.o === SPECIAL_O || answer.p > 2,
    promptDue: ({ context }, answer: LoginAnswer) => promptDue(answer.otpPromptDate, context.now()),
    codeEntered: ({ event }) => event.type === 'SUBMIT_CODE' && event.code.trim() !== '',
    /** The server has ended the half sign-in (too many wrong codes, or revoked): only the password helps now. */
    halfSignInEnded: (_, answer: OtpVerifyAnswer) => !answer.success && (answer.code === 401 || answer.code === 429),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ email: '', captchaRequired: false, error: null, fieldErrors: {}, answer: null, now: input?.now ?? Date.now }),
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        SUBMIT: [
          {
            guard: 'credentialsValid',
            target: 'authenticating',
            actions: assign({ email: ({ event }) => event.email.trim(), error: null, fieldErrors: {} }),
          },
          { actions: assign({ fieldErrors: ({ event }) => validateCredentials(event.email, event.password), error: null }) },
        ],
      },
    },
    // The form with the captcha: nothing is sent before it is solved; each try needs a new solution.
    captcha: {
      on: {
        SUBMIT: [
          {
            guard: 'credentialsWithCaptcha',
            target: 'authenticating',
            actions: assign({ email: ({ event }) => event.email.trim(), error: null, fieldErrors: {} }),
          },
          {
            guard: 'credentialsValid',
            actions: assign({ fieldErrors: {}, error: signInMessages.captchaMissing }),
          },
          { actions: assign({ fieldErrors: ({ event }) => validateCredentials(event.email, event.password), error: null }) },
        ],
      },
    },
    authenticating: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ event }) =>
          event.type === 'SUBMIT'
            ? { email: event.email.trim(), password: event.password, ...(event.altcha ? { altcha: event.altcha } : {}) }
            : { email: '', password: '' },
        onDone: [
          {
            guard: { type: 'captchaAsked', params: ({ event }) => event.output },
            target: 'captcha',
            actions: assign({ captchaRequired: true, error: ({ event }) => event.output.errorMessage ?? signInMessages.connection }),
          },
          {
            guard: { type: 'loginFailed', params: ({ event }) => event.output },
            target: 'credentials',
            actions: assign({ error: ({ event }) => event.output.errorMessage ?? signInMessages.connection }),
          },
          {
            guard: { type: 'otpEnabled', params: ({ event }) => event.output },
            target: 'authenticatorCode',
            actions: [assign({ answer: ({ event }) => event.output }), { type: 'storeLoginTokens', params: ({ event }) => ({ answer: event.output }) }],
          },
          {
            guard: { type: 'countryNotVerified', params: ({ event }) => event.output },
            target: 'accountVerification',
            actions: [assign({ answer: ({ event }) => event.output }), { type: 'storeLoginTokens', params: ({ event }) => ({ answer: event.output }) }],
          },
          {
            guard: { type: 'twoFactorOptional', params: ({ event }) => event.output },
            target: 'optionalChoice',
            actions: [
              assign({ answer: ({ event }) => event.output }),
              { type: 'storeLoginTokens', params: ({ event }) => ({ answer: event.output }) },
              // Step 4: the affiliate id and token are stored before the offer is considered.
              { type: 'storeSession', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            target: 'forcedOffer',
            actions: [assign({ answer: ({ event }) => event.output }), { type: 'storeLoginTokens', params: ({ event }) => ({ answer: event.output }) }],
          },
        ],
        onError: [
          { guard: ({ context }) => context.captchaRequired, target: 'captcha', actions: assign({ error: signInMessages.connection }) },
          { target: 'credentials', actions: assign({ error: signInMessages.connection }) },
        ],
      },
    },
    optionalChoice: {
      always: [
        { guard: { type: 'promptDue', params: ({ context }) => context.answer! }, target: 'optionalOffer' },
        { target: 'signedIn' },
      ],
    },
    authenticatorCode: {
      on: {
        // An empty code is caught here, before any request.
        SUBMIT_CODE: [
          { guard: 'codeEntered', target: 'verifyingOtp', actions: assign({ error: null }) },
          { actions: assign({ error: signInMessages.otpRequired }) },
        ],
        // Cancel reloads the page (spec 002 §2).
        CANCEL: 'cancelled',
      },
    },
    verifyingOtp: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ event }) => ({ inputCode: event.type === 'SUBMIT_CODE' ? event.code.trim() : '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.success && event.output.isCodeValid === true,
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ context }) => ({ answer: context.answer! }) },
          },
          { guard: ({ event }) => event.output.success, target: 'authenticatorCode', actions: assign({ error: signInMessages.wrongOtp }) },
          // Too many wrong codes: back to the password with the server's message, not a dead end.
          {
            guard: { type: 'halfSignInEnded', params: ({ event }) => event.output },
            target: 'credentials',
            actions: [assign({ error: ({ event }) => event.output.errorMessage ?? signInMessages.internal, answer: null }), 'forgetHalfSignIn'],
          },
          { target: 'authenticatorCode', actions: assign({ error: ({ event }) => event.output.errorMessage ?? signInMessages.internal }) },
        ],
        onError: { target: 'authenticatorCode', actions: assign({ error: signInMessages.connection }) },
      },
    },
    accountVerification: {
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        input: ({ context }) => ({ mobileAvailable: context.answer?.mobileAdded ?? false, purpose: 'login' as const }),
        onDone: [
          {
            guard: ({ event }) => event.output.verified,
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ context }) => ({ answer: context.answer! }) },
          },
          { target: 'cancelled' },
        ],
      },
    },
    optionalOffer: {
      on: {
        ACCEPT_OFFER: 'twoFactorSetup',
        // "No" records the prompt date and goes in (spec 002 §4).
        DECLINE_OFFER: 'savingPromptDate',
      },
    },
    forcedOffer: {
      // Sign out: the half sign-in is abandoned and the page reloads to the sign-in screen.
      on: { ACCEPT_OFFER: 'twoFactorSetup', CANCEL: 'cancelled' },
    },
    savingPromptDate: {
      invoke: {
        id: 'savePromptDate',
        src: 'savePromptDate',
        // Whatever the answer, the affiliate goes in: a failed write only means the offer returns next time.
        onDone: 'signedIn',
        onError: 'signedIn',
      },
    },
    twoFactorSetup: {
      invoke: {
        id: 'twoFactorSetup',
        src: 'twoFactorSetup',
        // The session is stored as soon as the code is accepted, not when the success screen is left:
        // a reload there finds the affiliate signed in.
        onSnapshot: {
          guard: ({ event }) => event.snapshot.value === 'activated',
          actions: [{ type: 'storeSession', params: ({ context }) => ({ answer: context.answer! }) }, 'markOtpVerified'],
        },
        // Stored again at the end (an idempotent write): the session never depends on having seen that snapshot.
        onDone: [
          {
            guard: ({ event }) => event.output.activated,
            target: 'signedIn',
            actions: [{ type: 'storeSession', params: ({ context }) => ({ answer: context.answer! }) }, 'markOtpVerified'],
          },
          // Set-up cancelled: back to the offer it came from (the optional one can then say Not now,
          // the forced one Sign out), not a reload that loses the sign-in.
          { guard: { type: 'twoFactorOptional', params: ({ context }) => context.answer! }, target: 'optionalOffer' },
          { target: 'forcedOffer' },
        ],
      },
    },
    signedIn: { type: 'final', entry: 'reload' },
    cancelled: { type: 'final', entry: 'reload' },
  },
});
