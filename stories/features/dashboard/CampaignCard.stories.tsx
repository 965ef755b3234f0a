import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CampaignCard } from '../../../src/components/campaigns/CampaignCard';
import { cappedCampaigns, statusCampaigns } from '../../mocks/campaigns';
import { campaignsFixture } from '../../mocks/shell';
import { animationsSettled, framed } from '../../../.storybook/helpers';
import { paths } from '../../../src/shared/paths';

/** A grid card of the campaign listing (spec 000 §2). */
const meta = {
  title: 'Features/Dashboard/CampaignCard',
  component: CampaignCard,
  args: { campaign: campaignsFixture[0] },
  decorators: [framed({ width: 200 })],
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

/** A paused campaign says so on its card: its links will not pay. */
export const Paused: Story = {
  args: { campaign: statusCampaigns[0] },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(link).toHaveTextContent(/Paused\s*links will not pay/);
    await expect(link).not.toHaveTextContent('Expires on');
  },
};

/** A campaign with an expiry date shows its last day; one paused as well shows both. */
export const Expiring: Story = {
  args: { campaign: statusCampaigns[2] },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(link).toHaveTextContent('Expires on December 20, 2026');
    await expect(link).toHaveTextContent('Paused');
  },
};

/** An active campaign without an expiry date shows neither. */
export const Running: Story = {
  args: { campaign: statusCampaigns[3] },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(link).not.toHaveTextContent('Paused');
    await expect(link).not.toHaveTextContent('Expires on');
  },
};

/** A campaign whose daily cap is reached for today says so: its links will not pay today. */
export const CapReached: Story = {
  args: { campaign: cappedCampaigns[0] },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(link).toHaveTextContent(/Cap reached\s*links will not pay today/);
    await expect(link).not.toHaveTextContent('Paused');
  },
};

/** Capped and expiring: both notices, side by side. */
export const CapReachedAndExpiring: Story = {
  args: { campaign: cappedCampaigns[1] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveTextContent(/Cap reached\s*links will not pay today.*Expires on March 31, 2027/);
  },
};
