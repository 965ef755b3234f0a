import type { Decorator, Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import Papa from 'papaparse';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { PortalParameters } from '../../../.storybook/helpers';
import { NO_STATS } from '../../../src/features/reports/reportErrors';
import { ReportsPage } from '../../../src/features/reports/ReportsPage';
import { paths, patterns } from '../../../src/shared/paths';
import type { MockCall } from '../../mocks/http';
import { conversionRows, earningsRows, reportHandlers } from '../../mocks/reports';
import { affiliateHandlers } from '../../mocks/shell';
import { expectLocation, expectNoHorizontalScroll, locationOf, withLocationProbe } from '../campaigns/storyUtils';

/**
 * The reports screen (spec 001 sections 2.1, 4, 5, 8; issue 16): every type loaded, loading, empty
 * and failing; the quick dates; sorting, paging, CSV and filter banners. Today is fixed (2026-11-24).
 */
const TODAY = '2026-11-24';
const calls: MockCall[] = [];
const spy = { onRequest: (call: MockCall) => calls.push(call) };
const at = (url: string) => ({ router: { path: patterns.reports, initialEntries: [url] } }) satisfies PortalParameters;
const withMocks =
  (...handlers: RequestHandler[]) =>
  <A,>({ msw }: StoryContext<A>) => {
    calls.length = 0;
    msw.use(...handlers, reportHandlers.series(), affiliateHandlers.loaded());
  };
const frame =
  (width?: number): Decorator =>
  (Story) => (
    <div data-testid="frame" style={{ width: width ?? '100%', maxWidth: 1100, boxSizing: 'border-box' }}>
      <Story />
    </div>
  );

const meta = {
  title: 'Features/Reports/ReportsPage',
  component: ReportsPage,
  args: { today: TODAY },
  parameters: { layout: 'padded', ...at(paths.reports('earnings', { startDate: '2026-11-01', endDate: '2026-11-30' })) },
  decorators: [withLocationProbe, frame()],
  beforeEach: withMocks(reportHandlers.earnings(earningsRows, spy)),
} satisfies Meta<typeof ReportsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Visible once its entrance has run (system messages fade in). */
const shows = async (root: HTMLElement, text: string | RegExp) => {
  const el = await within(root).findByText(text);
  await waitFor(() => expect(el).toBeVisible());
};
/**
 * The report's table; for the earnings and clicks reports also the chart above it, drawn or failed
 * (it loads after the report, lazily: the screenshot must not catch it half-way).
 */
const table = async (root: HTMLElement, name: RegExp) => {
  const t = await within(root).findByRole('table', { name });
  if (/^(Earnings|Clicks) report/.test(t.getAttribute('aria-label') ?? '')) {
    await waitFor(() => expect(within(root).queryByText('The chart could not be loaded.') ?? within(root).getByRole('group', { name: /per (day|hour)/ })).toBeInTheDocument(), { timeout: 5000 });
    await waitFor(() => expect(root.querySelector('[aria-busy="true"]')).toBeNull());
  }
  return t;
};
const firstCells = (t: HTMLElement) => within(t).getAllByRole('rowheader').map((c) => c.textContent);

/** Earnings by campaign, the default order (earnings descending) and the Totals row; the end is sent as the next day. */
export const Earnings: Story = {
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Earnings report/);
    await expect(firstCells(t)[0]).toMatch(/^NovaLend/);
    await expect(within(t).getByText('Totals')).toBeVisible();
    await expect(within(t).getByText('$2,745.20')).toBeVisible();
    await expect(calls[0].query).toMatchObject({ startDate: '2026-11-01', endDate: '2026-12-01' });
  },
};

/** Invalid dates in the address (2026-02-30): the current month is shown, and the page says so. */
export const InvalidDatesInTheAddress: Story = {
  parameters: at('/reports/earnings?startDate=2026-02-30&endDate=2026-03-01'),
  play: async ({ canvasElement }) => {
    await table(canvasElement, /Earnings report/);
    await expect(within(canvasElement).getByText(/The dates in the address \(2026-02-30 to 2026-03-01\) are not a valid date range/)).toBeVisible();
    await expect(calls[0].query).toMatchObject({ startDate: '2026-11-01', endDate: '2026-12-01' });
  },
};

/** Sorting (spec 001 §4): a new column takes its default order (names ascending, numbers descending); a second press toggles. */
export const Sorting: Story = {
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Earnings report/);
    await userEvent.click(within(t).getByRole('button', { name: /^Campaign/ }));
    await waitFor(() => expect(firstCells(t)[0]).toMatch(/^Brightsmile/));
    await userEvent.click(within(t).getByRole('button', { name: /^Campaign/ }));
    await waitFor(() => expect(firstCells(t)[0]).toMatch(/^Zenith/));
    await userEvent.click(within(t).getByRole('button', { name: /^Clicks/ }));
    await waitFor(() => expect(firstCells(t)[0]).toMatch(/^QuickQuote/));
  },
};

/**
 * The file the Download CSV button writes, and its name: the anchor's click is caught (no real
 * download) and its blob read back as lines. The pointer leaves the button (no hover in the screenshot).
 */
const downloadedCsv = async (button: HTMLElement) => {
  const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  try {
    await userEvent.click(button);
    await userEvent.unhover(button);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    const text = await (await fetch(anchor.href)).text();
    return { name: anchor.download, lines: text.trimEnd().split('\r\n').map((l) => Papa.parse<string[]>(l).data[0]) };
  } finally {
    click.mockRestore();
  }
};

/** The CSV is the table on screen: its rows in the order sorted on screen, then the Totals row, EPC in cents. */
export const CsvAsOnScreen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const t = await table(canvasElement, /Earnings report/);
    await userEvent.click(within(t).getByRole('button', { name: /^Campaign/ }));
    await waitFor(() => expect(firstCells(t)[0]).toMatch(/^Brightsmile/));
    const { name, lines } = await downloadedCsv(canvas.getByRole('button', { name: 'Download CSV' }));
    await expect(name).toBe('earnings-report-2026-11-01-to-2026-11-30.csv');
    await expect(lines.slice(1).map((l) => l[1])).toEqual([...firstCells(t).slice(0, -1), '']);
    await expect(lines.at(-1)).toEqual(['Totals', '', '5540', '129', '2.33', '432', '2745.2', '0.5']);
    // EPC as the screen shows it: $0.81 for 775 / 960 = 0.8073.
    await expect(lines[1][7]).toBe('0.81');
  },
};

/** The row menu leads to the drill-downs of that campaign, for the same dates. */
export const DrillDownMenu: Story = {
  beforeEach: withMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.subid()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Earnings report/);
    await userEvent.click(within(t).getByRole('button', { name: /^Reports of NovaLend/ }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'SubID 1' }));
    await expectLocation(canvasElement, '/reports/subid?startDate=2026-11-01&endDate=2026-11-30&oid=1205');
    await table(canvasElement, /SubID 1 report/);
  },
};

export const Loading: Story = { beforeEach: withMocks(reportHandlers.earningsPending()) };

export const Empty: Story = {
  beforeEach: withMocks(reportHandlers.earningsEmpty()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, NO_STATS);
  },
};

export const FetchError: Story = {
  beforeEach: withMocks(reportHandlers.earningsFailure()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'There was an error fetching the data. Please try again.');
  },
};

/** An answer with neither success flag: its errors.message (spec 001 section 8). */
export const ServerMessage: Story = {
  beforeEach: withMocks(reportHandlers.earningsNeitherFlag()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'Statistics are being recalculated. Please try again in a few minutes.');
  },
};

export const ConnectionError: Story = {
  beforeEach: withMocks(reportHandlers.earningsNetworkError()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'Connection error.');
  },
};

/** Without dates: the current month. Run Report with another quick date navigates to its URL. */
export const QuickDates: Story = {
  parameters: at(paths.reports()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement, /Earnings report/);
    await expect(canvas.queryByRole('button', { name: /Remove .* filter/ })).not.toBeInTheDocument();
    // Run Report keeps only what the chosen report applies.
    await userEvent.click(canvas.getByRole('button', { name: 'Run Report' }));
    await expectLocation(canvasElement, '/reports/earnings?startDate=2026-11-03&endDate=2026-11-09');
  },
};

export const Creatives: Story = {
  parameters: at(paths.reports('creatives', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205 })),
  beforeEach: withMocks(reportHandlers.creatives()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Creatives report/);
    await expect(within(t).getByText('Raw link')).toBeVisible();
    await expect(within(canvasElement).getByRole('link', { name: /^NovaLend/ })).toHaveAttribute('href', '/campaign/1205');
    // A creative's leads open the conversions behind them (spec 001 §2.1).
    const leads = within(t).getAllByRole('link', { name: /leads: their conversions$/ })[0];
    await expect(leads.getAttribute('href')).toMatch(/^\/reports\/conversions\?startDate=2026-11-01&endDate=2026-11-30&oid=1205&cid=\d+$/);
  },
};

export const SubIds: Story = {
  parameters: at(paths.reports('subid', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205 })),
  beforeEach: withMocks(reportHandlers.subid()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /SubID 1 report/);
    await expect(within(t).getByText('(none)')).toBeVisible();
  },
};

export const LandingPages: Story = {
  parameters: at(paths.reports('landingPages', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205 })),
  beforeEach: withMocks(reportHandlers.landingPages()),
  play: async ({ canvasElement }) => {
    await table(canvasElement, /Landing Pages report/);
  },
};

/** By day, date ascending; the creative and Sub ID filters as banners; removing one reloads without it. */
export const ClicksWithFilters: Story = {
  parameters: at(paths.reports('clicks', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205, cid: 501, subid: 'fb_feed' })),
  beforeEach: withMocks(reportHandlers.clicks({ creative: true, subId: 'fb_feed' })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const t = await table(canvasElement, /Clicks report/);
    await expect(firstCells(t)[0]).toBe('2026-11-01');
    await expect(canvas.getByText('Creative: Banner 300x250')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Sub ID filter' }));
    await expectLocation(canvasElement, '/reports/clicks?startDate=2026-11-01&endDate=2026-11-30&oid=1205&cid=501');
  },
};

/** Conversions: 50 a page with page buttons above and below; Prepare CSV → Preparing CSV... → Download CSV. */
export const Conversions: Story = {
  parameters: at(paths.reports('conversions', { startDate: '2026-11-01', endDate: '2026-11-30' })),
  beforeEach: withMocks(reportHandlers.conversions()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const t = await table(canvasElement, /Conversions report, page 1 of 3/);
    await expect(within(t).getAllByRole('row')).toHaveLength(51);
    await expect(canvas.getAllByRole('navigation', { name: /Conversions pages/ })).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Page 2|^2$/ })[0]);
    await waitFor(() => expect(locationOf(canvasElement)).toContain('page=2'));
    await table(canvasElement, /page 2 of 3/);
    await userEvent.click(canvas.getByRole('button', { name: 'Prepare CSV' }));
    await expect(await canvas.findByRole('link', { name: 'Download CSV' })).toHaveAttribute('download', 'conversions-report-2026-11-01-to-2026-11-30.csv');
  },
};

/**
 * A long report's CSV (12,000 conversions), written in pieces of 5,000 rows (reportCsv.ts): the
 * file read back has one header, every row once and in order.
 */
const manyConversions = Array.from({ length: 12_000 }, (_, i) => ({ ...conversionRows[i % conversionRows.length], key_id: String(200_000 + i) }));
export const ConversionsLongCsv: Story = {
  parameters: at(paths.reports('conversions', { startDate: '2026-11-01', endDate: '2026-11-30' })),
  beforeEach: withMocks(reportHandlers.conversions(manyConversions)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement, /Conversions report, page 1 of 240/);
    await userEvent.click(canvas.getByRole('button', { name: 'Prepare CSV' }));
    const link = await canvas.findByRole('link', { name: 'Download CSV' }, { timeout: 10_000 });
    const lines = (await (await fetch(link.getAttribute('href')!)).text()).trimEnd().split('\r\n');
    await expect(lines).toHaveLength(12_001);
    await expect(lines.filter((l) => l.startsWith('ID,Date,'))).toHaveLength(1);
    await expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(manyConversions.map((r) => r.key_id));
  },
};

export const Reversals: Story = {
  parameters: at(paths.reports('reversals', { startDate: '2026-11-01', endDate: '2026-11-30' })),
  beforeEach: withMocks(reportHandlers.reversals()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Reversals report/);
    await expect(within(t).getByText('-$12.60')).toBeVisible();
  },
};

const chart = async (root: HTMLElement) => within(root).findByRole('group', { name: /per (day|hour)/ });

/**
 * The chart above the earnings report: one tab stop; arrow keys, Home and End move between the days
 * and the readout follows; the metric switch redraws; the figures open as a table.
 */
export const Chart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  beforeEach: withMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.series('hour')),
  play: async ({ canvasElement }) => {
    const svg = await chart(canvasElement);
    await expect(svg).toHaveAccessibleName(/^Clicks per hour, 24 Nov 2026, 00:00 to 24 Nov 2026, 23:00/);
    await expect(within(svg).getAllByRole('img')).toHaveLength(24);
    await expect(within(canvasElement).getByRole('heading', { name: 'Figures per hour' })).toBeVisible();
  },
};

/** The chart's figures still loading under a loaded report. */
export const ChartLoading: Story = {
  beforeEach: withMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.seriesPending()),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: /Earnings report/ });
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull());
    await expect(await within(canvasElement).findByRole('heading', { name: 'Figures per day' })).toBeVisible();
  },
};

/** The chart failing steps aside; the report stays. */
export const ChartError: Story = {
  beforeEach: withMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.seriesFailure()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'The chart could not be loaded.');
    await table(canvasElement, /Earnings report/);
  },
};

/** Referrals: no quick dates. */
export const Referrals: Story = {
  parameters: at(paths.reports('referrals')),
  beforeEach: withMocks(reportHandlers.referrals()),
  play: async ({ canvasElement }) => {
    await table(canvasElement, /Referrals report/);
    await expect(within(canvasElement).queryByRole('button', { name: /Dates/ })).not.toBeInTheDocument();
    // The file is named by its type alone (the report has no dates) and holds the headers only (spec 001 §4).
    const { name, lines } = await downloadedCsv(within(canvasElement).getByRole('button', { name: 'Download CSV' }));
    await expect(name).toBe('referrals-report.csv');
    await expect(lines).toEqual([['Date', 'Affiliates', 'Referral Income']]);
  },
};

/** A drill-down report without its campaign points to the earnings report. */
export const CreativesWithoutCampaign: Story = {
  parameters: at(paths.reports('creatives', { startDate: '2026-11-01', endDate: '2026-11-30' })),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, /is for one campaign/);
  },
};

export const InvalidType: Story = {
  parameters: at('/reports/payouts'),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, /Invalid report type/);
  },
};

/** At 375 px: the controls stack, the chart fits, and every row is a card (nothing scrolls sideways). */
export const Phone: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Earnings report/);
    await chart(canvasElement);
    await expect(getComputedStyle(within(t).getAllByRole('row')[1]).display).toBe('block');
    await expect(t.parentElement!.scrollWidth).toBeLessThanOrEqual(t.parentElement!.clientWidth + 1);
    await expectNoHorizontalScroll(canvasElement.querySelector<HTMLElement>('[data-testid="frame"]')!);
  },
};

/** Conversions at 375 px: cards with every field named, page buttons above and below. */
export const PhoneConversions: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' }, ...at(paths.reports('conversions', { startDate: '2026-11-01', endDate: '2026-11-30' })) },
  beforeEach: withMocks(reportHandlers.conversions(conversionRows.slice(0, 3))),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Conversions report/);
    await expect(within(t).getAllByText('198.51.100.0')[0].closest('td')).toHaveAttribute('data-label', 'IP');
    await expectNoHorizontalScroll(canvasElement.querySelector<HTMLElement>('[data-testid="frame"]')!);
  },
};
