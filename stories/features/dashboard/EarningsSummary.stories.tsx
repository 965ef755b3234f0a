import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { EarningsSummary } from '../../../src/features/dashboard/EarningsSummary';
import { statsFixture } from '../../mocks/dashboard';
import { portalFrame } from '../shell/storyUtils';

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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = canvas.getAllByRole('term').map((t) => t.textContent);
    const values = canvas.getAllByRole('definition').map((d) => d.textContent);
    await expect(terms).toEqual(['Today', 'Yesterday', 'This Month', 'This Year']);
    await expect(values).toEqual(['$182.50', '$240.00', '$5,230.75', '$48,210.40']);
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
