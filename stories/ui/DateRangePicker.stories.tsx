import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DateRangePicker } from '../../src/ui/DateRangePicker';
import { framed } from '../../.storybook/helpers';

// Every story fixes "today" and the shown month, so no screenshot depends on the clock.
const meta = {
  title: 'UI/DateRangePicker',
  component: DateRangePicker,
  args: { label: 'Custom range', today: '2024-05-20', placeholderValue: '2024-05-01', onChange: fn() },
  decorators: [framed({ minHeight: 440 })],
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
// A range end's name also spells the whole range, so match the day at the end of the name.
const day = (dialog: ReturnType<typeof within>, date: string) =>
  dialog.getByRole('button', { name: new RegExp(`${date}, 2024( selected)?$`) });
const nav = (dialog: ReturnType<typeof within>, name: 'Previous' | 'Next') => dialog.getAllByRole('button', { name })[0];
const openCalendar = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /Calendar/ }));
  return within(await body.findByRole('dialog'));
};
const closed = () => waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());

/** Empty; typing both dates gives an ISO range. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Custom range' });
    const segments = within(group).getAllByRole('spinbutton');
    await userEvent.click(segments[0]);
    await userEvent.keyboard('05012024');
    await userEvent.keyboard('05312024');
    await expect(args.onChange).toHaveBeenLastCalledWith({ start: '2024-05-01', end: '2024-05-31' });
  },
};

/** Two clicks choose a range and close the calendar; reopened to show the selection. */
export const PickRange: Story = {
  args: { defaultValue: { start: '2024-05-01', end: '2024-05-10' } },
  play: async ({ canvasElement, args }) => {
    let dialog = await openCalendar(canvasElement);
    await expect(dialog.getByRole('heading')).toHaveTextContent('May 2024');
    await userEvent.click(day(dialog, 'May 12'));
    await userEvent.click(day(dialog, 'May 18'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ start: '2024-05-12', end: '2024-05-18' });
    await closed();
    dialog = await openCalendar(canvasElement);
    for (const d of [12, 15, 18]) {
      await expect(day(dialog, `May ${d}`).closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
    }
  },
};

/** Today alone chooses today; after a first click it ends the range today. */
export const WithTodayButton: Story = {
  args: { showTodayButton: true, defaultValue: { start: '2024-04-01', end: '2024-04-30' } },
  play: async ({ canvasElement, args }) => {
    let dialog = await openCalendar(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Today' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ start: '2024-05-20', end: '2024-05-20' });
    await closed();

    dialog = await openCalendar(canvasElement);
    await userEvent.click(day(dialog, 'May 14'));
    await userEvent.click(dialog.getByRole('button', { name: 'Today' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ start: '2024-05-14', end: '2024-05-20' });
    await closed();
    await openCalendar(canvasElement);
  },
};

export const MinMax: Story = {
  args: {
    minValue: '2024-05-06',
    maxValue: '2024-05-24',
    defaultValue: { start: '2024-05-08', end: '2024-05-10' },
    description: 'Stats are kept for May 6–24, 2024 only.',
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await openCalendar(canvasElement);
    const late = day(dialog, 'May 28');
    await expect(late).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(late);
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(nav(dialog, 'Previous')).toBeDisabled();
  },
};

export const WithError: Story = {
  args: {
    defaultValue: { start: '2024-05-20', end: '2024-05-02' },
    errorMessage: 'The end date must be after the start date.',
  },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Custom range' });
    await expect(group).toHaveAttribute('data-invalid', 'true');
    await expect(group).toHaveAccessibleDescription(/The end date must be after the start date\./);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: { start: '2024-05-01', end: '2024-05-31' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Calendar/ })).toBeDisabled();
  },
};
