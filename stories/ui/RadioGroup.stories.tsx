import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RadioGroup } from '../../src/ui/RadioGroup';

const meta = {
  title: 'UI/Form fields/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'Creative',
    options: [
      { value: 'E', label: 'Use an existing creative' },
      { value: 'M', label: 'Make my own' },
    ],
    onChange: fn(),
  },
  argTypes: { orientation: { control: 'inline-radio', options: ['vertical', 'horizontal'] } },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Vertical (default); click chooses, arrow keys move the choice. */
export const Vertical: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Creative' });
    await expect(group).toHaveAttribute('aria-orientation', 'vertical');
    await userEvent.click(canvas.getByRole('radio', { name: 'Use an existing creative' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('E');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Make my own' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('M');
  },
};

export const Horizontal: Story = {
  args: {
    label: 'Source',
    orientation: 'horizontal',
    defaultValue: 'direct',
    options: [
      { value: 'direct', label: 'Direct link' },
      { value: 'landing', label: 'Custom landing page' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Source' })).toHaveAttribute('aria-orientation', 'horizontal');
    await expect(canvas.getByRole('radio', { name: 'Direct link' })).toBeChecked();
  },
};

/** A disabled option is skipped by the arrow keys. */
export const DisabledOption: Story = {
  args: {
    label: 'Traffic type',
    description: 'Other traffic types are NOT ALLOWED.',
    options: [
      { value: 'E', label: 'Email' },
      { value: 'S', label: 'Search', isDisabled: true },
      { value: 'M', label: 'Mobile' },
    ],
    defaultValue: 'E',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Search' })).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Email' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Mobile' })).toBeChecked();
  },
};

export const WithError: Story = {
  args: { errorMessage: 'Please choose a creative.', isRequired: true },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: 'Creative' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription(/Please choose a creative\./);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'M' },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};

/** Invalid with a choice made: the chosen radio takes the error colour; a disabled option alongside. */
export const ChosenWithError: Story = {
  args: {
    defaultValue: 'E',
    options: [
      { value: 'E', label: 'Use an existing creative' },
      { value: 'M', label: 'Make my own' },
      { value: 'X', label: 'Unavailable', isDisabled: true },
    ],
    errorMessage: 'Please choose a creative.',
  },
};
