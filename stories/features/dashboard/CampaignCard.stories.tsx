import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CampaignCard } from '../../../src/components/campaigns/CampaignCard';
import { campaignsFixture } from '../../mocks/shell';
import { animationsSettled } from '../shell/storyUtils';
import { paths } from '../../../src/shared/paths';

/** A grid card of the campaign listing (spec 000 §2). */
const meta = {
  title: 'Features/Dashboard/CampaignCard',
  component: CampaignCard,
  args: { campaign: campaignsFixture[0] },
  decorators: [(Story) => <div style={{ width: 200 }}><Story /></div>],
} satisfies Meta<typeof CampaignCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PerLead: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /NovaLend Personal Loans/ });
    await expect(link).toHaveAttribute('href', paths.campaign(1201));
    await expect(link).toHaveTextContent('$8.00 per lead');
    await expect(link).not.toHaveAttribute('data-highlight');
  },
};

/** highlight Y: highlighted and fading in. */
export const Highlighted: Story = {
  args: { campaign: campaignsFixture[1] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAttribute('data-highlight', 'true');
    await animationsSettled();
  },
};

export const ShareOfSale: Story = {
  args: { campaign: campaignsFixture[3] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveTextContent('23% of sale');
  },
};

export const LongName: Story = {
  args: { campaign: { ...campaignsFixture[0], name: 'NovaLend Personal Loans - Approved Application Only (US, CA, UK) - Desktop and Mobile' } },
};
