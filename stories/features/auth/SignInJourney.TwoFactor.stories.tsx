import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SignInJourneyWithStore } from './SignInJourneyWithStore';
import { signInMessages } from '../../../src/machines/signIn.machine';
import { storageKeys } from '../../../src/lib/storageKeys';
import { authServerMessages, loginAnswers, loginHandlers, otpVerifyHandlers, logoutHandlers, validCodes } from '../../mocks/auth';
import { authenticatorCodeField, calls, EMAIL, expectSignedIn, journey, retype, sessionKeys, signIn, signInJourneyMeta, withHandlers, type Story } from './signInJourneyStory';

/** The sign-in journey's authenticator-code step (spec 002 §4 step 2); the set-up is in signInJourneyStory.tsx. */
const meta = { title: 'Features/Auth/SignInJourney/TwoFactor', ...signInJourneyMeta, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof SignInJourneyWithStore>;
export default meta;

/** Step 2: otp_enabled → the authenticator code; a wrong code, then the right one signs in. */
export const AuthenticatorCode: Story = {
  beforeEach: withHandlers(loginHandlers.otpEnabled({ onRequest: ({ body }) => calls.login(body) }), otpVerifyHandlers.byCode({ onRequest: ({ body }) => calls.otpVerify(body) })),
  play: journey(async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    await expect(heading).toBeVisible();
    // The new step is announced: focus on its heading, and the tab says where the affiliate is.
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
 * its token forgotten, and the app reloads into the sign-in screen, not /dashboard.
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

/** Step 2, an empty code: caught before any request, in words for the affiliate. */
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
