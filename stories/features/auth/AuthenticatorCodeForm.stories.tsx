import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AuthenticatorCodeForm } from '../../../src/features/auth/AuthenticatorCodeForm';
import { signInMessages } from '../../../src/machines/signIn.machine';
import { authServerMessages } from '../../mocks/auth';
import { framed } from '../../../.storybook/helpers';

/** Spec 002 §2 Authenticator code screen; wrong-code message from §8. */
const meta = {
  title: 'Features/Auth/AuthenticatorCodeForm',
  component: AuthenticatorCodeForm,
  args: { error: null, isPending: false, onSubmit: fn(), onCancel: fn() },
  decorators: [framed({ maxWidth: 420 })],
} satisfies Meta<typeof AuthenticatorCodeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Enter the 6 digit code from Google Authenticator.')).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Authentication code' });
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    // At most six digits are taken.
    await userEvent.type(input, '1234567');
    await expect(input).toHaveValue('123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith('123456');
  },
};

/** Cancel reloads the page (the container's machine decides); here it only reports the press. */
export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A click dismisses the banner (spec 002 §4); the next attempt's error shows again. */
export const WrongCode: Story = {
  args: { error: signInMessages.wrongOtp },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The code you entered is incorrect. Please try again.');
    await userEvent.click(canvas.getByRole('alert'));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await userEvent.type(canvas.getByRole('textbox', { name: /Authentication code/ }), '654321{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The code you entered is incorrect. Please try again.');
  },
};

/** §8: other failures show the server's errors.message. */
export const ServerError: Story = {
  args: { error: authServerMessages.sessionExpired },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(authServerMessages.sessionExpired);
  },
};

export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: /Submit/ })).toHaveAttribute('data-pending', 'true');
    const cancel = canvas.getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeDisabled();
    await userEvent.click(cancel, { pointerEventsCheck: 0 });
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};
