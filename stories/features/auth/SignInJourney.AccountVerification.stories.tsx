import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { SignInJourneyWithStore } from './SignInJourneyWithStore';
import { CODE_HANDLE, authServerMessages, loginHandlers, sendCodeHandlers, validCodes, verifyCodeHandlers } from '../../mocks/auth';
import { bodiesTo } from '../../../.storybook/helpers';
import { calls, expectSignedIn, journey, retype, signIn, signInJourneyMeta, withHandlers, type Story } from './signInJourneyStory';

/** The sign-in journey's account verification by code (spec 002 §4 step 3); the set-up is in signInJourneyStory.tsx. */
const meta = { title: 'Features/Auth/SignInJourney/AccountVerification', ...signInJourneyMeta, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof SignInJourneyWithStore>;
export default meta;

/**
 * Step 3: country not verified → Send Code → 'We have sent you a code.' → a wrong code shows the
 * server's message under the input → the right code signs in.
 */
export const AccountVerification: Story = {
  beforeEach: withHandlers(loginHandlers.countryNotVerified(bodiesTo(calls.login)), sendCodeHandlers.sent(bodiesTo(calls.sendCode)), verifyCodeHandlers.byCode(bodiesTo(calls.verifyCode))),
  play: journey(async ({ canvas, args }) => {
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
  beforeEach: withHandlers(loginHandlers.countryNotVerifiedNoMobile(bodiesTo(calls.login)), sendCodeHandlers.sent(bodiesTo(calls.sendCode)), verifyCodeHandlers.byCode(bodiesTo(calls.verifyCode))),
  play: journey(async ({ canvas, args }) => {
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
  beforeEach: withHandlers(loginHandlers.countryNotVerified(), sendCodeHandlers.notSent(bodiesTo(calls.sendCode))),
  play: journey(async ({ canvas }) => {
    await signIn(canvas);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(authServerMessages.codeSendFailed);
    await expect(canvas.getByRole('button', { name: 'Send Code' })).not.toHaveAttribute('data-pending');
  }),
};
