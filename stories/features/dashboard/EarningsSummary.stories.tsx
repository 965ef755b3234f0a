import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { EarningsSummary } from '../../../src/features/dashboard/EarningsSummary';
import { statsFixture } from '../../mocks/dashboard';
import { portalFrame } from '../../../.storybook/helpers';

/** Spec 000 §2: today, yesterday, this month, this year, with two decimals. */
const meta = {
  title: 'Features/Dashboard/EarningsSummary',
  component: EarningsSummary,
  args: { stats: statsFixture },
  decorators: [portalFrame()],
} satisfies Meta<typeof EarningsSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    const terms = canvas.getAllByRole('term').map((t) => t.textContent);
    const values = canvas.getAllByRole('definition').map((d) => d.textContent);
    await expect(terms).toEqual(['Today', 'Yesterday', 'This Month', 'This Year']);
    await expect(values).toEqual(['$182.50', '$240.00', '$5,230.75', '$48,210.40']);
  },
};

/** With today known (the affiliate's day), each figure's label opens the earnings report of its days. */
export const LinksToReports: Story = {
  args: { today: '2026-01-01' },
  play: async ({ canvas }) => {
    const href = (name: RegExp) => canvas.getByRole('link', { name }).getAttribute('href');
    await expect(href(/^Today earnings report$/)).toBe('/reports/earnings?startDate=2026-01-01&endDate=2026-01-01');
    // Yesterday of 1 January is last year's 31 December.
    await expect(href(/^Yesterday/)).toBe('/reports/earnings?startDate=2025-12-31&endDate=2025-12-31');
    await expect(href(/^This Month/)).toBe('/reports/earnings?startDate=2026-01-01&endDate=2026-01-01');
    await expect(href(/^This Year/)).toBe('/reports/earnings?startDate=2026-01-01&endDate=2026-01-01');
  },
};

export const Zero: Story = {
  args: { stats: { success: true, earnings_today: 0, earnings_yesterday: 0, this_month: 0, this_year: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('$0.00')).toHaveLength(4);
  },
};

export const Loading: Story = { args: { stats: undefined, isLoading: true } };

export const Error: Story = {
  args: { stats: undefined, errorMessage: 'Statistics are being recalculated. Please try again in a few minutes.' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('alert')).toBeVisible());
  },
};

export const Mobile: Story = { decorators: [portalFrame(375)] };
