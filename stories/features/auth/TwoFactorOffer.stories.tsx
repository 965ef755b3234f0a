import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { offerChoiceRequired, TwoFactorOffer, setupGuideUrl } from '../../../src/features/auth/TwoFactorOffer';
import { framed } from '../../../.storybook/helpers';

/** Spec 002 §2 Two-factor offer screen: forced ('Set Up Now') or optional (Yes / Not now, 'Proceed'). */
const meta = {
  title: 'Features/Auth/TwoFactorOffer',
  component: TwoFactorOffer,
  args: { variant: 'optional', onAccept: fn(), onDecline: fn(), onSignOut: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['forced', 'optional'] } },
  decorators: [framed({ maxWidth: 440 })],
} satisfies Meta<typeof TwoFactorOffer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Forced: Story = {
  args: { variant: 'forced' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Secure your account with Google 2-Factor Authentication.')).toBeVisible();
    // No way to decline the forced offer.
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
    await expect(canvas.getByRole('link', { name: /How to set up two-factor authentication/ })).toHaveAttribute('href', setupGuideUrl);
    await userEvent.click(canvas.getByRole('button', { name: 'Set Up Now' }));
    await expect(args.onAccept).toHaveBeenCalledTimes(1);
    await expect(args.onDecline).not.toHaveBeenCalled();
  },
};

/** The forced offer has a way out: Sign out leaves the half sign-in. */
export const ForcedSignOut: Story = {
  args: { variant: 'forced' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

/** Optional, nothing preselected: Proceed without a choice asks for one, marked on the group. */
export const OptionalNoChoice: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radio', { name: 'Yes, set up Google 2-fa' })).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: /Not now/ })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed' }));
    await expect(canvas.getByText(offerChoiceRequired)).toBeVisible();
    await expect(args.onAccept).not.toHaveBeenCalled();
    await expect(args.onDecline).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('button', { name: 'Sign out' })).toBeNull();
  },
};

/** Optional, 'Yes' then Proceed: the set-up opens. */
export const Optional: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: /Would you like to secure your account/ })).toBeVisible();
    await userEvent.click(canvas.getByText('Yes, set up Google 2-fa'));
    await expect(canvas.getByRole('radio', { name: 'Yes, set up Google 2-fa' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed' }));
    await expect(args.onAccept).toHaveBeenCalledTimes(1);
    await expect(args.onDecline).not.toHaveBeenCalled();
  },
};

/** Optional, 'Not now' then Proceed: declines (the prompt date is recorded by the journey). */
export const OptionalNotNow: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('Not now (setup will still be available through your profile settings)'));
    await expect(canvas.getByRole('radio', { name: /Not now/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed' }));
    await expect(args.onDecline).toHaveBeenCalledTimes(1);
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { variant: 'forced', isPending: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Set Up Now/ });
    await expect(button).toHaveAttribute('data-pending', 'true');
    await userEvent.click(button);
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};
