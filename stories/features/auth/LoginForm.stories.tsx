import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoginForm } from '../../../src/features/auth/LoginForm';
import { signInMessages } from '../../../src/machines/signIn.machine';
import { authServerMessages } from '../../mocks/auth';
import { paths } from '../../../src/shared/paths';
import { framed } from '../../../.storybook/helpers';

/** Spec 002 §2 Login screen; validation rules from §5, messages from §8. */
const meta = {
  title: 'Features/Auth/LoginForm',
  component: LoginForm,
  args: { error: null, fieldErrors: {}, isPending: false, onSubmit: fn() },
  decorators: [framed({ maxWidth: 420 })],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('link', { name: "Don't have an account? Register now." })).toHaveAttribute('href', paths.register);
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', paths.forgot);
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith('ada@example.com', 'correct horse', null);
  },
};

/** Enter in the password field submits too. */
export const SubmitWithEnter: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'secret{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith('ada@example.com', 'secret', null);
  },
};

/** §5: e-mail and password are required; the e-mail must be well formed. */
export const FieldErrors: Story = {
  args: { fieldErrors: { email: signInMessages.emailInvalid, password: signInMessages.passwordRequired } },
  play: async ({ canvas }) => {
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(signInMessages.emailInvalid);
    const password = canvas.getByLabelText(/^Password/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(signInMessages.passwordRequired);
  },
};

export const EmailRequired: Story = {
  args: { fieldErrors: { email: signInMessages.emailRequired } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(signInMessages.emailRequired);
    await expect(canvas.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid');
  },
};

/** §8: a login failure shows the server's errors.message. */
export const ServerError: Story = {
  args: { error: authServerMessages.badCredentials },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(authServerMessages.badCredentials);
  },
};

export const TooManyAttempts: Story = {
  args: { error: authServerMessages.tooManyAttempts },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(authServerMessages.tooManyAttempts);
  },
};

/** §8: a network failure says 'Connection error.' */
export const ConnectionError: Story = {
  args: { error: signInMessages.connection },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Connection error.');
  },
};

/** §2: 'Sign in' shows a spinner while waiting; a second press does nothing. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Sign in/ });
    await expect(button).toHaveAttribute('data-pending', 'true');
    await userEvent.click(button);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The captcha widget (ALTCHA in its test mode), once it has drawn its checkbox. */
async function captchaBox(canvasElement: HTMLElement) {
  return within(canvasElement).findByRole('checkbox', {}, { timeout: 5000 });
}

/**
 * The server asked for a captcha (428, docs/adr/0009): its message, and the widget above the button.
 * The form sends the solution with the credentials; a sent solution makes way for a fresh widget.
 */
export const CaptchaRequired: Story = {
  args: { error: authServerMessages.captchaRequired, captcha: true, captchaTest: true, initialEmail: 'ada@example.com' },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(authServerMessages.captchaRequired);
    const box = await captchaBox(canvasElement);
    await expect(box).not.toBeChecked();
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse');
    // Unsolved: the form says so through the machine; it hands over no solution.
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenLastCalledWith('ada@example.com', 'correct horse', null);
    await userEvent.click(box);
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget input[name="altcha"]')?.getAttribute('value')).toBeTruthy(), { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenLastCalledWith('ada@example.com', 'correct horse', expect.stringMatching(/^[A-Za-z0-9+/=]+$/));
    // Used once: a fresh, unsolved widget for the next try.
    await waitFor(async () => expect(await captchaBox(canvasElement)).not.toBeChecked());
  },
};

/** The machine's own message when the captcha is not solved yet (nothing is sent). */
export const CaptchaNotSolved: Story = {
  args: { error: signInMessages.captchaMissing, captcha: true, captchaTest: true, initialEmail: 'ada@example.com' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(signInMessages.captchaMissing);
    await expect(await captchaBox(canvasElement)).toBeVisible();
  },
};
