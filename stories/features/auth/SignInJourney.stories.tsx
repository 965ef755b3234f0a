import { useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { SignInJourney } from '../../../src/features/auth/SignInJourney';
import type { SignInDispatch } from '../../../src/features/auth/signInEngine';
import type { SignInJourneyWithStore } from './SignInJourneyWithStore';
import { signInMessages } from '../../../src/machines/signIn.machine';
import { storageKeys } from '../../../src/lib/storageKeys';
import { leaveSignInNotice, peekSignInNotice, TOKEN_CHECK_FAILED } from '../../../src/lib/signInNotice';
import { authServerMessages, loginAnswers, loginHandlers } from '../../mocks/auth';
import { bodiesTo, wait } from '../../../.storybook/helpers';
import { calls, EMAIL, expectSignedIn, journey, PASSWORD, retype, sessionKeys, signIn, signInJourneyMeta, submitEmpty, withHandlers, type Story } from './signInJourneyStory';

/** The sign-in journey's login step: fields, failures and loading; the set-up is in signInJourneyStory.tsx. */
const meta = { title: 'Features/Auth/SignInJourney', ...signInJourneyMeta, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof SignInJourneyWithStore>;
export default meta;

/** The login screen before anything is typed. */
export const Default: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn(bodiesTo(calls.login))),
  play: journey(async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Site ID 1');
  }),
};

/** Step 4, prompted recently: the session (mb-auth-token, mb-aid, mb-t) is stored and the journey ends. */
export const StraightIn: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn(bodiesTo(calls.login))),
  play: journey(async ({ canvas, args }) => {
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
  beforeEach: withHandlers(loginHandlers.straightIn(bodiesTo(calls.login))),
  play: journey(async ({ canvas, args }) => {
    const email = await submitEmpty(canvas);
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(email).toHaveAccessibleDescription(signInMessages.emailInvalid);
    await expect(calls.login).not.toHaveBeenCalled();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/**
 * Spec 002 §5: each submit judges what is in the fields now. Empty, then `x@y` / `x`, then a
 * good sign-in: the messages follow each submit, and the good one is sent on its first click.
 */
export const FieldValidationEachSubmit: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn(bodiesTo(calls.login))),
  play: journey(async ({ canvas, canvasElement, args }) => {
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
  beforeEach: withHandlers(loginHandlers.badCredentials(bodiesTo(calls.login))),
  play: journey(async ({ canvas, args }) => {
    await signIn(canvas, EMAIL, 'wrong password');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.badCredentials);
    await expect(calls.login).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('data-pending');
    for (const key of sessionKeys) await expect(localStorage.getItem(key)).toBeNull();
    await expect(args.onFinished).not.toHaveBeenCalled();
    // A refused password fetches nothing of the signed-in portal.
    await expect(args.prefetchSignedIn).not.toHaveBeenCalled();
    // Spec 002 §4: a click dismisses the banner; the next refusal shows it again.
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
  beforeEach: withHandlers(loginHandlers.captchaThenStraightIn(bodiesTo(calls.login))),
  play: journey(async ({ canvas, canvasElement, args }) => {
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
    const cleanup = withHandlers(loginHandlers.badCredentials(bodiesTo(calls.login)))(context);
    leaveSignInNotice(TOKEN_CHECK_FAILED);
    return () => {
      sessionStorage.clear();
      cleanup();
    };
  },
  play: journey(async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(TOKEN_CHECK_FAILED);
    // Shown once: a later visit to the sign-in screen does not show it again.
    await waitFor(() => expect(peekSignInNotice()).toBeNull());
  }),
};

/** 429 from the server's attempt limiter: its message is shown like any other failure. */
export const TooManyAttempts: Story = {
  beforeEach: withHandlers(loginHandlers.tooManyAttempts(bodiesTo(calls.login))),
  play: journey(async ({ canvas, args }) => {
    await signIn(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.tooManyAttempts);
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** §8: a network failure shows 'Connection error.' */
export const NetworkFailure: Story = {
  beforeEach: withHandlers(loginHandlers.networkError(bodiesTo(calls.login))),
  play: journey(async ({ canvas, args }) => {
    await signIn(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Connection error.');
    await expect(calls.login).toHaveBeenCalledTimes(1);
    for (const key of sessionKeys) await expect(localStorage.getItem(key)).toBeNull();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** §2: 'Sign in' shows a spinner while the server has not answered (it never does here). */
export const Authenticating: Story = {
  beforeEach: withHandlers(loginHandlers.pending(bodiesTo(calls.login))),
  play: journey(async ({ canvas, args }) => {
    await signIn(canvas);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Sign in/ })).toHaveAttribute('data-pending', 'true'));
    await waitFor(() => expect(calls.login).toHaveBeenCalledTimes(1));
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};

/** Three quick clicks on Sign in while the answer is on its way send one sign-in. */
export const SignInSentOnce: Story = {
  beforeEach: withHandlers(loginHandlers.pending(bodiesTo(calls.login))),
  play: journey(async ({ canvas }) => {
    await signIn(canvas);
    const button = canvas.getByRole('button', { name: /Sign in/ });
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await userEvent.keyboard('{Enter}');
    await wait(300);
    await expect(calls.login).toHaveBeenCalledTimes(1);
  }),
};

/**
 * The page is drawn before the journey's code (the machines, Redux, RTK Query). Here that code
 * never arrives (the store's dispatch is never handed over): the fields' rules still answer at once,
 * and a good submit waits with the button busy, nothing sent yet.
 */
export const BeforeTheJourneyLoads: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn(bodiesTo(calls.login))),
  render: (args) => <SignInJourney {...args} loadDispatch={() => new Promise<never>(() => {})} />,
  play: journey(async ({ canvas, args }) => {
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
 * The journey's code cannot be downloaded (the network dropped after the page came): the
 * form says 'Connection error.' and keeps what was typed; the next submit tries the download again.
 */
export const JourneyCodeFailed: Story = {
  beforeEach: withHandlers(loginHandlers.straightIn(bodiesTo(calls.login))),
  render: function Render(args) {
    const dispatch = useDispatch<SignInDispatch>();
    const tries = useRef(0);
    // The first download fails, the second arrives.
    const loadDispatch = () => (tries.current++ === 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(dispatch));
    return <SignInJourney {...args} loadDispatch={loadDispatch} />;
  },
  play: journey(async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('textbox', { name: 'E-mail' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(signInMessages.connection);
    await signIn(canvas);
    await expectSignedIn(args.onFinished!);
    await expect(calls.login).toHaveBeenCalledTimes(1);
  }),
};
