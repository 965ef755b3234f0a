import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { VisuallyHidden } from '../../src/ui/VisuallyHidden';

/** Text only screen readers get: extra context for an icon or a terse label, live announcements. */
const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'for Solar Quotes US' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InAButtonLabel: Story = {
  render: (args) => (
    <Button variant="secondary">
      Get link <VisuallyHidden {...args} />
    </Button>
  ),
  play: async ({ canvasElement }) => {
    // Part of the accessible name, yet takes no room on screen.
    const button = within(canvasElement).getByRole('button', { name: 'Get link for Solar Quotes US' });
    const hidden = within(button).getByText('for Solar Quotes US');
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(hidden.getBoundingClientRect().height).toBeLessThanOrEqual(1);
  },
};

export const LiveStatus: Story = {
  render: () => <VisuallyHidden role="status">3 campaigns found</VisuallyHidden>,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('3 campaigns found');
  },
};
