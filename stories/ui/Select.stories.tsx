import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select, type SelectOption } from '../../src/ui/Select';
import { framed } from '../../.storybook/helpers';

const trafficTypes: SelectOption[] = [
  { id: 'R', label: 'Display' },
  { id: 'C', label: 'Contextual' },
  { id: 'E', label: 'Email' },
  { id: 'S', label: 'Search', isDisabled: true },
  { id: 'M', label: 'Mobile' },
  { id: 'N', label: 'Native' },
];

const meta = {
  title: 'UI/Form fields/Select',
  component: Select,
  args: { label: 'Traffic type', items: trafficTypes, placeholder: 'Select a traffic type', onChange: fn() },
  decorators: [framed({ maxWidth: 320, minHeight: 340 })],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Shows the placeholder until a choice is made. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Traffic type/ });
    await expect(button).toHaveTextContent('Select a traffic type');
  },
};

/** Opens on click, selects with the mouse, closes and reports the key. */
export const SelectAnOption: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Traffic type/ });
    await userEvent.click(button);
    const listbox = await body.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Email' }));
    await waitFor(() => expect(body.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(button).toHaveTextContent('Email');
    await expect(args.onChange).toHaveBeenCalledWith('E');
  },
};

/** Keyboard: open with ArrowDown, move, Enter; the disabled "Search" option is skipped. Left open to show the list. */
export const KeyboardAndDisabledOption: Story = {
  args: { defaultValue: 'E' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Traffic type/ });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await body.findByRole('listbox');
    const search = within(listbox).getByRole('option', { name: 'Search' });
    await expect(search).toHaveAttribute('aria-disabled', 'true');
    await expect(within(listbox).getByRole('option', { name: 'Email' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(listbox).getByRole('option', { name: 'Mobile' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('M');
    await expect(button).toHaveTextContent('Mobile');
    // Reopen from the keyboard and leave the list visible for the screenshot. Opened from the
    // keyboard, the list always focuses the selected option: wait for that, so the picture is fixed
    // (reopened by a click, the focus and its highlight came before or after the screenshot).
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    const mobile = await body.findByRole('option', { name: 'Mobile' });
    await expect(mobile).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(mobile).toHaveFocus());
  },
};

export const WithDescription: Story = {
  args: { description: 'Other traffic types are NOT ALLOWED.', isRequired: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Traffic type/ });
    await expect(button).toHaveAccessibleDescription('Other traffic types are NOT ALLOWED.');
  },
};

export const WithError: Story = {
  args: { errorMessage: 'You must select a traffic type.', isRequired: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Traffic type/ });
    await expect(button).toHaveAccessibleDescription(/You must select a traffic type\./);
    await expect(button.parentElement).toHaveAttribute('data-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'E' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Traffic type/ });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(body.queryByRole('listbox')).not.toBeInTheDocument();
  },
};

/** Options can carry a muted second line. */
export const WithOptionDescriptions: Story = {
  args: {
    label: 'Report type',
    placeholder: 'Choose a report',
    items: [
      { id: 'earnings', label: 'Earnings', description: 'Per campaign, with totals' },
      { id: 'subid', label: 'Sub ID 1', description: 'Grouped by your sub ID' },
      { id: 'clicks', label: 'Clicks', description: 'Needs a campaign', isDisabled: true },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Report type/ }));
    const option = await body.findByRole('option', { name: /^Earnings/ });
    await expect(option).toHaveTextContent('Per campaign, with totals');
    await userEvent.click(option);
    const trigger = within(canvasElement).getByRole('button', { name: /Report type/ });
    await expect(trigger).toHaveTextContent(/^Earnings$/);
    // Focus goes back to the trigger once the list has closed.
    await waitFor(() => expect(trigger).toHaveFocus());
    await waitFor(() => expect(trigger.closest('[data-focused]') ?? trigger).toHaveAttribute('data-focused'));
  },
};

/** Opened by a click with nothing chosen yet, on a field showing its description and error. */
export const OpenWithError: Story = {
  args: { errorMessage: 'You must select a traffic type.', description: 'Other traffic types are NOT ALLOWED.' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Traffic type/ }));
    // The popover fades in around the list: visible (ancestors included) once it has.
    const listbox = await body.findByRole('listbox');
    await waitFor(() => expect(listbox).toBeVisible());
  },
};
