import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatAppAnnouncementModal } from '../../../../src/features/dashboard/modals/ChatAppAnnouncementModal';
import { InvalidEmailModal } from '../../../../src/features/dashboard/modals/InvalidEmailModal';
import { MissingMobileModal } from '../../../../src/features/dashboard/modals/MissingMobileModal';
import { PaymentMethodModal } from '../../../../src/features/dashboard/modals/PaymentMethodModal';
import { dialogShown, RouteProbe } from '../../../../.storybook/helpers';
import { paths } from '../../../../src/shared/paths';

/**
 * The simple dashboard notices of spec 002 §4, each on its own: payment method, invalid e-mail
 * (flag 121), missing mobile, chat-app announcement (flag 183 absent). Each links to /settings.
 */
function Notices({ which, onClose }: { which: 'payment' | 'email' | 'mobile' | 'telegram'; onClose: () => void }) {
  return (
    <>
      <RouteProbe />
      <PaymentMethodModal isOpen={which === 'payment'} onClose={onClose} />
      <InvalidEmailModal isOpen={which === 'email'} onClose={onClose} />
      <MissingMobileModal isOpen={which === 'mobile'} onClose={onClose} />
      <ChatAppAnnouncementModal isOpen={which === 'telegram'} onDismiss={onClose} managerName="Avery Manager" managerHandle="@avery_am" />
    </>
  );
}

const meta = {
  title: 'Features/Dashboard/Modals/Notices',
  component: Notices,
  args: { which: 'payment', onClose: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Notices>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PaymentMethod: Story = {
  play: async ({ args }) => {
    const d = await dialogShown('Set up your payment method');
    await expect(within(d).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', paths.settings);
    await userEvent.click(within(d).getByRole('button', { name: 'Remind me later' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const InvalidEmail: Story = {
  args: { which: 'email' },
  play: async ({ canvasElement, args }) => {
    const d = await dialogShown('Please update your e-mail address');
    await userEvent.click(within(d).getByRole('link', { name: 'Update E-mail' }));
    await waitFor(() => expect(within(canvasElement).getByTestId('route-probe')).toHaveTextContent('Route: /settings'));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const MissingMobile: Story = {
  args: { which: 'mobile' },
  play: async () => {
    const d = await dialogShown('Add your mobile number');
    await expect(within(d).getByRole('link', { name: 'Add Mobile Number' })).toHaveAttribute('href', paths.settings);
  },
};

/** Any close records the dismissal (the container calls /announcements/dismiss/telegram). */
export const ChatAppAnnouncement: Story = {
  args: { which: 'telegram' },
  play: async ({ args }) => {
    const d = await dialogShown('We are on Telegram');
    await expect(within(d).getByText('@avery_am')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};
