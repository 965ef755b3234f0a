import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ViewToggle } from '../../../src/features/campaigns/ViewToggle';

/** The grid/list toggle of the campaign listings (spec 000 §2): two named icon buttons, one selected. */
const meta = {
  title: 'Features/Campaigns/ViewToggle',
  component: ViewToggle,
  args: { view: 'gridView', onChange: fn() },
} satisfies Meta<typeof ViewToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radio', { name: 'Grid view' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'List view' }));
    await expect(args.onChange).toHaveBeenCalledWith('listView');
  },
};

export const List: Story = { args: { view: 'listView' } };

/** Keyboard alone: Tab reaches the group, arrows move, Space chooses. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('radio', { name: 'Grid view' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenCalledWith('listView');
  },
};
