import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AccountVerificationForm } from '../../../src/components/auth/AccountVerificationForm';
import { codeMessages } from '../../../src/machines/codeVerification.machine';
import { authServerMessages } from '../../mocks/auth';
import { framed } from '../../../.storybook/helpers';

const smsHint = '(Add your mobile number after logging in to receive code via SMS)';

/**
 * Spec 002 §2 'Please verify your account': one story per VerificationStep (choosingMethod,
 * sending, enteringCode, verifying), with and without a mobile number, and the server's messages.
 */
const meta = {
  title: 'Features/Auth/AccountVerificationForm',
  component: AccountVerificationForm,
  args: {
    step: 'choosingMethod',
    method: 'byEmail',
    mobileAvailable: true,
    error: null,
    onChoose: fn(),
    onSend: fn(),
    onSubmit: fn(),
    onResend: fn(),
    onCancel: fn(),
  },
  argTypes: {
    step: { control: 'inline-radio', options: ['choosingMethod', 'sending', 'enteringCode', 'verifying'] },
    method: { control: 'inline-radio', options: ['byEmail', 'bySMS', 'byBoth'] },
  },
  decorators: [framed({ maxWidth: 420 })],
} satisfies Meta<typeof AccountVerificationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A mobile number on file: e-mail, SMS and both can be chosen. */
export const ChoosingMethod: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Receive a code by' });
    await expect(canvas.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeEnabled();
    await expect(canvas.getByRole('radio', { name: 'Both' })).toBeEnabled();
    await expect(group).not.toHaveAccessibleDescription(smsHint);
    await userEvent.click(canvas.getByText('SMS'));
    await expect(args.onChoose).toHaveBeenCalledWith('bySMS');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Code' }));
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

/** The first step has Cancel too, reached with the keyboard. */
export const ChoosingMethodCancel: Story = {
  play: async ({ canvasElement, args }) => {
    const cancel = within(canvasElement).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const ChoosingBoth: Story = {
  args: { method: 'byBoth' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: 'Both' })).toBeChecked();
  },
};

/** No mobile number: SMS and both are disabled, with the hint. */
export const ChoosingMethodWithoutMobile: Story = {
  args: { mobileAvailable: false },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Receive a code by' })).toHaveAccessibleDescription(smsHint);
    await expect(canvas.getByText(smsHint)).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'E-mail' })).toBeEnabled();
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Both' })).toBeDisabled();
    await userEvent.click(canvas.getByText('SMS'), { pointerEventsCheck: 0 });
    await expect(args.onChoose).not.toHaveBeenCalled();
  },
};

/** Sending the code: 'Send Code' shows its spinner. */
export const Sending: Story = {
  args: { step: 'sending' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Send Code/ });
    await expect(button).toHaveAttribute('data-pending', 'true');
    await userEvent.click(button);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** The send call failed: back on the choice with the server's message. */
export const SendFailed: Story = {
  args: { error: authServerMessages.codeSendFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(authServerMessages.codeSendFailed);
  },
};

/** After sending: 'We have sent you a code.', the code input, Submit and Cancel. */
export const EnteringCode: Story = {
  args: { step: 'enteringCode' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(codeMessages.sent);
    const input = canvas.getByRole('textbox', { name: 'Verification code' });
    await userEvent.type(input, ' 654321 ');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    // Trimming is the machine's job (§5 Codes); the form passes what was typed.
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith(' 654321 ');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** §8: a verification code failure shows the server's message under the input. */
export const WrongCode: Story = {
  args: { step: 'enteringCode', error: authServerMessages.wrongVerificationCode },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Verification code' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(authServerMessages.wrongVerificationCode);
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** A locked code asks for a new one, and the screen offers the way to it. */
export const LockedCodeRequestNew: Story = {
  args: { step: 'enteringCode', error: 'Too many incorrect codes. Please request a new code.' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('textbox', { name: 'Verification code' })).toHaveAccessibleDescription(args.error!);
    await userEvent.click(canvas.getByRole('button', { name: 'Request a new code' }));
    await expect(args.onResend).toHaveBeenCalledTimes(1);
  },
};

export const Verifying: Story = {
  args: { step: 'verifying' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: /Submit/ })).toHaveAttribute('data-pending', 'true');
    const cancel = canvas.getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeDisabled();
    await userEvent.click(cancel, { pointerEventsCheck: 0 });
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** The settings page words the hint differently (spec 001 §2.5). */
export const CustomSmsHint: Story = {
  args: { mobileAvailable: false, smsHint: '(Add a mobile number above to receive the code by SMS)' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('(Add a mobile number above to receive the code by SMS)')).toBeVisible();
  },
};
