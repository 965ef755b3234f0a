import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { SignInJourneyWithStore } from './SignInJourneyWithStore';
import { twoFactorMessages, WRONG_CODE_TRIES } from '../../../src/machines/twoFactorSetup.machine';
import { storageKeys } from '../../../src/lib/storageKeys';
import { loginAnswers, loginHandlers, otpActivateHandlers, otpSetupAnswers, otpSetupHandlers, savePromptDateHandlers, validCodes } from '../../mocks/auth';
import { bodiesTo } from '../../../.storybook/helpers';
import { calls, expectSignedIn, journey, signIn, signInJourneyMeta, withHandlers, type Canvas, type Story } from './signInJourneyStory';

/** The sign-in journey's optional and forced two-factor offers and set-up (spec 002 §4 steps 4-5); the set-up is in signInJourneyStory.tsx. */
const meta = { title: 'Features/Auth/SignInJourney/TwoFactorOffer', ...signInJourneyMeta, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof SignInJourneyWithStore>;
export default meta;

/** Signs in to the forced offer and presses Set Up Now. */
async function setUpNow(canvas: Canvas) {
  await signIn(canvas);
  await userEvent.click(await canvas.findByRole('button', { name: 'Set Up Now' }));
}

/** Step 4 with a prompt older than 30 days: the optional offer; 'Not now' records the prompt date and signs in. */
export const OptionalOfferNotNow: Story = {
  beforeEach: withHandlers(loginHandlers.optionalOffer(bodiesTo(calls.login)), savePromptDateHandlers.saved(bodiesTo(calls.savePromptDate)), otpSetupHandlers.fresh(bodiesTo(calls.otpSetup))),
  play: journey(async ({ canvas, args }) => {
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
  beforeEach: withHandlers(loginHandlers.optionalOfferSpecialO(bodiesTo(calls.login)), savePromptDateHandlers.saved(bodiesTo(calls.savePromptDate)), otpSetupHandlers.fresh(bodiesTo(calls.otpSetup))),
  play: journey(async ({ canvas, args }) => {
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
  beforeEach: withHandlers(loginHandlers.forcedOffer(bodiesTo(calls.login)), otpSetupHandlers.fresh(bodiesTo(calls.otpSetup)), otpActivateHandlers.byCode(bodiesTo(calls.otpActivate))),
  play: journey(async ({ canvas, args }) => {
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
    // Back and Next show the same QR code: a secret already scanned is never thrown away.
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
  beforeEach: withHandlers(loginHandlers.forcedOffer(), otpSetupHandlers.fresh(bodiesTo(calls.otpSetup))),
  play: journey(async ({ canvas, args }) => {
    await setUpNow(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('Secure your account with Google 2-Factor Authentication.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(args.onFinished).toHaveBeenCalledWith(false));
    await expect(localStorage.getItem(storageKeys.affiliateId)).toBeNull();
  }),
};

/** Step 5, the QR code cannot be fetched: 'Error while fetching QR code.' and Try again. */
export const ForcedOfferQrCodeFailed: Story = {
  beforeEach: withHandlers(loginHandlers.forcedOffer(), otpSetupHandlers.failed(bodiesTo(calls.otpSetup))),
  play: journey(async ({ canvas, args }) => {
    await setUpNow(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(twoFactorMessages.qrFailed);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.otpSetup).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(args.onFinished).not.toHaveBeenCalled();
  }),
};
