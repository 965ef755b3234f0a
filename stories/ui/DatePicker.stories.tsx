import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DatePicker } from '../../src/ui/DatePicker';
import { framed } from '../../.storybook/helpers';

// Every story fixes "today" and the shown month, so no screenshot depends on the clock.
const meta = {
  title: 'UI/DatePicker',
  component: DatePicker,
  args: { label: 'Start date', today: '2024-05-20', placeholderValue: '2024-05-01', onChange: fn() },
  decorators: [framed({ minHeight: 420 })],
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const isSelected = (dayButton: HTMLElement) => expect(dayButton.closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
// The calendar repeats Previous/Next as hidden buttons for screen readers; the first ones are visible.
const nav = (dialog: ReturnType<typeof within>, name: 'Previous' | 'Next') => dialog.getAllByRole('button', { name })[0];
const openCalendar = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /Calendar/ }));
  return within(await body.findByRole('dialog'));
};

/** Empty; typing the segments gives an ISO value. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('group', { name: 'Start date' });
    const [month] = within(group).getAllByRole('spinbutton');
    await userEvent.click(month);
    await userEvent.keyboard('05152024');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-05-15');
  },
};

/** Picking a day in the calendar closes it and reports the ISO date; reopened for the screenshot. */
export const PickFromCalendar: Story = {
  args: { defaultValue: '2024-05-15' },
  play: async ({ canvasElement, args }) => {
    let dialog = await openCalendar(canvasElement);
    await expect(dialog.getByRole('heading')).toHaveTextContent('May 2024');
    await userEvent.click(dialog.getByRole('button', { name: /May 22, 2024/ }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-05-22');
    dialog = await openCalendar(canvasElement);
    await isSelected(dialog.getByRole('button', { name: /May 22, 2024/ }));
    // Month navigation.
    await userEvent.click(nav(dialog, 'Next'));
    await expect(dialog.getByRole('heading')).toHaveTextContent('June 2024');
    await userEvent.click(nav(dialog, 'Previous'));
    await expect(dialog.getByRole('heading')).toHaveTextContent('May 2024');
  },
};

/** Days outside min/max cannot be picked. */
export const MinMax: Story = {
  args: { minValue: '2024-05-10', maxValue: '2024-05-25', defaultValue: '2024-05-15', description: 'Between May 10 and May 25, 2024.' },
  play: async ({ canvasElement, args }) => {
    const dialog = await openCalendar(canvasElement);
    const early = dialog.getByRole('button', { name: /May 5, 2024/ });
    await expect(early).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(early);
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(nav(dialog, 'Next')).toBeDisabled();
  },
};

/** The Today button picks the (fixed) current day. */
export const WithTodayButton: Story = {
  args: { showTodayButton: true, defaultValue: '2024-04-02' },
  play: async ({ canvasElement, args }) => {
    const dialog = await openCalendar(canvasElement);
    await expect(dialog.getByRole('heading')).toHaveTextContent('April 2024');
    await userEvent.click(dialog.getByRole('button', { name: 'Today' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-05-20');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    // Show the calendar with its Today button.
    await openCalendar(canvasElement);
  },
};

export const WithError: Story = {
  args: { defaultValue: '2024-06-30', maxValue: '2024-05-31', errorMessage: 'The start date must be in May 2024.' },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Start date' });
    await expect(group).toHaveAccessibleDescription(/The start date must be in May 2024\./);
    await expect(group).toHaveAttribute('data-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '2024-05-15' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Calendar/ })).toBeDisabled();
  },
};
