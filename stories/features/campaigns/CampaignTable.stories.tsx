import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CampaignTable, type CampaignTableProps } from '../../../src/features/campaigns/CampaignTable';
import type { SortDescriptor } from '../../../src/ui/Table';
import { cappedCampaigns, longNameCampaigns, statusCampaigns, trafficCampaigns } from '../../mocks/campaigns';
import { campaignsFixture } from '../../mocks/shell';
import { screen, framed } from '../../../.storybook/helpers';

/** The listing's list view and the search results (spec 000 §2): ID, thumbnail, name, CPA type and rate, EPC, traffic. */
const meta = {
  title: 'Features/Campaigns/CampaignTable',
  component: CampaignTable,
  args: { campaigns: campaignsFixture.slice(0, 6), 'aria-label': 'Campaigns' },
} satisfies Meta<typeof CampaignTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Campaigns' });
    await expect(within(table).getAllByRole('row')).toHaveLength(7);
    // Not sortable without onSortChange.
    await expect(within(table).queryByRole('button')).toBeNull();
    // EPC 0 or less reads 'New' (spec 000 §9); a revshare rate is a percentage.
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('New');
    await expect(within(table).getAllByRole('row')[4]).toHaveTextContent('23%');
  },
};

/** Paused and expiring campaigns say so under their name; one that simply runs says nothing more. */
export const PausedAndExpiring: Story = {
  args: { campaigns: statusCampaigns },
  play: async ({ canvasElement }) => {
    const rows = within(within(canvasElement).getByRole('table', { name: 'Campaigns' })).getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent(/Paused\s*links will not pay/);
    await expect(rows[0]).not.toHaveTextContent('Expires on');
    await expect(rows[1]).toHaveTextContent('Expires on March 31, 2027');
    await expect(rows[1]).not.toHaveTextContent('Paused');
    await expect(rows[2]).toHaveTextContent(/Paused.*Expires on December 20, 2026/);
    await expect(rows[3]).not.toHaveTextContent(/Paused|Expires on/);
  },
};

/** Campaigns whose daily cap is reached for today say so under their name, beside 'Paused' and the expiry. */
export const CapReached: Story = {
  args: { campaigns: cappedCampaigns },
  play: async ({ canvasElement }) => {
    const rows = within(within(canvasElement).getByRole('table', { name: 'Campaigns' })).getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent(/Cap reached\s*links will not pay today/);
    await expect(rows[0]).not.toHaveTextContent(/Paused|Expires on/);
    await expect(rows[1]).toHaveTextContent(/Cap reached.*Expires on March 31, 2027/);
    await expect(rows[2]).toHaveTextContent(/Paused\s*links will not pay.*Cap reached\s*links will not pay today/);
    await expect(rows[3]).not.toHaveTextContent(/Cap reached|Paused|Expires on/);
  },
};

const sortSpy = fn();
function SortableTable(props: CampaignTableProps) {
  const [sort, setSort] = useState<SortDescriptor | undefined>({ column: 'id', direction: 'descending' });
  return (
    <CampaignTable
      {...props}
      sortDescriptor={sort}
      onSortChange={(d) => {
        sortSpy(d);
        setSort(d);
      }}
    />
  );
}

/** Sortable on ID, Name, Rate and EPC: direction chevrons and aria-sort; the caller sorts (the server does). */
export const Sortable: Story = {
  render: (args) => <SortableTable {...args} />,
  play: async ({ canvasElement }) => {
    sortSpy.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button').map((b) => b.textContent)).toEqual(['ID', 'Campaign Name', 'CPA Rate', 'EPC']);
    await expect(canvas.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(canvas.getByRole('button', { name: 'ID' }));
    await expect(sortSpy).toHaveBeenLastCalledWith({ column: 'id', direction: 'ascending' });
    await expect(canvas.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(canvas.getByRole('button', { name: 'Campaign Name' }));
    await expect(sortSpy).toHaveBeenLastCalledWith({ column: 'name', direction: 'ascending' });
    await userEvent.click(canvas.getByRole('button', { name: 'EPC' }));
    await expect(sortSpy).toHaveBeenLastCalledWith({ column: 'epc', direction: 'descending' });
    await expect(canvas.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'none');
  },
};

export const Loading: Story = {
  args: { campaigns: [], isLoading: true, loadingRowCount: 6 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-loading-row]')).toHaveLength(6);
  },
};

export const Empty: Story = {
  args: { campaigns: [], emptyText: 'There are no campaigns that match your search criteria.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('There are no campaigns that match your search criteria.')).toBeVisible();
  },
};

export const LongNames: Story = {
  args: { campaigns: longNameCampaigns },
};

/** Every traffic type allowed, and none ('None'). */
export const TrafficTypes: Story = {
  args: { campaigns: trafficCampaigns },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    await expect(within(rows[1]).getAllByRole('img')).toHaveLength(9);
    await expect(rows[2]).toHaveTextContent('None');
  },
};

/**
 * The main column of a 1280 px window (between the two sidebars, about 712 px): the whole table fits,
 * every traffic icon of a campaign allowing all nine inside the box, no sideways scroller.
 */
export const FitsAt1280: Story = {
  args: { campaigns: [...trafficCampaigns, ...longNameCampaigns] },
  decorators: [framed({ width: 712 })],
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Campaigns' });
    const box = table.parentElement!;
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    const right = box.getBoundingClientRect().right;
    const icons = within(within(table).getAllByRole('row')[1]).getAllByRole('img');
    await expect(icons).toHaveLength(9);
    for (const icon of icons) await expect(icon.getBoundingClientRect().right).toBeLessThanOrEqual(right);
  },
};

/** Keyboard focus on a thumbnail shows its larger picture, as hovering does. */
export const ThumbnailPreview: Story = {
  parameters: { visual: { skip: 'the preview is a tooltip that leaves before the screenshot' } },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link', { name: 'Preview of NovaLend Personal Loans' })).toHaveFocus();
    const tip = await screen().findByRole('tooltip');
    await waitFor(() => expect(tip).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('tooltip')).toBeNull());
  },
};
