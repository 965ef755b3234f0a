import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { PortalParameters } from '../../../.storybook/helpers';
import { ReportBody } from '../../../src/features/reports/ReportBody';
import { ReportChart } from '../../../src/features/reports/ReportChart';
import { ChartPlaceholder } from '../../../src/features/reports/chartFrame';
import { NO_STATS } from '../../../src/features/reports/reportErrors';
import { paths, patterns } from '../../../src/shared/paths';
import { earningsRows, reportHandlers } from '../../mocks/reports';
import { affiliateHandlers } from '../../mocks/shell';

/**
 * The two parts of the reports screen on their own (the whole screen: ReportsPage stories): the
 * chart above the earnings and clicks reports, and the report's body under the controls.
 */
const range = { start: '2026-11-01', end: '2026-11-30' };
const router = { router: { path: patterns.reports, initialEntries: [paths.reports('earnings', { startDate: range.start, endDate: range.end })] } } satisfies PortalParameters;

const meta = {
  title: 'Features/Reports/Parts',
  parameters: { layout: 'padded', ...router },
} satisfies Meta;
export default meta;

type ChartStory = StoryObj<typeof ReportChart>;
type BodyStory = StoryObj<typeof ReportBody>;

/** The chart, drawn: one bar per day of the range, one of them in the tab order. */
export const ChartDrawn: ChartStory = {
  render: () => <ReportChart range={range} filters={{}} />,
  beforeEach: ({ msw }) => msw.use(reportHandlers.series(), affiliateHandlers.loaded()),
  play: async ({ canvasElement }) => {
    const svg = await within(canvasElement).findByRole('group', { name: /^Clicks per day/ });
    await expect(within(svg).getAllByRole('img')).toHaveLength(30);
  },
};

/** The chart while its figures load. */
export const ChartLoading: ChartStory = {
  render: () => <ReportChart range={range} filters={{}} />,
  beforeEach: ({ msw }) => msw.use(reportHandlers.seriesPending(), affiliateHandlers.loaded()),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('group', { name: /per day/ })).toBeNull();
  },
};

/** The chart when its figures cannot be had: the report under it stays usable. */
export const ChartFailed: ChartStory = {
  render: () => <ReportChart range={range} filters={{}} />,
  beforeEach: ({ msw }) => msw.use(reportHandlers.seriesFailure(), affiliateHandlers.loaded()),
  play: async ({ canvasElement }) => {
    // Visible once its entrance has run (system messages fade in).
    const message = await within(canvasElement).findByText('The chart could not be loaded.');
    await waitFor(() => expect(message).toBeVisible());
  },
};

/** The body of an earnings report with no rows: the spec's empty text, no chart, no CSV. */
export const BodyEmpty: BodyStory = {
  render: () => <ReportBody type="earnings" range={range} filters={{}} page={1} />,
  beforeEach: ({ msw }) => msw.use(reportHandlers.earningsEmpty(), reportHandlers.series(), affiliateHandlers.loaded()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_STATS)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  },
};

/** The body of an earnings report with its rows, the Totals row and the CSV button. */
export const BodyLoaded: BodyStory = {
  render: () => <ReportBody type="earnings" range={range} filters={{}} page={1} />,
  beforeEach: ({ msw }) => msw.use(reportHandlers.earnings(earningsRows), reportHandlers.series(), affiliateHandlers.loaded()),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Earnings report' });
    await expect(within(table).getByRole('rowheader', { name: 'Totals' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    await canvas.findByRole('group', { name: /per day/ }, { timeout: 5000 });
  },
};

/**
 * The chart's place while the report (or the chart's code) loads: the chart card's shape, hidden from
 * assistive technology (the report's card below announces the loading), so nothing moves when the
 * chart arrives.
 */
export const ChartPlaceholderShape: StoryObj<typeof ChartPlaceholder> = {
  render: () => <ChartPlaceholder />,
  play: async ({ canvasElement }) => {
    const placeholder = canvasElement.querySelector('[data-chart-placeholder]');
    await expect(placeholder).not.toBeNull();
    await expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    await expect(within(canvasElement).queryByRole('heading')).toBeNull();
  },
};
