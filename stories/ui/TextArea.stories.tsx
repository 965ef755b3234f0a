import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from '../../src/ui/TextArea';
import { framed } from '../../.storybook/helpers';

const meta = {
  title: 'UI/Form fields/TextArea',
  component: TextArea,
  args: { label: 'Description', onChange: fn() },
  decorators: [framed({ maxWidth: 480 })],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'Tell us about your traffic', description: 'Where and how you will promote the campaign.' },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Description' });
    await userEvent.type(box, 'Email list{Enter}of 20k');
    await expect(box).toHaveValue('Email list\nof 20k');
    await expect(args.onChange).toHaveBeenLastCalledWith('Email list\nof 20k');
  },
};

/** Spec 000: the application description is capped at 1000 characters with a remaining counter. */
export const WithCounter: Story = {
  args: { maxLength: 1000, isRequired: true, description: 'Where and how you will promote the campaign.' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Description' });
    const counter = canvas.getByText('1000 characters remaining');
    await expect(counter).toHaveAttribute('aria-live', 'polite');
    await expect(box).toHaveAccessibleDescription(/1000 characters remaining/);
    await userEvent.type(box, 'Solo blasts');
    await expect(counter).toHaveTextContent('989 characters remaining');
    await expect(box).toHaveAccessibleDescription(/989 characters remaining/);
  },
};

/** At the limit the counter reads 0 and the textarea refuses more text. */
export const AtLimit: Story = {
  args: { label: 'Leads per day note', maxLength: 10, defaultValue: '123456789' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Leads per day note' });
    await expect(canvas.getByText('1 character remaining')).toBeInTheDocument();
    await userEvent.type(box, 'abc');
    await expect(box).toHaveValue('123456789a');
    await expect(canvas.getByText('0 characters remaining')).toHaveAttribute('data-exhausted', 'true');
  },
};

export const WithError: Story = {
  args: {
    label: 'Experience description',
    maxLength: 200,
    defaultValue: 'Too short.',
    errorMessage: 'Your description must be between 50-200 characters.',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Experience description' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(/Your description must be between 50-200 characters\./);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Submitted on 12 May.', maxLength: 1000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Description' })).toBeDisabled();
  },
};
