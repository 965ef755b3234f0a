import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SystemMessage } from '../../src/ui/SystemMessage';

const meta = {
  title: 'UI/SystemMessage',
  component: SystemMessage,
  args: { variant: 'success', children: 'Your settings have been saved.', onDismiss: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['success', 'error', 'info', 'warning'] } },
} satisfies Meta<typeof SystemMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 002 §4: clicking a banner dismisses it, with a 200 ms transition, then `onDismiss`. */
export const Success: Story = {
  play: async ({ canvas, args }) => {
    const banner = canvas.getByRole('status');
    await expect(banner).toHaveTextContent('Your settings have been saved.');
    await userEvent.click(canvas.getByText('Your settings have been saved.'));
    // Not removed at once: it transitions out first.
    await expect(banner).toHaveAttribute('data-leaving', 'true');
    await expect(args.onDismiss).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 5000 });
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const Error: Story = {
  args: { variant: 'error', children: 'An internal error occurred.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('An internal error occurred.');
  },
};

export const Info: Story = {
  args: { variant: 'info', children: 'The global postback fires on every lead.' },
};

export const Warning: Story = {
  args: { variant: 'warning', title: 'Missing documents', children: 'Please submit your tax documents.' },
};

/** The close button does the same for keyboard users. */
export const KeyboardDismiss: Story = {
  args: { variant: 'error', children: 'Invalid code.' },
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const close = canvas.getByRole('button', { name: 'Dismiss message' });
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull(), { timeout: 5000 });
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const NotDismissable: Story = {
  args: { variant: 'info', isDismissable: false, children: 'Your account is under review.' },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await userEvent.click(canvas.getByText('Your account is under review.'));
    await new Promise((r) => setTimeout(r, 400));
    await expect(canvas.getByRole('status')).toBeInTheDocument();
    await expect(args.onDismiss).not.toHaveBeenCalled();
  },
};

/** The four variants side by side (the success banner stays, unlike in Success, which dismisses it). */
export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      <SystemMessage {...args} variant="success">Saved.</SystemMessage>
      <SystemMessage {...args} variant="error">Invalid code.</SystemMessage>
      <SystemMessage {...args} variant="info">Heads up.</SystemMessage>
      <SystemMessage {...args} variant="warning">Check your e-mail.</SystemMessage>
    </div>
  ),
};
