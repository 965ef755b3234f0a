import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CampaignSideList } from '../../../src/features/shell/CampaignSideList';
import { campaignsFixture } from '../../mocks/shell';
import { paths } from '../../../src/shared/paths';
import { framed } from '../../../.storybook/helpers';

/** One list of the right sidebar (spec 000 §2): hidden when empty. */
const meta = {
  title: 'Features/Shell/CampaignSideList',
  component: CampaignSideList,
  args: { title: 'Recently Approved', campaigns: campaignsFixture.slice(0, 5) },
  decorators: [framed({ width: 260 })],
} satisfies Meta<typeof CampaignSideList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('group', { name: 'Recently Approved' });
    await expect(within(region).getAllByRole('link')).toHaveLength(5);
    await expect(within(region).getByRole('link', { name: /NovaLend Personal Loans/ })).toHaveAttribute('href', paths.campaign(1201));
  },
};

export const Loading: Story = { args: { campaigns: undefined, isLoading: true } };

export const Empty: Story = {
  args: { campaigns: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[role=group]')).toBeNull();
  },
};
