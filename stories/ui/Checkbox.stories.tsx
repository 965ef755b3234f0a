import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from '../../src/ui/Checkbox';

const meta = {
  title: 'UI/Form fields/Checkbox',
  component: Checkbox,
  args: { children: 'Remember me', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Unchecked; a click checks it, Space unchecks it again. */
export const Unchecked: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

export const Checked: Story = {
  args: { defaultSelected: true, children: 'Search-safe link' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Search-safe link' })).toBeChecked();
  },
};

/** A "select all" whose items are partly chosen; clicking it selects them all. */
export const Indeterminate: Story = {
  render: function SelectAll(args) {
    const [chosen, setChosen] = useState(['email']);
    const all = ['email', 'sms'];
    return (
      <div style={{ display: 'grid', gap: 8 }}>
        <Checkbox
          {...args}
          isSelected={chosen.length === all.length}
          isIndeterminate={chosen.length > 0 && chosen.length < all.length}
          onChange={(on) => setChosen(on ? all : [])}
        >
          All notifications
        </Checkbox>
        {all.map((v) => (
          <Checkbox
            key={v}
            isSelected={chosen.includes(v)}
            onChange={(on) => setChosen((c) => (on ? [...c, v] : c.filter((x) => x !== v)))}
          >
            {v === 'email' ? 'E-mail' : 'SMS'}
          </Checkbox>
        ))}
      </div>
    );
  },
  play: async ({ canvas }) => {
    const all = canvas.getByRole('checkbox', { name: 'All notifications' });
    await expect(all).toBePartiallyChecked();
    await userEvent.click(all);
    await expect(all).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'SMS' }));
    await expect(all).toBePartiallyChecked();
  },
};

export const Disabled: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <Checkbox {...args} isDisabled>Disabled</Checkbox>
      <Checkbox {...args} isDisabled defaultSelected>Disabled and checked</Checkbox>
      <Checkbox {...args} isDisabled isIndeterminate>Disabled and indeterminate</Checkbox>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Disabled' });
    await expect(box).toBeDisabled();
    await userEvent.click(box, { pointerEventsCheck: 0 });
    await expect(box).not.toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Invalid, e.g. the terms not yet accepted; `isRequired` makes it required for forms. */
export const Invalid: Story = {
  args: { children: 'I agree to the Terms and Conditions', isInvalid: true, isRequired: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I agree to the Terms and Conditions' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toBeRequired();
  },
};
