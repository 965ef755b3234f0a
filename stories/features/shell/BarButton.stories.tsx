import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BarButton } from '../../../src/features/shell/BarButton';
import { Icon } from '../../../src/ui/Icon';

/** The quiet buttons of the top bar and the mobile bottom bar (bell, account, menu). */
const meta = {
  title: 'Features/Shell/BarButton',
  component: BarButton,
  args: { onPress: fn() },
} satisfies Meta<typeof BarButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TopBar: Story = {
  render: (args) => (
    <BarButton {...args}>
      <Icon name="user" size={16} /> Jordan Demo
    </BarButton>
  ),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Jordan Demo' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const StackedForTheBottomBar: Story = {
  render: (args) => (
    <BarButton {...args} data-stacked="">
      <Icon name="menu" size={20} /> Menu
    </BarButton>
  ),
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Menu' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await expect(button.getBoundingClientRect().height).toBe(52);
  },
};
