import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TwoFactorSetupView } from '../../../src/components/auth/TwoFactorSetupView';
import { twoFactorMessages } from '../../../src/machines/twoFactorSetup.machine';
import { otpSetupAnswers } from '../../mocks/auth';
import { framed } from '../../../.storybook/helpers';

const [first, fresh] = otpSetupAnswers;

/**
 * Spec 001 §2.5 '2-step Verification Setup' (opened by the sign-in offers of spec 002 §4): one story
 * per SetupStep. The QR code is an inline SVG data URL, so nothing is fetched.
 */
const meta = {
  title: 'Features/Auth/TwoFactorSetupView',
  component: TwoFactorSetupView,
  args: {
    step: 'downloadApp',
    qrImage: null,
    secret: null,
    error: null,
    onNext: fn(),
    onBack: fn(),
    onActivate: fn(),
    onRetry: fn(),
    onFinish: fn(),
    onCancel: fn(),
  },
  argTypes: {
    step: {
      control: 'select',
      options: ['downloadApp', 'loadingQrCode', 'qrCodeFailed', 'scanQrCode', 'refreshingQrCode', 'enterCode', 'activating', 'activated'],
    },
  },
  decorators: [framed({ maxWidth: 480 })],
} satisfies Meta<typeof TwoFactorSetupView>;

export default meta;
type Story = StoryObj<typeof meta>;

const currentStep = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Set-up progress' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step');

export const DownloadApp: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await expect(currentStep(canvasElement)).toHaveTextContent('Download the app');
    await expect(canvas.getByRole('link', { name: /App Store/ })).toHaveAttribute('target', '_blank');
    await expect(canvas.getByRole('link', { name: /Google Play/ })).toHaveAttribute('target', '_blank');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};

export const LoadingQrCode: Story = {
  args: { step: 'loadingQrCode' },
  play: async ({ canvasElement }) => {
    await expect(currentStep(canvasElement)).toHaveTextContent('Scan the QR code');
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading the QR code' })).toBeVisible();
  },
};

export const QrCodeFailed: Story = {
  args: { step: 'qrCodeFailed', error: twoFactorMessages.qrFailed },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error while fetching QR code.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const ScanQrCode: Story = {
  args: { step: 'scanQrCode', qrImage: first.qr, secret: first.secret },
  play: async ({ canvas, args }) => {
    const qr = canvas.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toHaveAttribute('src', first.qr);
    await expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    await expect(canvas.getByText(first.secret)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};

/** After a wrong code: the message stays while a fresh QR code loads. */
export const RefreshingQrCode: Story = {
  args: { step: 'refreshingQrCode', error: twoFactorMessages.wrongCode },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(twoFactorMessages.wrongCode);
    await expect(canvas.getByRole('progressbar', { name: 'Loading the QR code' })).toBeVisible();
  },
};

/** A wrong code: 'The value you entered was incorrect. Please scan this new code and try again.' with the new code. */
export const WrongCode: Story = {
  args: { step: 'scanQrCode', qrImage: fresh.qr, secret: fresh.secret, error: twoFactorMessages.wrongCode },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'The value you entered was incorrect. Please scan this new code and try again.',
    );
    await expect(canvas.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', fresh.qr);
    await expect(canvas.getByText(fresh.secret)).toBeVisible();
  },
};

/** A wrong code with tries left: the same secret, the same entry in the app; the next code is asked for. */
export const WrongCodeSameSecret: Story = {
  args: { step: 'enterCode', qrImage: first.qr, secret: first.secret, error: twoFactorMessages.wrongCodeRetry },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(twoFactorMessages.wrongCodeRetry);
    await expect(currentStep(canvasElement)).toHaveTextContent('Enter the code');
    await expect(canvas.queryByText(twoFactorMessages.removeOldEntry)).toBeNull();
    await expect(canvas.getByRole('textbox', { name: '6-digit code' })).toBeVisible();
  },
};

/** Every step has a way out: Cancel, reached with the keyboard. */
export const CancelEveryStep: Story = {
  play: async ({ canvas, args, step }) => {
    await step('download the app: Tab to Cancel, Enter', async () => {
      await userEvent.tab();
      await userEvent.tab();
      await userEvent.tab();
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onCancel).toHaveBeenCalledTimes(1);
    });
  },
};

export const EnterCode: Story = {
  args: { step: 'enterCode', qrImage: first.qr, secret: first.secret },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(currentStep(canvasElement)).toHaveTextContent('Enter the code');
    const input = canvas.getByRole('textbox', { name: '6-digit code' });
    await userEvent.type(input, '2468101');
    await expect(input).toHaveValue('246810');
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await expect(args.onActivate).toHaveBeenCalledTimes(1);
    await expect(args.onActivate).toHaveBeenCalledWith('246810');
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const Activating: Story = {
  args: { step: 'activating', qrImage: first.qr, secret: first.secret },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: /Activate/ })).toHaveAttribute('data-pending', 'true');
    const back = canvas.getByRole('button', { name: 'Back' });
    await expect(back).toBeDisabled();
    await userEvent.click(back, { pointerEventsCheck: 0 });
    await expect(args.onBack).not.toHaveBeenCalled();
  },
};

/** The activation call failed (not a wrong code): the server's message, still on step 3. */
export const ActivateFailed: Story = {
  args: { step: 'enterCode', qrImage: first.qr, secret: first.secret, error: twoFactorMessages.activateFailed },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(twoFactorMessages.activateFailed);
  },
};

export const Activated: Story = {
  args: { step: 'activated', qrImage: first.qr, secret: first.secret },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Google Authenticator is now active on your account.');
    await expect(canvas.queryByRole('list', { name: 'Set-up progress' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Take me to my dashboard' }));
    await expect(args.onFinish).toHaveBeenCalledTimes(1);
  },
};
