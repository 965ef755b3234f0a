import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { CampaignGrid } from '../../../src/components/campaigns/CampaignGrid';
import { campaignsFixture } from '../../mocks/shell';
import { animationsSettled, framed } from '../../../.storybook/helpers';

/** The listing's grid (spec 000 §2, §9): cards, 12 placeholders while loading, empty text, error. */
const meta = {
  title: 'Features/Dashboard/CampaignGrid',
  component: CampaignGrid,
  args: { campaigns: campaignsFixture.slice(0, 6) },
} satisfies Meta<typeof CampaignGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const thumbnails = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('img')];

/** Cards further down a screen: every thumbnail loads lazily, once laid out near the view. */
export const SixCards: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(6);
    for (const img of thumbnails(canvasElement)) await expect(img).toHaveAttribute('loading', 'lazy');
    await animationsSettled();
  },
};

/**
 * The grid that opens its screen (the dashboard's Popular row, a browse tab): a phone's first row of
 * thumbnails loads at once, the first with high priority (it is the screen's largest paint); the rest lazily.
 */
export const OpensTheScreen: Story = {
  args: { aboveTheFold: true },
  play: async ({ canvasElement }) => {
    const [first, second, ...rest] = thumbnails(canvasElement);
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(second).toHaveAttribute('loading', 'eager');
    await expect(second).not.toHaveAttribute('fetchpriority');
    for (const img of rest) await expect(img).toHaveAttribute('loading', 'lazy');
    await animationsSettled();
  },
};

export const Loading: Story = {
  args: { campaigns: undefined, isLoading: true, loadingLabel: 'Loading Popular campaigns' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-skeleton-card]')).toHaveLength(12);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading Popular campaigns');
  },
};

export const Empty: Story = {
  args: { campaigns: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No campaigns found for this category.')).toBeVisible();
  },
};

export const Error: Story = {
  args: { campaigns: undefined, errorMessage: 'There was an error fetching the data. Please try again.' },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await waitFor(() => expect(alert).toBeVisible());
    await expect(alert).toHaveTextContent('There was an error fetching the data. Please try again.');
  },
};

/** 375 px: two columns. */
export const Mobile: Story = {
  decorators: [framed({ width: 343 })],
  play: async () => animationsSettled(),
};
