import { useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SignInJourney } from '../../../src/features/auth/SignInJourney';
import type { SignInDispatch } from '../../../src/features/auth/signInEngine';
import { SignInJourneyWithStore } from './SignInJourneyWithStore';
import { signInMessages } from '../../../src/machines/signIn.machine';
import { twoFactorMessages, WRONG_CODE_TRIES } from '../../../src/machines/twoFactorSetup.machine';
import { storageKeys } from '../../../src/lib/storageKeys';
import { leaveSignInNotice, peekSignInNotice, TOKEN_CHECK_FAILED } from '../../../src/lib/signInNotice';
import {
  CODE_HANDLE,
  authServerMessages,
  loginAnswers,
  loginHandlers,
  otpActivateHandlers,
  otpSetupAnswers,
  otpSetupHandlers,
  otpVerifyHandlers,
  logoutHandlers,
  savePromptDateHandlers,
  sendCodeHandlers,
  validCodes,
  verifyCodeHandlers,
} from '../../mocks/auth';

/**
 * The whole sign-in journey of spec 002 §4, through the real `signInMachine` and RTK Query, with
 * MSW answering each call. Every story passes `onFinished: fn()` (meta args): the default navigates
 * the window away, which would end the test run.
 */

// Spies for "the call was made"; cleared in every story's beforeEach.
const calls = {
  login: fn(),
  otpVerify: fn(),
  savePromptDate: fn(),
  sendCode: fn(),
  verifyCode: fn(),
  otpSetup: fn(),
  otpActivate: fn(),
  logout: fn(),
};

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct horse';
const sessionKeys = [storageKeys.authToken, storageKeys.affiliateId, storageKeys.tokenCopy];

/**
 * react-aria's Button announces "busy" through its live announcer with a `role="img"` node labelled
 * by the button's id, kept for 7 s. When the journey moves on, the button (and so the label) is
 * gone and axe reports `role-img-alt` for a message that was already read out. Only those dangling
 * announcements are removed; any whose label still exists stays.
 */
function forgetDanglingAnnouncements() {
  document.querySelectorAll('[data-live-announcer] [aria-labelledby]').forEach((node) => {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) node.remove();
  });
}

/** Waits for entry animations (e.g. a banner fading in) so axe and the screenshot see the end state. */
async function animationsSettled() {
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

/** Runs a journey, then lets it settle and drops the announcements of buttons it has left behind. */
function journey(play: NonNullable<Story['play']>): Story['play'] {
  return async (context) => {
    await play(context);
    await animationsSettled();
    forgetDanglingAnnouncements();
  };
}

/** A story's beforeEach: empty storage, fresh spies, the story's handlers. */
function withHandlers(...handlers: AnyHandler[]) {
  return ({ msw }: StoryContext) => {
    forgetDanglingAnnouncements();
    localStorage.clear();
    Object.values(calls).forEach((spy) => spy.mockClear());
    msw.use(...handlers);
    return () => localStorage.clear();
  };
}

type Canvas = ReturnType<typeof within>;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(canvas: Canvas, email = EMAIL, password = PASSWORD) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), email);
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
}

/**
 * The authenticator code field, once the step has taken focus (its heading, issue 13): typed before
 * that, the focus move can land mid-code and lose characters on a busy machine.
 */
async function authenticatorCodeField(canvas: Canvas) {
  const heading = await canvas.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  await waitFor(() => expect(heading).toHaveFocus());
  return canvas.getByRole('textbox', { name: 'Authentication code' });
}

/** Sign in with both fields empty: each says it is required (§5); returns the e-mail field. */
async function submitEmpty(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  const email = canvas.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveAccessibleDescription(signInMessages.emailRequired);
  await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription(signInMessages.passwordRequired);
  return email;
}

/** Types into a field after clearing it. */
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

async function expectSignedIn(onFinished: () => void) {
  await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1), { timeout: 6000 });
  await expect(localStorage.getItem(storageKeys.authToken)).toBe(loginAnswers.otpEnabled['mb-app-token']);
  await expect(localStorage.getItem(storageKeys.affiliateId)).toBe(String(loginAnswers.otpEnabled['mb-aid']));
  await expect(localStorage.getItem(storageKeys.tokenCopy)).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
}

const meta = {
  title: 'Features/Auth/SignInJourney',
  component: SignInJourneyWithStore,
  args: { productName: 'Publisher Portal', siteId: '1', onFinished: fn(), prefetchSignedIn: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SignInJourneyWithStore>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The login screen before anything is typed. */
export const Default: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Site ID 1');
  }),
};

/** Step 4, prompted recently: the session (mb-auth-token, mb-aid, mb-t) is stored and the journey ends. */
export const StraightIn: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expectSignedIn(args.onFinished!);
    // ld and oid from storage (none yet: 0) go with the credentials (spec 002 §3).
    await expect(calls.login).toHaveBeenCalledTimes(1);
    await expect(calls.login).toHaveBeenCalledWith({ email: EMAIL, password: PASSWORD, ld: 0, oid: 0 });
    await expect(localStorage.getItem(storageKeys.ld)).toBe(String(loginAnswers.otpEnabled['mb-ld']));
    await expect(localStorage.getItem(storageKeys.oid)).toBe(String(loginAnswers.otpEnabled['mb-oid']));
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  }),
};

/** §5: nothing is sent until the e-mail and password pass the client's checks. */
export const FieldValidation: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = await submitEmpty(canvas);
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(email).toHaveAccessibleDescription(signInMessages.emailInvalid);
    await expect(calls.login).not.toHaveBeenCalled();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/**
 * Issue 13 (spec 002 §5): each submit judges what is in the fields now. Empty, then `x@y` / `x`, then a
 * good sign-in: the messages follow each submit, and the good one is sent on its first click.
 */
export const FieldValidationEachSubmit: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    const password = canvas.getByLabelText(/^Password/);
    const submit = () => userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await submit();
    await expect(email).toHaveAccessibleDescription(signInMessages.emailRequired);
    await expect(password).toHaveAccessibleDescription(signInMessages.passwordRequired);
    await userEvent.type(email, 'x@y');
    await userEvent.type(password, 'x');
    await submit();
    await expect(email).toHaveAccessibleDescription(signInMessages.emailInvalid);
    await expect(password).not.toHaveAccessibleDescription(signInMessages.passwordRequired);
    await expect(canvasElement).not.toHaveTextContent('Please fill out this field.');
    await retype(email, EMAIL);
    await retype(password, PASSWORD);
    await submit();
    await waitFor(() => expect(calls.login).toHaveBeenCalledTimes(1));
    await expect(calls.login).toHaveBeenCalledWith({ email: EMAIL, password: PASSWORD, ld: 0, oid: 0 });
    await expectSignedIn(args.onFinished!);
  }),
};

/** §8: a login failure shows the server's errors.message; nothing is stored. */
export const WrongPassword: Story = {
  beforeEach: withHandlers(loginHandlers.badCredentials({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas, EMAIL, 'wrong password');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.badCredentials);
    await expect(calls.login).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('data-pending');
    for (const key of sessionKeys) await expect(localStorage.getItem(key)).toBeNull();
    await expect(args.onFinished).not.toHaveBeenCalled();
    // A refused password fetches nothing of the signed-in portal.
    await expect(args.prefetchSignedIn).not.toHaveBeenCalled();
    // Spec 002 §4 (issue 13): a click dismisses the banner; the next refusal shows it again.
    await userEvent.click(canvas.getByRole('alert'));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.badCredentials);
    await expect(calls.login).toHaveBeenCalledTimes(2);
  }),
};

/**
 * An address with many failed sign-ins (docs/adr/0009): the server answers 428 and the form shows the
 * captcha; nothing is sent before it is solved; the next try carries the solution and goes in.
 */
export const CaptchaRequired: Story = {
  args: { captchaTest: true },
  beforeEach: withHandlers(loginHandlers.captchaThenStraightIn({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.captchaRequired);
    const box = await canvas.findByRole('checkbox', {}, { timeout: 5000 });
    await expect(calls.login).toHaveBeenCalledTimes(1);
    await expect(args.prefetchSignedIn).not.toHaveBeenCalled();
    // Not solved yet: the machine says so and sends nothing.
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    // The banner fades in (200 ms, spec 002 §9).
    await waitFor(() => expect(canvas.getByText(signInMessages.captchaMissing)).toBeVisible());
    await expect(calls.login).toHaveBeenCalledTimes(1);
    await userEvent.click(box);
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget input[name="altcha"]')?.getAttribute('value')).toBeTruthy(), { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expectSignedIn(args.onFinished!);
    await expect(calls.login).toHaveBeenCalledTimes(2);
    await expect(calls.login).toHaveBeenLastCalledWith({ email: EMAIL, password: PASSWORD, ld: 0, oid: 0, altcha: expect.stringMatching(/^[A-Za-z0-9+/=]+$/) });
  }),
};

/**
 * Sent here by a failed token check (spec 000 §8): the signed-in portal left 'Error while verifying
 * token.' for this screen before it reloaded; it shows once, as the form's banner (the next submit's
 * answer takes its place, as in WrongPassword).
 */
export const AfterFailedTokenCheck: Story = {
  beforeEach: (context) => {
    const cleanup = withHandlers(loginHandlers.badCredentials({ onRequest: ({ body }) => calls.login(body) }))(context);
    leaveSignInNotice(TOKEN_CHECK_FAILED);
    return () => {
      sessionStorage.clear();
      cleanup();
    };
  },
  play: journey(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(TOKEN_CHECK_FAILED);
    // Shown once: a later visit to the sign-in screen does not show it again.
    await waitFor(() => expect(peekSignInNotice()).toBeNull());
  }),
};

/** 429 from the server's attempt limiter: its message is shown like any other failure. */
export const TooManyAttempts: Story = {
  beforeEach: withHandlers(loginHandlers.tooManyAttempts({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.tooManyAttempts);
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** §8: a network failure shows 'Connection error.' */
export const NetworkFailure: Story = {
  beforeEach: withHandlers(loginHandlers.networkError({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Connection error.');
    await expect(calls.login).toHaveBeenCalledTimes(1);
    for (const key of sessionKeys) await expect(localStorage.getItem(key)).toBeNull();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** §2: 'Sign in' shows a spinner while the server has not answered (it never does here). */
export const Authenticating: Story = {
  beforeEach: withHandlers(loginHandlers.pending({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Sign in/ })).toHaveAttribute('data-pending', 'true'));
    await waitFor(() => expect(calls.login).toHaveBeenCalledTimes(1));
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** Step 2: otp_enabled → the authenticator code; a wrong code, then the right one signs in. */
export const AuthenticatorCode: Story = {
  beforeEach: withHandlers(loginHandlers.otpEnabled({ onRequest: ({ body }) => calls.login(body) }), otpVerifyHandlers.byCode({ onRequest: ({ body }) => calls.otpVerify(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    await expect(heading).toBeVisible();
    // The new step is announced: focus on its heading, and the tab says where the affiliate is (issue 13).
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(document.title).toBe('Two-factor authentication | Publisher Portal');
    // The password is accepted: the signed-in portal's first screen is fetched while the code is typed.
    await expect(args.prefetchSignedIn).toHaveBeenCalledTimes(1);
    // Step 1 stored the token, but the session is not complete yet.
    await expect(localStorage.getItem(storageKeys.authToken)).toBe(loginAnswers.otpEnabled['mb-app-token']);
    await expect(localStorage.getItem(storageKeys.affiliateId)).toBeNull();

    const input = canvas.getByRole('textbox', { name: 'Authentication code' });
    await userEvent.type(input, '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The code you entered is incorrect. Please try again.');
    await expect(calls.otpVerify).toHaveBeenLastCalledWith({ inputCode: '000000' });
    await expect(args.onFinished).not.toHaveBeenCalled();

    await retype(input, validCodes.authenticator);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSignedIn(args.onFinished!);
    await expect(calls.otpVerify).toHaveBeenLastCalledWith({ inputCode: validCodes.authenticator });
    await expect(args.prefetchSignedIn).toHaveBeenCalledTimes(1);
  }),
};

/**
 * Step 2, Cancel: the journey ends without a session: the half sign-in is revoked on the server and
 * its token forgotten, and the app reloads into the sign-in screen, not /dashboard (issue 13).
 */
export const AuthenticatorCodeCancelled: Story = {
  beforeEach: withHandlers(
    loginHandlers.otpEnabled({ onRequest: ({ body }) => calls.login(body) }),
    otpVerifyHandlers.byCode({ onRequest: ({ body }) => calls.otpVerify(body) }),
    logoutHandlers.loggedOut({ onRequest: ({ request }) => calls.logout(request.headers.get('x-app-token')) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(args.onFinished).toHaveBeenCalledTimes(1));
    await expect(args.onFinished).toHaveBeenCalledWith(false);
    await expect(calls.logout).toHaveBeenCalledWith(loginAnswers.otpEnabled['mb-app-token']);
    await expect(calls.otpVerify).not.toHaveBeenCalled();
    for (const key of sessionKeys) await expect(localStorage.getItem(key)).toBeNull();
  }),
};

/** Step 2, an empty code: caught before any request, in words for the affiliate (issue 13). */
export const AuthenticatorCodeEmpty: Story = {
  beforeEach: withHandlers(loginHandlers.otpEnabled(), otpVerifyHandlers.byCode({ onRequest: ({ body }) => calls.otpVerify(body) })),
  play: journey(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(signInMessages.otpRequired);
    await expect(calls.otpVerify).not.toHaveBeenCalled();
  }),
};

/**
 * Step 2, too many wrong codes: the server ends the half sign-in (429) and the journey goes back to
 * the password with its message, the stored token forgotten; no dead end with Submit still active.
 */
export const AuthenticatorCodeTooManyWrong: Story = {
  beforeEach: withHandlers(
    loginHandlers.otpEnabled(),
    otpVerifyHandlers.failure(authServerMessages.tooManyOtp, 429, { onRequest: ({ body }) => calls.otpVerify(body) }),
    logoutHandlers.loggedOut({ onRequest: ({ request }) => calls.logout(request.headers.get('x-app-token')) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.type(await authenticatorCodeField(canvas), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(authServerMessages.tooManyOtp);
    // The e-mail is kept; only the password is asked again.
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue(EMAIL);
    // Revoked on the server too (it may only have throttled it), then forgotten here.
    await waitFor(() => expect(calls.logout).toHaveBeenCalledWith(loginAnswers.otpEnabled['mb-app-token']));
    for (const key of sessionKeys) await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** Three quick clicks on Sign in while the answer is on its way send one sign-in (issue 13). */
export const SignInSentOnce: Story = {
  beforeEach: withHandlers(loginHandlers.pending({ onRequest: ({ body }) => calls.login(body) })),
  play: journey(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const button = canvas.getByRole('button', { name: /Sign in/ });
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await userEvent.keyboard('{Enter}');
    await wait(300);
    await expect(calls.login).toHaveBeenCalledTimes(1);
  }),
};

/** Step 2: the verify call failing at the network says 'Connection error.' and stays on the code. */
export const AuthenticatorCodeNetworkFailure: Story = {
  beforeEach: withHandlers(loginHandlers.otpEnabled(), otpVerifyHandlers.networkError({ onRequest: ({ body }) => calls.otpVerify(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const code = await authenticatorCodeField(canvas);
    await userEvent.type(code, validCodes.authenticator);
    await expect(code).toHaveValue(validCodes.authenticator);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(async () => expect(await canvas.findByRole('alert')).toHaveTextContent('Connection error.'));
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/**
 * Step 3: country not verified → Send Code → 'We have sent you a code.' → a wrong code shows the
 * server's message under the input → the right code signs in.
 */
export const AccountVerification: Story = {
  beforeEach: withHandlers(
    loginHandlers.countryNotVerified({ onRequest: ({ body }) => calls.login(body) }),
    sendCodeHandlers.sent({ onRequest: ({ body }) => calls.sendCode(body) }),
    verifyCodeHandlers.byCode({ onRequest: ({ body }) => calls.verifyCode(body) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Please verify your account' })).toBeVisible();
    // A mobile number is on file: SMS can be chosen.
    await userEvent.click(await canvas.findByText('SMS'));
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('We have sent you a code.');
    await expect(calls.sendCode).toHaveBeenCalledTimes(1);
    await expect(calls.sendCode).toHaveBeenCalledWith({ method: 'bySMS', purpose: 'login' });

    const input = canvas.getByRole('textbox', { name: 'Verification code' });
    await userEvent.type(input, '111111');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(authServerMessages.wrongVerificationCode));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onFinished).not.toHaveBeenCalled();

    // The code is trimmed before it is sent (§5 Codes) and goes with the handle t from sendCode.
    await retype(input, ` ${validCodes.verification} `);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expectSignedIn(args.onFinished!);
    await expect(calls.verifyCode).toHaveBeenLastCalledWith({ code: validCodes.verification, t: CODE_HANDLE });
  }),
};

/** Step 3 without a mobile number: SMS and both are disabled with the hint; e-mail is sent. */
export const AccountVerificationWithoutMobile: Story = {
  beforeEach: withHandlers(
    loginHandlers.countryNotVerifiedNoMobile({ onRequest: ({ body }) => calls.login(body) }),
    sendCodeHandlers.sent({ onRequest: ({ body }) => calls.sendCode(body) }),
    verifyCodeHandlers.byCode({ onRequest: ({ body }) => calls.verifyCode(body) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const group = await canvas.findByRole('radiogroup', { name: 'Receive a code by' });
    await expect(group).toHaveAccessibleDescription('(Add your mobile number after logging in to receive code via SMS)');
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Both' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('We have sent you a code.');
    await expect(calls.sendCode).toHaveBeenCalledTimes(1);
    await expect(calls.sendCode).toHaveBeenCalledWith({ method: 'byEmail', purpose: 'login' });
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** Step 3: the send call fails: back on the choice with the server's message. */
export const AccountVerificationSendFailed: Story = {
  beforeEach: withHandlers(loginHandlers.countryNotVerified(), sendCodeHandlers.notSent({ onRequest: ({ body }) => calls.sendCode(body) })),
  play: journey(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.codeSendFailed);
    await expect(canvas.getByRole('button', { name: 'Send Code' })).not.toHaveAttribute('data-pending');
  }),
};

/** Step 4 with a prompt older than 30 days: the optional offer; 'Not now' records the prompt date and signs in. */
export const OptionalOfferNotNow: Story = {
  beforeEach: withHandlers(
    loginHandlers.optionalOffer({ onRequest: ({ body }) => calls.login(body) }),
    savePromptDateHandlers.saved({ onRequest: ({ body }) => calls.savePromptDate(body) }),
    otpSetupHandlers.fresh({ onRequest: ({ body }) => calls.otpSetup(body) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
    await expect(await canvas.findByRole('radiogroup', { name: /Would you like to secure your account/ })).toBeVisible();
    // Step 4 stores the affiliate id and token before the offer is shown.
    await waitFor(() => expect(localStorage.getItem(storageKeys.tokenCopy)).not.toBeNull());
    await expect(localStorage.getItem(storageKeys.affiliateId)).toBe(String(loginAnswers.optionalOffer['mb-aid']));

    await userEvent.click(canvas.getByText(/^Not now/));
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed' }));
    await expectSignedIn(args.onFinished!);
    await expect(calls.savePromptDate).toHaveBeenCalledTimes(1);
    await expect(calls.otpSetup).not.toHaveBeenCalled();
  }),
};

/** The special mb-o 123 makes the offer optional whatever mb-p says; 'Yes' opens the set-up. */
export const OptionalOfferYes: Story = {
  beforeEach: withHandlers(
    loginHandlers.optionalOfferSpecialO({ onRequest: ({ body }) => calls.login(body) }),
    savePromptDateHandlers.saved({ onRequest: ({ body }) => calls.savePromptDate(body) }),
    otpSetupHandlers.fresh({ onRequest: ({ body }) => calls.otpSetup(body) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.click(await canvas.findByText('Yes, set up Google 2-fa'));
    await expect(canvas.getByRole('radio', { name: 'Yes, set up Google 2-fa' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: '2-step Verification Setup' })).toBeVisible();
    // Set-up has a way back: Cancel returns to the offer, where 'Not now' is still there.
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByRole('radiogroup', { name: /Would you like to secure your account/ })).toBeVisible();
    await userEvent.click(canvas.getByText('Yes, set up Google 2-fa'));
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed' }));
    await expect(await canvas.findByRole('button', { name: 'Next' })).toBeVisible();
    await expect(calls.savePromptDate).not.toHaveBeenCalled();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/**
 * Step 5: the forced offer → Set Up Now → download, scan, enter the code; a wrong code shows the
 * message and fetches a fresh QR code; the right code activates; 'Take me to my dashboard' signs in.
 */
export const ForcedOfferSetUp: Story = {
  beforeEach: withHandlers(
    loginHandlers.forcedOffer({ onRequest: ({ body }) => calls.login(body) }),
    otpSetupHandlers.fresh({ onRequest: ({ body }) => calls.otpSetup(body) }),
    otpActivateHandlers.byCode({ onRequest: ({ body }) => calls.otpActivate(body) }),
  ),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [first, fresh] = otpSetupAnswers;
    await signIn(canvas);
    await expect(await canvas.findByText('Secure your account with Google 2-Factor Authentication.')).toBeVisible();
    // The forced offer cannot be declined, and the session is not complete yet.
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
    await expect(localStorage.getItem(storageKeys.affiliateId)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Set Up Now' }));

    // 1. Download the app.
    await expect(await canvas.findByRole('heading', { level: 1, name: '2-step Verification Setup' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    // 2. Scan the QR code.
    const qr = await canvas.findByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toHaveAttribute('src', first.qr);
    await expect(canvas.getByText(first.secret)).toBeVisible();
    await expect(calls.otpSetup).toHaveBeenCalledTimes(1);
    // Back and Next show the same QR code: a secret already scanned is never thrown away (issue 13).
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', first.qr);
    await expect(calls.otpSetup).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByText(twoFactorMessages.removeOldEntry)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    // An empty code is caught before the request, and keeps the secret.
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(twoFactorMessages.codeRequired);
    await expect(calls.otpActivate).not.toHaveBeenCalled();
    // 3. A wrong code keeps the secret for WRONG_CODE_TRIES tries: the entry already scanned still works.
    for (let i = 1; i < WRONG_CODE_TRIES; i++) {
      const field = canvas.getByRole('textbox', { name: '6-digit code' });
      await userEvent.clear(field);
      await userEvent.type(field, '999999');
      await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
      await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(twoFactorMessages.wrongCodeRetry));
      await expect(calls.otpActivate).toHaveBeenLastCalledWith({ secret: first.secret, otp: '999999' });
      await expect(calls.otpSetup).toHaveBeenCalledTimes(1);
    }
    // The last try: the message, and a fresh QR code to scan.
    await userEvent.clear(canvas.getByRole('textbox', { name: '6-digit code' }));
    await userEvent.type(canvas.getByRole('textbox', { name: '6-digit code' }), '999999');
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(twoFactorMessages.wrongCode));
    await expect(calls.otpActivate).toHaveBeenLastCalledWith({ secret: first.secret, otp: '999999' });
    await waitFor(() => expect(canvas.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', fresh.qr));
    await expect(canvas.getByText(fresh.secret)).toBeVisible();
    // The spec's fresh QR code comes with a plain word about the entry scanned before.
    const removeOld = canvas.getByText(twoFactorMessages.removeOldEntry);
    // The banner fades in.
    await waitFor(() => expect(removeOld).toBeVisible());
    await expect(calls.otpSetup).toHaveBeenCalledTimes(2);
    await expect(args.onFinished).not.toHaveBeenCalled();
    // The right code, checked against the new secret; the wrong one is not kept for it.
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    const input = canvas.getByRole('textbox', { name: '6-digit code' });
    await expect(input).toHaveValue('');
    await userEvent.type(input, validCodes.activation);
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    const activated = await canvas.findByText('Google Authenticator is now active on your account.');
    await waitFor(() => expect(activated).toBeVisible());
    await expect(calls.otpActivate).toHaveBeenLastCalledWith({ secret: fresh.secret, otp: validCodes.activation });
    await expect(args.onFinished).not.toHaveBeenCalled();
    // Signed in from the success screen on: a reload here does not ask for the password again.
    await waitFor(() => expect(localStorage.getItem(storageKeys.tokenCopy)).not.toBeNull());
    await expect(localStorage.getItem(storageKeys.affiliateId)).toBe(String(loginAnswers.forcedOffer['mb-aid']));
    await userEvent.click(canvas.getByRole('button', { name: 'Take me to my dashboard' }));
    await expectSignedIn(args.onFinished!);
  }),
};

/** The forced offer has a way out: Sign out, and set-up's Cancel returns to the offer. */
export const ForcedOfferSignOut: Story = {
  beforeEach: withHandlers(loginHandlers.forcedOffer(), otpSetupHandlers.fresh({ onRequest: ({ body }) => calls.otpSetup(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Set Up Now' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('Secure your account with Google 2-Factor Authentication.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(args.onFinished).toHaveBeenCalledWith(false));
    await expect(localStorage.getItem(storageKeys.affiliateId)).toBeNull();
  }),
};

/** Step 5, the QR code cannot be fetched: 'Error while fetching QR code.' and Try again. */
export const ForcedOfferQrCodeFailed: Story = {
  beforeEach: withHandlers(loginHandlers.forcedOffer(), otpSetupHandlers.failed({ onRequest: ({ body }) => calls.otpSetup(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Set Up Now' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(twoFactorMessages.qrFailed);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.otpSetup).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/**
 * Issue 11: the page is drawn before the journey's code (the machines, Redux, RTK Query). Here that code
 * never arrives (the store's dispatch is never handed over): the fields' rules still answer at once,
 * and a good submit waits with the button busy, nothing sent yet.
 */
export const BeforeTheJourneyLoads: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn({ onRequest: ({ body }) => calls.login(body) })),
  render: (args) => <SignInJourney {...args} loadDispatch={() => new Promise<never>(() => {})} />,
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = await submitEmpty(canvas);
    await userEvent.type(email, EMAIL);
    await userEvent.type(canvas.getByLabelText(/^Password/), PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: /Sign in/ })).toHaveAttribute('data-pending'));
    await expect(email).not.toHaveAccessibleDescription(signInMessages.emailRequired);
    await wait(300);
    await expect(calls.login).not.toHaveBeenCalled();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/**
 * Issue 11: the journey's code cannot be downloaded (the network dropped after the page came): the
 * form says 'Connection error.' and keeps what was typed; the next submit tries the download again.
 */
export const JourneyCodeFailed: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn({ onRequest: ({ body }) => calls.login(body) })),
  render: function Render(args) {
    const dispatch = useDispatch<SignInDispatch>();
    const tries = useRef(0);
    // The first download fails, the second arrives.
    const loadDispatch = () => (tries.current++ === 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(dispatch));
    return <SignInJourney {...args} loadDispatch={loadDispatch} />;
  },
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'E-mail' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(signInMessages.connection);
    await signIn(canvas);
    await expectSignedIn(args.onFinished!);
    await expect(calls.login).toHaveBeenCalledTimes(1);
  }),
};
