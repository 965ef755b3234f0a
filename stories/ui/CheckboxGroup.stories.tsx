import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckboxGroup } from '../../src/ui/CheckboxGroup';

const meta = {
  title: 'UI/Form fields/CheckboxGroup',
  component: CheckboxGroup,
  args: {
    label: 'Traffic sources',
    options: [
      { value: 'email', label: 'Auto-responder' },
      { value: 'solo', label: 'Solo e-mail blast' },
      { value: 'newsletter', label: 'Newsletter ad' },
    ],
    onChange: fn(),
  },
  argTypes: { orientation: { control: 'inline-radio', options: ['vertical', 'horizontal'] } },
} satisfies Meta<typeof CheckboxGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Vertical (default): the group is named by its label and reports the chosen values. */
export const Vertical: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('group', { name: 'Traffic sources' });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Solo e-mail blast' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Newsletter ad' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['solo', 'newsletter']);
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', defaultValue: ['email'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Auto-responder' })).toBeChecked();
    const [a, b] = canvas.getAllByRole('checkbox');
    // Side by side: same row.
    await expect(Math.abs(a.closest('label')!.getBoundingClientRect().top - b.closest('label')!.getBoundingClientRect().top)).toBeLessThan(2);
  },
};

export const WithDescription: Story = {
  args: { description: 'Choose every source you will use.', isRequired: true },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Traffic sources' });
    await expect(group).toHaveAccessibleDescription('Choose every source you will use.');
  },
};

export const WithError: Story = {
  args: { errorMessage: 'Choose at least one traffic source.', description: 'Choose every source you will use.' },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Traffic sources' });
    await expect(group).toHaveAccessibleDescription(/Choose at least one traffic source\./);
    await expect(within(group).getAllByRole('checkbox')[0]).toHaveAttribute('aria-invalid', 'true');
  },
};

export const DisabledOption: Story = {
  args: {
    options: [
      { value: 'email', label: 'Auto-responder' },
      { value: 'solo', label: 'Solo e-mail blast (not allowed)', isDisabled: true },
      { value: 'newsletter', label: 'Newsletter ad' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: /Solo e-mail blast/ })).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: ['solo'] },
  play: async ({ canvasElement }) => {
    for (const box of within(canvasElement).getAllByRole('checkbox')) await expect(box).toBeDisabled();
  },
};

/** Invalid with a box checked: the checked box is filled in the error colour. */
export const ChosenWithError: Story = {
  args: { defaultValue: ['email'], description: 'Choose every source you will use.', errorMessage: 'Choose at least one traffic source.' },
};
