import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from '../../src/ui/Switch';

const meta = {
  title: 'UI/Form fields/Switch',
  component: Switch,
  args: { children: 'Performance bonus', onChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Off; a click turns it on, Space turns it off. */
export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Performance bonus' });
    await expect(sw).not.toBeChecked();
    await userEvent.click(sw);
    await expect(sw).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(sw).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

export const On: Story = {
  args: { defaultSelected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Performance bonus' })).toBeChecked();
  },
};

export const Disabled: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Switch {...args} isDisabled>Disabled off</Switch>
      <Switch {...args} isDisabled defaultSelected>Disabled on</Switch>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Disabled off' });
    await expect(sw).toBeDisabled();
    await userEvent.click(sw, { pointerEventsCheck: 0 });
    await expect(sw).not.toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
