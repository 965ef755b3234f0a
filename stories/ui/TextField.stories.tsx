import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from '../../src/ui/TextField';
import { framed } from '../../.storybook/helpers';

const meta = {
  title: 'UI/Form fields/TextField',
  component: TextField,
  args: { label: 'E-mail', onChange: fn() },
  argTypes: {
    type: { control: 'inline-radio', options: ['text', 'email', 'password', 'number'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
  decorators: [framed({ maxWidth: 360 })],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing updates the value and reports every change. */
export const Default: Story = {
  args: { placeholder: 'you@example.com', type: 'email' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-mail' });
    await expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'ann@example.com');
    await expect(input).toHaveValue('ann@example.com');
    await expect(args.onChange).toHaveBeenLastCalledWith('ann@example.com');
  },
};

export const WithDescription: Story = {
  args: { label: 'Company name', description: 'As it appears on your invoices.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Company name' });
    await expect(input).toHaveAccessibleDescription('As it appears on your invoices.');
  },
};

/** The asterisk is decorative; the input itself is announced as required. */
export const Required: Story = {
  args: { label: 'First Name', isRequired: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'First Name' });
    await expect(input).toBeRequired();
  },
};

/** A string `errorMessage` marks the field invalid and is linked to the input. */
export const WithError: Story = {
  args: {
    type: 'email',
    defaultValue: 'ann@example',
    errorMessage: 'Please enter a valid e-mail address.',
    description: 'We send your payment notices here.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-mail' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Please enter a valid e-mail address\./);
  },
};

export const Password: Story = {
  args: { label: 'Password', type: 'password', defaultValue: 'hunter2!' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveValue('hunter2!');
  },
};

export const NumberType: Story = {
  name: 'Number',
  args: { label: 'Leads per day', type: 'number', defaultValue: '25' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Leads per day');
    await expect(input).toHaveAttribute('type', 'number');
    await userEvent.clear(input);
    await userEvent.type(input, '40');
    await expect(input).toHaveValue(40);
  },
};

export const WithLeadingIcon: Story = {
  args: { label: 'Search campaigns', leadingIcon: 'search', placeholder: 'Name or #ID' },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TextField {...args} label="Small" size="sm" leadingIcon="user" defaultValue="Small field" />
      <TextField {...args} label="Medium" size="md" leadingIcon="user" defaultValue="Medium field" />
    </div>
  ),
};

export const Disabled: Story = {
  args: { label: 'Affiliate ID', isDisabled: true, defaultValue: '10452' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Affiliate ID' });
    await expect(input).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { label: 'Affiliate ID', isReadOnly: true, defaultValue: '10452', description: 'Assigned when your account was approved.' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Affiliate ID' });
    await expect(input).toHaveAttribute('readonly');
    await userEvent.type(input, '9');
    await expect(input).toHaveValue('10452');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
