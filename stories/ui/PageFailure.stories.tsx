import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PageFailure } from '../../src/ui/PageFailure';
import { framed } from '../../.storybook/helpers';

/** A screen whose data did not load: the message and Try again (MaxMoney, Resources, Refer a Friend). */
const meta = {
  title: 'UI/PageFailure',
  component: PageFailure,
  args: { children: 'There was an error fetching the resources.', onRetry: fn() },
  decorators: [framed({ maxWidth: 600 })],
} satisfies Meta<typeof PageFailure>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The message is an alert; Try again asks again, by pointer and by keyboard. */
export const Failed: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('There was an error fetching the resources.');
    await expect(canvas.queryByRole('button', { name: /dismiss/i })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(2);
  },
};

/** While it asks again the button is busy and does not ask twice. */
export const Retrying: Story = {
  args: { isRetrying: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Try again/ });
    await userEvent.click(button);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};
