import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, type within } from 'storybook/test';
import { SignInJourneyWithStore } from './SignInJourneyWithStore';
import { signInMessages } from '../../../src/machines/signIn.machine';
import { storageKeys } from '../../../src/lib/storageKeys';
import { loginAnswers } from '../../mocks/auth';
import { animationsSettled, forgetDanglingAnnouncements, mocksWith } from '../../../.storybook/helpers';

/**
 * The whole sign-in journey of spec 002 §4, through the real `signInMachine` and RTK Query, with
 * MSW answering each call. Every story passes `onFinished: fn()` (meta args): the default navigates
 * the window away, which would end the test run.
 */

// Spies for "the call was made"; cleared in every story's beforeEach.
export const calls = {
  login: fn(),
  otpVerify: fn(),
  savePromptDate: fn(),
  sendCode: fn(),
  verifyCode: fn(),
  otpSetup: fn(),
  otpActivate: fn(),
  logout: fn(),
};

export const EMAIL = 'ada@example.com';
export const PASSWORD = 'correct horse';
export const sessionKeys = [storageKeys.authToken, storageKeys.affiliateId, storageKeys.tokenCopy];

/** Runs a journey, then lets it settle and drops the announcements of buttons it has left behind. */
export function journey(play: NonNullable<Story['play']>): Story['play'] {
  return async (context) => {
    await play(context);
    await animationsSettled();
    forgetDanglingAnnouncements();
  };
}

/** A story's beforeEach: empty storage, fresh spies, the story's handlers. */
export const withHandlers = mocksWith({
  before: () => {
    forgetDanglingAnnouncements();
    localStorage.clear();
    Object.values(calls).forEach((spy) => spy.mockClear());
  },
});

export type Canvas = ReturnType<typeof within>;


export async function signIn(canvas: Canvas, email = EMAIL, password = PASSWORD) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), email);
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
}

/**
 * The authenticator code field, once the step has taken focus (its heading): typed before
 * that, the focus move can land mid-code and lose characters on a busy machine.
 */
export async function authenticatorCodeField(canvas: Canvas) {
  const heading = await canvas.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  await waitFor(() => expect(heading).toHaveFocus());
  return canvas.getByRole('textbox', { name: 'Authentication code' });
}

/** Sign in with both fields empty: each says it is required (§5); returns the e-mail field. */
export async function submitEmpty(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  const email = canvas.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveAccessibleDescription(signInMessages.emailRequired);
  await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription(signInMessages.passwordRequired);
  return email;
}

/** Types into a field after clearing it. */
export async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

export async function expectSignedIn(onFinished: () => void) {
  await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1), { timeout: 6000 });
  await expect(localStorage.getItem(storageKeys.authToken)).toBe(loginAnswers.otpEnabled['mb-app-token']);
  await expect(localStorage.getItem(storageKeys.affiliateId)).toBe(String(loginAnswers.otpEnabled['mb-aid']));
  await expect(localStorage.getItem(storageKeys.tokenCopy)).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
}

/** What every story of Features/Auth/SignInJourney shares but its title. */
export const signInJourneyMeta = {
  component: SignInJourneyWithStore,
  args: { productName: 'Publisher Portal', siteId: '1', onFinished: fn(), prefetchSignedIn: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SignInJourneyWithStore>;

export type Story = StoryObj<typeof signInJourneyMeta>;
