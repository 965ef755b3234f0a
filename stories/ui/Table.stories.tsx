import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Table, type SortDescriptor, type TableColumn, type TableProps } from '../../src/ui/Table';
import { framed } from '../../.storybook/helpers';

interface EarningsRow {
  campaign_id: number;
  name: string;
  clicks: number;
  leads: number;
  earnings: number;
}

const rows: EarningsRow[] = [
  { campaign_id: 1201, name: 'Solar Quotes US', clicks: 1840, leads: 62, earnings: 1488.5 },
  { campaign_id: 1187, name: 'Auto Insurance Pro', clicks: 920, leads: 41, earnings: 2050 },
  { campaign_id: 1302, name: 'Crypto Starter', clicks: 2310, leads: 18, earnings: 540.25 },
  { campaign_id: 1099, name: 'Debt Relief Now', clicks: 410, leads: 12, earnings: 960 },
];

const totals: Partial<EarningsRow> = { clicks: 5480, leads: 133, earnings: 5038.75 };

// Money formatting is the caller's job: the table only renders what it is given.
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

const columns: TableColumn<EarningsRow>[] = [
  { key: 'name', header: 'Campaign', isRowHeader: true, allowsSorting: true },
  { key: 'clicks', header: 'Clicks', numeric: true, allowsSorting: true, render: (r) => count.format(r.clicks) },
  { key: 'leads', header: 'Leads', numeric: true, allowsSorting: true, render: (r) => count.format(r.leads) },
  { key: 'earnings', header: 'Earnings', numeric: true, allowsSorting: true, render: (r) => money.format(r.earnings) },
];

/** The report's own sorting, as a screen would do it from the sort descriptor. */
function SortedTable(props: TableProps<EarningsRow>) {
  const [sort, setSort] = useState<SortDescriptor>(props.sortDescriptor ?? { column: 'earnings', direction: 'descending' });
  const sorted = useMemo(() => {
    const key = sort.column as keyof EarningsRow;
    const dir = sort.direction === 'ascending' ? 1 : -1;
    return [...props.rows].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * dir);
  }, [props.rows, sort]);
  return (
    <Table
      {...props}
      rows={sorted}
      sortDescriptor={sort}
      onSortChange={(d) => {
        setSort(d);
        props.onSortChange?.(d);
      }}
    />
  );
}

const meta = {
  title: 'UI/Table',
  component: Table<EarningsRow>,
  args: {
    'aria-label': 'Earnings report',
    columns,
    rows,
    getRowKey: (r: EarningsRow) => r.campaign_id,
    totals,
    emptyText: 'No stats for this date range.',
    onSortChange: fn(),
  },
  render: (args) => <SortedTable {...args} />,
} satisfies Meta<typeof Table<EarningsRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .filter((c) => c.closest('tbody'))
    .map((c) => c.textContent);

/**
 * Default order earnings descending (spec 001). A click on a new column applies its default order
 * (names ascending, numbers descending); a repeat click flips it. The chevron and aria-sort follow.
 */
export const Sortable: Story = {
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Earnings report' });
    const earnings = canvas.getByRole('columnheader', { name: /Earnings/ });
    await expect(earnings).toHaveAttribute('aria-sort', 'descending');
    await expect(firstColumn(table)).toEqual(['Auto Insurance Pro', 'Solar Quotes US', 'Debt Relief Now', 'Crypto Starter']);

    const nameHeader = canvas.getByRole('columnheader', { name: /Campaign/ });
    await userEvent.click(within(nameHeader).getByRole('button'));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'ascending' });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(earnings).toHaveAttribute('aria-sort', 'none');
    await expect(nameHeader.querySelector('.sort-chevron')).toHaveAttribute('data-direction', 'ascending');
    await expect(firstColumn(table)).toEqual(['Auto Insurance Pro', 'Crypto Starter', 'Debt Relief Now', 'Solar Quotes US']);

    await userEvent.click(within(nameHeader).getByRole('button'));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(nameHeader.querySelector('.sort-chevron')).toHaveAttribute('data-direction', 'descending');
    await expect(firstColumn(table)).toEqual(['Solar Quotes US', 'Debt Relief Now', 'Crypto Starter', 'Auto Insurance Pro']);
    // The change is announced.
    await expect(canvas.getByRole('status')).toHaveTextContent('Sorted by Campaign, descending');
  },
};

/** Sorting by keyboard: Tab to a header, Enter sorts. */
export const KeyboardSort: Story = {
  play: async ({ canvas }) => {
    const clicks = canvas.getByRole('columnheader', { name: /Clicks/ });
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(clicks).getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(clicks).toHaveAttribute('aria-sort', 'descending');
    await expect(firstColumn(canvas.getByRole('table'))[0]).toBe('Crypto Starter');
    await userEvent.keyboard(' ');
    await expect(clicks).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstColumn(canvas.getByRole('table'))[0]).toBe('Debt Relief Now');
  },
};

/** The Totals row sits in the footer, visually set apart. */
export const WithTotals: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    const foot = table.querySelector('tfoot') as HTMLElement;
    await expect(within(foot).getByRole('rowheader', { name: 'Totals' })).toBeInTheDocument();
    await expect(within(foot).getByText('$5,038.75')).toBeInTheDocument();
    // Numeric columns are right aligned.
    await expect(getComputedStyle(within(foot).getByText('$5,038.75')).textAlign).toBe('right');
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No stats for this date range.')).toBeVisible();
    // No totals for an empty report.
    await expect(canvasElement.querySelector('tfoot')).toBeNull();
  },
};

export const Loading: Story = {
  args: { isLoading: true, loadingRowCount: 6, loadingLabel: 'Loading report' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement.querySelectorAll('[data-loading-row]')).toHaveLength(6);
    await expect(canvas.queryByText('Solar Quotes US')).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading report');
  },
};

/** Rows that open something: clickable and reachable by keyboard (Enter). */
export const RowClick: Story = {
  args: {
    onRowAction: fn(),
    getRowLabel: (r: EarningsRow) => `${r.name}: open campaign ${r.campaign_id}`,
    totals: undefined,
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('Crypto Starter'));
    await expect(args.onRowAction).toHaveBeenLastCalledWith(expect.objectContaining({ campaign_id: 1302 }));
    const row = canvas.getByRole('row', { name: /Debt Relief Now: open campaign 1099/ });
    row.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowAction).toHaveBeenLastCalledWith(expect.objectContaining({ campaign_id: 1099 }));
  },
};

/** Without sortable columns: plain headers, no aria-sort. */
export const NotSortable: Story = {
  args: {
    columns: columns.map((c) => ({ ...c, allowsSorting: false })),
    caption: 'Commission rates',
    'aria-label': undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Commission rates' })).toBeInTheDocument();
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
    await expect(canvas.getByRole('columnheader', { name: 'Clicks' })).not.toHaveAttribute('aria-sort');
  },
};

/**
 * On a phone (`cardsBelow`): every row is a card of label–value lines, the sortable headers a row
 * of sort buttons above them; the roles stay those of a table, and nothing scrolls sideways.
 */
export const CardsOnPhone: Story = {
  args: { cardsBelow: 'tablet' },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Earnings report' });
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    const cell = within(table).getByText('$2,050.00');
    await expect(cell.closest('td')).toHaveAttribute('data-label', 'Earnings');
    await expect(getComputedStyle(cell.closest('tr')!).display).toBe('block');
    await userEvent.click(canvas.getByRole('button', { name: /^Campaign/ }));
    await expect(firstColumn(table)[0]).toBe('Auto Insurance Pro');
    const wrapper = table.parentElement!;
    await expect(wrapper.scrollWidth).toBeLessThanOrEqual(wrapper.clientWidth + 1);
  },
};

/**
 * Wider than its box (a narrow column, no cards): it scrolls sideways, reachable by keyboard; a
 * shade at the right edge says more columns follow; scrolled, the first column (each row's name and
 * Totals) stays in view and the shade goes once the end is reached.
 */
export const ScrollsWithFirstColumnKept: Story = {
  decorators: [framed({ width: 300 })],
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Earnings report' });
    const scroller = canvas.getByRole('region', { name: 'Earnings report' });
    const frame = scroller.parentElement!;
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(frame).toHaveAttribute('data-more-end');
    const name = within(table).getByRole('rowheader', { name: 'Solar Quotes US' });
    const totalsLabel = within(table).getByRole('rowheader', { name: 'Totals' });
    const left = scroller.getBoundingClientRect().left;
    scroller.scrollLeft = scroller.scrollWidth;
    await waitFor(() => expect(frame).not.toHaveAttribute('data-more-end'));
    // The names are still where they were, in view at the scroller's start.
    await expect(scroller.scrollLeft).toBeGreaterThan(0);
    for (const cell of [name, totalsLabel]) await expect(Math.abs(Math.round(cell.getBoundingClientRect().left - left))).toBeLessThanOrEqual(1);
    scroller.scrollLeft = 0;
    await waitFor(() => expect(frame).toHaveAttribute('data-more-end'));
  },
};
