import type { Meta } from '@storybook/react-vite';
import Papa from 'papaparse';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { expectLocation, expectNoHorizontalScroll, locationOf, shows } from '../../../.storybook/helpers';
import { NO_STATS } from '../../../src/features/reports/reportErrors';
import type { ReportsPage } from '../../../src/features/reports/ReportsPage';
import { paths } from '../../../src/shared/paths';
import { conversionRows, earningsRows, reportHandlers } from '../../mocks/reports';
import { at, calls, firstCells, reportsPageMeta, spy, table, withStoryMocks, chart, type Story } from './reportsPageStory';
import { CsvButton } from '../../../src/features/reports/ReportCsvButton';
import { REPORTS } from '../../../src/features/reports/reportDefinitions';
import { PagedTable, PlainTable, SortableTable } from '../../../src/features/reports/reportTables';

/** The reports of every type, loading, empty, failing and on a phone; the set-up is in reportsPageStory.tsx. */
const meta = { title: 'Features/Reports/ReportsPage', ...reportsPageMeta, subcomponents: { CsvButton, SortableTable, PagedTable, PlainTable }, parameters: { layout: 'padded', ...at(paths.reports('earnings', { startDate: '2026-11-01', endDate: '2026-11-30' })) } } satisfies Meta<typeof ReportsPage>;
export default meta;

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
  play: async ({ canvas, canvasElement }) => {
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
  beforeEach: withStoryMocks(reportHandlers.earnings(earningsRows, spy), reportHandlers.subid()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Earnings report/);
    await userEvent.click(within(t).getByRole('button', { name: /^Reports of NovaLend/ }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'SubID 1' }));
    await expectLocation(canvasElement, '/reports/subid?startDate=2026-11-01&endDate=2026-11-30&oid=1205');
    await table(canvasElement, /SubID 1 report/);
  },
};

export const Loading: Story = { beforeEach: withStoryMocks(reportHandlers.earningsPending()) };

export const Empty: Story = {
  beforeEach: withStoryMocks(reportHandlers.earningsEmpty()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, NO_STATS);
  },
};

export const FetchError: Story = {
  beforeEach: withStoryMocks(reportHandlers.earningsFailure()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'There was an error fetching the data. Please try again.');
  },
};

/** An answer with neither success flag: its errors.message (spec 001 section 8). */
export const ServerMessage: Story = {
  beforeEach: withStoryMocks(reportHandlers.earningsNeitherFlag()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'Statistics are being recalculated. Please try again in a few minutes.');
  },
};

export const ConnectionError: Story = {
  beforeEach: withStoryMocks(reportHandlers.earningsNetworkError()),
  play: async ({ canvasElement }) => {
    await shows(canvasElement, 'Connection error.');
  },
};

export const Creatives: Story = {
  parameters: at(paths.reports('creatives', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205 })),
  beforeEach: withStoryMocks(reportHandlers.creatives()),
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
  beforeEach: withStoryMocks(reportHandlers.subid()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /SubID 1 report/);
    await expect(within(t).getByText('(none)')).toBeVisible();
  },
};

export const LandingPages: Story = {
  parameters: at(paths.reports('landingPages', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205 })),
  beforeEach: withStoryMocks(reportHandlers.landingPages()),
  play: async ({ canvasElement }) => {
    await table(canvasElement, /Landing Pages report/);
  },
};

/** By day, date ascending; the creative and Sub ID filters as banners; removing one reloads without it. */
export const ClicksWithFilters: Story = {
  parameters: at(paths.reports('clicks', { startDate: '2026-11-01', endDate: '2026-11-30', oid: 1205, cid: 501, subid: 'fb_feed' })),
  beforeEach: withStoryMocks(reportHandlers.clicks({ creative: true, subId: 'fb_feed' })),
  play: async ({ canvas, canvasElement }) => {
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
  beforeEach: withStoryMocks(reportHandlers.conversions()),
  play: async ({ canvas, canvasElement }) => {
    const t = await table(canvasElement, /Conversions report, page 1 of 3/);
    await expect(within(t).getAllByRole('row')).toHaveLength(51);
    // The advertiser's reason beside the status of a reversed conversion; an empty cell for the rest.
    const header = within(t).getAllByRole('columnheader').map((h) => h.textContent);
    // Every column of the report's definition, in its order.
    const defined = REPORTS.conversions.columns({} as never).map((col) => col.header);
    await expect(header.filter((h) => defined.includes(h ?? ''))).toEqual(defined);
    await expect(header.indexOf('Reason')).toBe(header.indexOf('Status') + 1);
    const [reversed, approved] = within(t).getAllByRole('row').slice(1, 3);
    await expect(reversed).toHaveTextContent(/Reversed\s*Duplicate lead/);
    await expect(approved).not.toHaveTextContent('Duplicate lead');
    await expect(within(t).getAllByText('Over cap').length).toBeGreaterThan(0);
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
  beforeEach: withStoryMocks(reportHandlers.conversions(manyConversions)),
  play: async ({ canvas, canvasElement }) => {
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
  beforeEach: withStoryMocks(reportHandlers.reversals()),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Reversals report/);
    await expect(within(t).getByText('-$12.60')).toBeVisible();
    // The advertiser's reason, or an empty cell when none was given.
    await expect(within(t).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Reason');
    const [given, none] = within(t).getAllByRole('row').slice(1);
    await expect(given).toHaveTextContent('Duplicate lead');
    await expect(none).not.toHaveTextContent('Duplicate lead');
  },
};

/** Referrals: no quick dates. */
export const Referrals: Story = {
  parameters: at(paths.reports('referrals')),
  beforeEach: withStoryMocks(reportHandlers.referrals()),
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
  beforeEach: withStoryMocks(reportHandlers.conversions(conversionRows.slice(0, 3))),
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement, /Conversions report/);
    await expect(within(t).getAllByText('198.51.100.0')[0].closest('td')).toHaveAttribute('data-label', 'IP');
    await expect(within(t).getByText('Duplicate lead').closest('td')).toHaveAttribute('data-label', 'Reason');
    await expectNoHorizontalScroll(canvasElement.querySelector<HTMLElement>('[data-testid="frame"]')!);
  },
};
