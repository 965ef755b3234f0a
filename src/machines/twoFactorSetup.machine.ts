import { assign, fromPromise, setup } from 'xstate';
import { codeFieldMessages } from '../api/contract/twoFactor';

/**
 * Two-factor set-up (spec 001 §2.5 and §4 Two-factor; opened by the sign-in offers of spec 002 §4):
 * (1) download the authenticator app, (2) scan the QR code, (3) enter the 6-digit code and Activate,
 * then a success screen with 'Take me to my dashboard'. A wrong code shows a message; after
 * WRONG_CODE_TRIES wrong codes on the same secret a fresh QR code is fetched. States tagged `unsaved`
 * make the screen warn before the page is left.
 */
export interface OtpSetupResult {
  ok: boolean;
  /** Content of the QR code: an otpauth:// URI. */
  token?: string;
  /** An image of the QR code (data URL), when the server renders it. */
  qrImage?: string;
  secret?: string;
  message?: string;
}
export interface OtpActivateResult {
  ok: boolean;
  isTokenValid?: boolean;
  message?: string;
}

export const twoFactorMessages = {
  qrFailed: 'Error while fetching QR code.',
  wrongCode: 'The value you entered was incorrect. Please scan this new code and try again.',
  /** A wrong code with tries left on the same secret: the entry in the app still works. */
  wrongCodeRetry: 'The value you entered was incorrect. Please wait for the next code in your authenticator app and enter it.',
  activateFailed: 'Error while activating 2-factor authentication. Please try again later.',
  codeRequired: codeFieldMessages.authenticator,
  /** Shown with a fresh QR code: the entry scanned before will never give a valid code. */
  removeOldEntry: 'The entry you added before no longer works: remove it from your authenticator app, then scan this new code.',
} as const;

/**
 * Wrong activation codes the same secret takes before a fresh QR code replaces it (spec 001 §4: "a
 * wrong activation code shows an error and fetches a fresh QR code"; docs/settings.md). One mistyped
 * or expired code should not make the affiliate delete the app's entry and scan again.
 */
export const WRONG_CODE_TRIES = 3;

/** Exported because the sign-in machine, which invokes this one, has it in its declared type. */
export interface Context {
  token: string | null;
  /** Wrong codes entered for the current secret. */
  wrongCodes: number;
  qrImage: string | null;
  secret: string | null;
  error: string | null;
  /** A fresh QR code replaced one the affiliate may have scanned already. */
  replaced: boolean;
}

/** Fetching a QR code, first or fresh: the secret is stored, or the failure is said. */
const fetchQrCodeInvoke = {
  id: 'fetchQrCode',
  src: 'fetchQrCode',
  onDone: [
    { guard: 'qrCodeReceived', target: 'scanQrCode', actions: 'storeSecret' },
    { target: 'qrCodeFailed', actions: 'qrFailed' },
  ],
  onError: { target: 'qrCodeFailed', actions: 'qrFailed' },
} as const;

export const twoFactorSetupMachine = setup({
  types: {
    context: {} as Context,
    events: {} as { type: 'NEXT' } | { type: 'BACK' } | { type: 'ACTIVATE'; code: string } | { type: 'RETRY' } | { type: 'FINISH' } | { type: 'CANCEL' },
    output: {} as { activated: boolean },
  },
  actors: {
    fetchQrCode: fromPromise<OtpSetupResult>(async () => {
      throw new Error('fetchQrCode not provided');
    }),
    activate: fromPromise<OtpActivateResult, { secret: string; otp: string }>(async () => {
      throw new Error('activate not provided');
    }),
  },
  guards: {
    qrCodeReceived: ({ event }) => {
      const out = (event as unknown as { output: OtpSetupResult }).output;
      return out.ok && Boolean(out.secret);
    },
  },
  actions: {
    qrFailed: assign({ error: twoFactorMessages.qrFailed }),
    storeSecret: assign(({ context, event }) => {
      const out = (event as unknown as { output: OtpSetupResult }).output;
      // A new secret after one was shown: the affiliate may have scanned the old one already.
      const replaced = context.replaced || (context.secret !== null && context.secret !== out.secret);
      return { token: out.token ?? null, qrImage: out.qrImage ?? null, secret: out.secret ?? null, replaced, wrongCodes: 0 };
    }),
  },
}).createMachine({
  id: 'twoFactorSetup',
  context: { token: null, qrImage: null, secret: null, error: null, replaced: false, wrongCodes: 0 },
  initial: 'downloadApp',
  output: ({ context }) => ({ activated: context.error === null && context.secret !== null }),
  states: {
    downloadApp: {
      tags: ['unsaved'],
      // The secret is kept for the whole set-up: Back and Next show the same QR code again.
      on: { NEXT: [{ guard: ({ context }) => context.secret !== null, target: 'scanQrCode' }, { target: 'loadingQrCode' }], CANCEL: 'cancelled' },
    },
    loadingQrCode: {
      tags: ['unsaved'],
      invoke: fetchQrCodeInvoke,
    },
    qrCodeFailed: {
      tags: ['unsaved'],
      on: { RETRY: { target: 'loadingQrCode', actions: assign({ error: null }) }, CANCEL: 'cancelled' },
    },
    scanQrCode: {
      tags: ['unsaved'],
      on: { NEXT: 'enterCode', BACK: 'downloadApp', CANCEL: 'cancelled' },
    },
    enterCode: {
      tags: ['unsaved'],
      on: {
        // An empty code is caught before the request (and costs no fresh QR code).
        ACTIVATE: [
          { guard: ({ event }) => event.code.trim() !== '', target: 'activating' },
          { actions: assign({ error: twoFactorMessages.codeRequired }) },
        ],
        BACK: { target: 'scanQrCode', actions: assign({ error: null }) },
        CANCEL: 'cancelled',
      },
    },
    activating: {
      tags: ['unsaved'],
      entry: assign({ error: null }),
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context, event }) => ({ secret: context.secret ?? '', otp: event.type === 'ACTIVATE' ? event.code.trim() : '' }),
        onDone: [
          { guard: ({ event }) => event.output.ok && event.output.isTokenValid === true, target: 'activated' },
          // A wrong code with tries left: the same secret, enter the app's next code.
          {
            guard: ({ context, event }) => event.output.ok && context.wrongCodes + 1 < WRONG_CODE_TRIES,
            target: 'enterCode',
            actions: assign({ error: twoFactorMessages.wrongCodeRetry, wrongCodes: ({ context }) => context.wrongCodes + 1 }),
          },
          // The last try: say so, then fetch a fresh QR code to scan (spec 001 §4 Two-factor).
          { guard: ({ event }) => event.output.ok, target: 'refreshingQrCode', actions: assign({ error: twoFactorMessages.wrongCode }) },
          { target: 'enterCode', actions: assign({ error: ({ event }) => event.output.message ?? twoFactorMessages.activateFailed }) },
        ],
        onError: { target: 'enterCode', actions: assign({ error: twoFactorMessages.activateFailed }) },
      },
    },
    refreshingQrCode: {
      tags: ['unsaved'],
      // Keep the wrong-code message on screen with the new QR code.
      invoke: fetchQrCodeInvoke,
    },
    activated: {
      on: { FINISH: 'done' },
    },
    done: { type: 'final' },
    cancelled: { type: 'final', entry: assign({ secret: null }) },
  },
});
