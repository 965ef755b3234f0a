import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { EmptyState, OptionRow, StyledListBox, type ListOption } from '../../src/ui/FieldList';
import { framed } from '../../.storybook/helpers';

/**
 * The list inside Select's and ComboBox's dropdown (src/ui/FieldList), on its own: the option rows
 * (label, a muted second line, the check of the selected one, a disabled row) and the empty state.
 * In their popovers: Select, ComboBox and the date pickers' stories.
 */
const options: ListOption[] = [
  { id: 'email', label: 'Email' },
  { id: 'search', label: 'Search', isDisabled: true },
  { id: 1204, label: 'Summer Sweepstakes', description: '#1204' },
];

const meta = {
  title: 'UI/Form fields/FieldList',
  parameters: { layout: 'padded' },
  decorators: [framed({ maxWidth: 320 })],
} satisfies Meta;
export default meta;
type Story = StoryObj;

export const Options: Story = {
  render: () => (
    <StyledListBox aria-label="Promotion method" items={options} selectionMode="single" defaultSelectedKeys={['email']}>
      {(option) => <OptionRow option={option} />}
    </StyledListBox>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('listbox', { name: 'Promotion method' });
    const rows = within(list).getAllByRole('option');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    await expect(rows[1]).toHaveAttribute('aria-disabled', 'true');
    // The second line is part of the option's name (axe: label-content-name-mismatch).
    await expect(rows[2]).toHaveAccessibleName(/Summer Sweepstakes\s*#1204/);
  },
};

export const Empty: Story = {
  render: () => (
    <StyledListBox aria-label="Campaigns" items={[] as ListOption[]} renderEmptyState={() => <EmptyState>No campaigns match.</EmptyState>}>
      {(option) => <OptionRow option={option} />}
    </StyledListBox>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No campaigns match.')).toBeVisible();
  },
};
