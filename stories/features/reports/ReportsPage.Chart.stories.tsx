import type { Meta } from '@storybook/react-vite';
import { shows } from '../../../.storybook/helpers';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ReportsPage } from '../../../src/features/reports/ReportsPage';
import { paths } from '../../../src/shared/paths';
import { earningsRows, reportHandlers } from '../../mocks/reports';
import { at, reportsPageMeta, spy, table, TODAY, withStoryMocks, chart, type Story } from './reportsPageStory';

/** The reports' chart; the set-up is in reportsPageStory.tsx. */
const meta = { title: 'Features/Reports/ReportsPage/Chart', ...reportsPageMeta, parameters: { layout: 'padded', ...at(paths.reports('earnings', { startDate: '2026-11-01', endDate: '2026-11-30' })) } } satisfies Meta<typeof ReportsPage>;
export default meta;

/**
 * The chart above the earnings report: one tab stop; arrow keys, Home and End move between the days
 * and the readout follows; the metric switch redraws; the figures open as a table.
 */
export const Chart: Story = {
  play: async ({ canvas, canvasElement }) => {
    const svg = await chart(canvasElement);
    await expect(svg).toHaveAccessibleName(/^Clicks per day, 1 Nov 2026 to 30 Nov 2026/);
    const bars = within(svg).getAllByRole('img');
    await expect(bars).toHaveLength(30);
    // Only the last day is in the tab order.
    await expect(bars.filter((b) => b.getAttribute('tabindex') === '0')).toEqual([bars[29]]);
    bars[29].focus();
    await userEvent.keyboard('{Home}');
    await expect(bars[0]).toHaveFocus();
    await expect(bars[0]).toHaveAccessibleName('1 Nov 2026: 150 clicks, 3 conversions, $80.50 earnings');
    await userEvent.keyboard('{ArrowRight}');
    await expect(bars[1]).toHaveFocus();
    await expect(canvas.getByText('2 Nov 2026: 187 clicks, 4 conversions, $133.50 earnings')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Earnings' }));
    await expect(await chart(canvasElement)).toHaveAccessibleName(/^Earnings per day/);
    await userEvent.click(canvas.getByRole('button', { name: 'Show the chart’s figures as a table' }));
    const figures = await table(canvasElement, /Figures per day/);
    await expect(within(figures).getAllByRole('row')).toHaveLength(31);
    await expect(canvas.getByRole('button', { name: 'Hide the chart’s figures' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Today: the chart by hour of the affiliate's day. */
export const ChartByHour: Story = {
  parameters: at(paths.reports('earnings', { startDate: TODAY, endDate: TODAY })),
  beforeEach: withStoryMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.series('hour')),
  play: async ({ canvasElement }) => {
    const svg = await chart(canvasElement);
    await expect(svg).toHaveAccessibleName(/^Clicks per hour, 24 Nov 2026, 00:00 to 24 Nov 2026, 23:00/);
    await expect(within(svg).getAllByRole('img')).toHaveLength(24);
    await expect(within(canvasElement).getByRole('heading', { name: 'Figures per hour' })).toBeVisible();
  },
};

/** The chart's figures still loading under a loaded report. */
export const ChartLoading: Story = {
  beforeEach: withStoryMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.seriesPending()),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: /Earnings report/ });
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull());
    await expect(await within(canvasElement).findByRole('heading', { name: 'Figures per day' })).toBeVisible();
  },
};

/** The chart failing steps aside; the report stays. */
export const ChartError: Story = {
  beforeEach: withStoryMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.seriesFailure()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'The chart could not be loaded.');
    await table(canvasElement, /Earnings report/);
  },
};
