import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectLocation, shows } from '../../../.storybook/helpers';
import type { ReportsPage } from '../../../src/features/reports/ReportsPage';
import { paths } from '../../../src/shared/paths';
import { at, calls, reportsPageMeta, table, type Story } from './reportsPageStory';

/** The reports' date ranges and filters; the set-up is in reportsPageStory.tsx. */
const meta = { title: 'Features/Reports/ReportsPage/Dates', ...reportsPageMeta, parameters: { layout: 'padded', ...at(paths.reports('earnings', { startDate: '2026-11-01', endDate: '2026-11-30' })) } } satisfies Meta<typeof ReportsPage>;
export default meta;

/** Without dates: the current month. Run Report with another quick date navigates to its URL. */
export const QuickDates: Story = {
  parameters: at(paths.reports()),
  play: async ({ canvas, canvasElement }) => {
    await table(canvasElement, /Earnings report/);
    await expect(calls[0].query).toMatchObject({ startDate: '2026-11-01', endDate: '2026-12-01' });
    await userEvent.click(canvas.getByRole('button', { name: /Dates/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Last Pay Period' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run Report' }));
    await expectLocation(canvasElement, '/reports/earnings?startDate=2026-11-15&endDate=2026-11-21');
  },
};

/** Custom: two date pickers with Today; an end before the start cannot run. */
export const CustomDates: Story = {
  parameters: at(paths.reports('earnings', { startDate: '2026-11-03', endDate: '2026-11-09' })),
  play: async ({ canvas, canvasElement }) => {
    await table(canvasElement, /Earnings report/);
    await expect(canvas.getByRole('button', { name: /Dates/ })).toHaveTextContent('Custom');
    // The date pickers load when Custom is shown.
    await expect(await canvas.findByRole('group', { name: 'From' })).toBeVisible();
    await expect(await canvas.findByRole('group', { name: 'To' })).toBeVisible();
  },
};

/** The calendar of a custom date has Today (spec 001 §2.1): it sets the affiliate's today and closes. */
export const CustomDatesToday: Story = {
  parameters: at(paths.reports('earnings', { startDate: '2026-11-03', endDate: '2026-11-09' })),
  play: async ({ canvas, canvasElement }) => {
    await table(canvasElement, /Earnings report/);
    const to = await canvas.findByRole('group', { name: 'To' });
    await userEvent.click(within(to).getByRole('button'));
    const calendar = await within(document.body).findByRole('dialog');
    await userEvent.click(within(calendar).getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(to).getByRole('spinbutton', { name: /day/i })).toHaveTextContent('24');
  },
};

/** A custom range over two years cannot be run (the server would refuse it): the message and a disabled Run Report. */
export const CustomRangeTooLong: Story = {
  parameters: at(paths.reports('earnings', { startDate: '2024-11-01', endDate: '2026-11-09' })),
  play: async ({ canvas, canvasElement }) => {
    await table(canvasElement, /Earnings report/);
    await shows(canvasElement, 'A report can cover at most two years.');
    await expect(canvas.getByRole('button', { name: 'Run Report' })).toBeDisabled();
  },
};

/**
 * A filter the report does not apply shows no banner (spec 001 §2.1, §7): the earnings report of every
 * campaign, reached with a campaign still in the address, says nothing of that campaign.
 */
export const FilterNotApplied: Story = {
  parameters: at(paths.reports('earnings', { startDate: '2026-11-03', endDate: '2026-11-09', oid: 1205, subid: 'fb_feed' })),
  play: async ({ canvas, canvasElement }) => {
    await table(canvasElement, /Earnings report/);
    await expect(canvas.queryByRole('button', { name: /Remove .* filter/ })).not.toBeInTheDocument();
    // Run Report keeps only what the chosen report applies.
    await userEvent.click(canvas.getByRole('button', { name: 'Run Report' }));
    await expectLocation(canvasElement, '/reports/earnings?startDate=2026-11-03&endDate=2026-11-09');
  },
};
