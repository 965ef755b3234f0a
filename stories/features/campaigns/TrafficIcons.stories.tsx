import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TrafficIcons, TrafficLegend } from '../../../src/features/campaigns/TrafficIcons';
import { trafficCampaigns } from '../../mocks/campaigns';
import { campaignsFixture } from '../../mocks/shell';

/** The traffic icons of the list view and their legend (spec 000 §9). */
const meta = {
  title: 'Features/Campaigns/TrafficIcons',
  component: TrafficIcons,
  args: { campaign: campaignsFixture[1] },
} satisfies Meta<typeof TrafficIcons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomeTypes: Story = {
  play: async ({ canvasElement }) => {
    const names = within(canvasElement).getAllByRole('img').map((i) => i.getAttribute('aria-label'));
    await expect(names).toEqual(['Email', 'Contextual', 'Mobile', 'Native', 'Display', 'Social']);
  },
};

export const AllTypes: Story = {
  args: { campaign: trafficCampaigns[0] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('img')).toHaveLength(9);
  },
};

export const NoType: Story = {
  args: { campaign: trafficCampaigns[1] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('None');
  },
};

export const Legend: Story = {
  render: () => <TrafficLegend />,
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem').map((i) => i.textContent);
    await expect(items).toEqual(['Incentive', 'Email', 'Contextual', 'Mobile', 'Native', 'Search', 'Display', 'Social', 'Brand Bidding']);
  },
};
