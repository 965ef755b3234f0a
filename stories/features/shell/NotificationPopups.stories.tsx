import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NotificationPopups } from '../../../src/features/shell/NotificationPopups';
import { notificationsFixture } from '../../mocks/shell';
import { animationsSettled, framed } from '../../../.storybook/helpers';

/** Spec 000 §4: the notification pop-ups with their close buttons and Clear All. */
const meta = {
  title: 'Features/Shell/NotificationPopups',
  component: NotificationPopups,
  args: { notifications: notificationsFixture, onClose: fn(), onClearAll: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [framed({ minHeight: 400 })],
} satisfies Meta<typeof NotificationPopups>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Two: Story = {
  play: async ({ canvas, args }) => {
    await waitFor(() => expect(canvas.getByText(/was approved/)).toBeVisible());
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss notification' })[1]);
    await expect(args.onClose).toHaveBeenCalledWith(40);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear All' }));
    await expect(args.onClearAll).toHaveBeenCalledTimes(1);
    await animationsSettled();
  },
};

/** Nothing to show: the region and its Clear All are hidden. */
export const None: Story = {
  args: { notifications: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Clear All' })).toBeNull();
  },
};
