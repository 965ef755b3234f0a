import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ManagerContactModal } from '../../../src/features/shell/ManagerContactModal';
import { managerFixture } from '../../mocks/shell';
import { animationsSettled, screen } from '../../../.storybook/helpers';

/** Spec 000 §2: the manager's name, phone, e-mail, messaging handle and QR code. */
const meta = {
  title: 'Features/Shell/ManagerContactModal',
  component: ManagerContactModal,
  args: { manager: managerFixture, isOpen: true, onOpenChange: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ManagerContactModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'Your affiliate manager' });
    await waitFor(() => expect(within(dialog).getByText('@avery_am')).toBeVisible());
    // The QR code is a data-URL image: on a busy machine it can decode after the text has shown.
    await waitFor(() => expect(within(dialog).getByRole('img', { name: /QR code/ })).toBeVisible());
    await expect(within(dialog).getByText(/9:00 AM to 4:00 PM Eastern/)).toBeVisible();
    await animationsSettled();
    // The second Close is the footer's (the first is the header's close icon).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[1]);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Without a QR code or handle, the facts stand alone. */
export const Minimal: Story = {
  args: { manager: { ...managerFixture, im_handle: '', telegram_qr_code: '', phone: '' } },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    await expect(within(dialog).queryByRole('img')).toBeNull();
    await animationsSettled();
  },
};
