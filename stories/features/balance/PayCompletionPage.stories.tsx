import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PAY_COMPLETION_TITLE, PayCompletionPage } from '../../../src/features/balance/PayCompletionPage';
import { paths } from '../../../src/shared/paths';

/**
 * /paycompletion (spec 001 §2.5): where the payment provider's page ends, inside the
 * payment modal's iframe or a pop-up. It renders without the shell and tells the modal once.
 */
const meta = {
  title: 'Features/Balance/PayCompletionPage',
  component: PayCompletionPage,
  args: { context: 'frame', notify: fn(), closeWindow: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PayCompletionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In the payment modal's iframe: the modal has its own Close button; the modal is told once. */
export const InFrame: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: PAY_COMPLETION_TITLE })).toBeVisible();
    await expect(canvas.getByText(/has been submitted/)).toBeVisible();
    await expect(canvas.getByText('You can close this window now.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(args.notify).toHaveBeenCalledTimes(1);
    await expect(document.title).toMatch(/^Payment change submitted \|/);
  },
};

/** In a pop-up: a button closes it. */
export const Popup: Story = {
  args: { context: 'popup' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Close this window' }));
    await expect(args.closeWindow).toHaveBeenCalledTimes(1);
    await expect(args.notify).toHaveBeenCalledTimes(1);
  },
};

/** Opened as a page of its own (a bookmark, a reload): a way back to the settings. */
export const OwnPage: Story = {
  args: { context: 'page' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Go to your settings' })).toHaveAttribute('href', paths.settings);
  },
};
