import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { CampaignDetail } from '../../../../src/api/contract/campaignDetail';
import { AccessCard } from '../../../../src/features/campaigns/detail/AccessCard';
import { APPLICATION_MESSAGES } from '../../../../src/shared/campaignApplication';
import { campaignAccessHandlers } from '../../../mocks/campaignAccess';
import { campaignFixture } from '../../../mocks/campaignDetail';
import { affiliateHandlers } from '../../../mocks/shell';
import { trackingLinkHandlers } from '../../../mocks/trackingLink';
import { mocksWith, shows, framed } from '../../../../.storybook/helpers';

/** The access card of the campaign page (spec 000 §4 "Campaign access"), in each status. */
const withStatus = (details: Partial<CampaignDetail['details']>): CampaignDetail => ({ ...campaignFixture, details: { ...campaignFixture.details, ...details } });
const withStoryMocks = mocksWith({
  defaults: () => [affiliateHandlers.loaded(), trackingLinkHandlers.answer(), campaignAccessHandlers.questions(), campaignAccessHandlers.sent()],
});

const meta = {
  title: 'Features/Campaigns/AccessCard',
  component: AccessCard,
  args: { campaign: campaignFixture },
  decorators: [framed({ maxWidth: 480 })],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof AccessCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Approved: the start button opens the link builder (loaded with the button). */
export const Approved: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Get your tracking link' }));
    await expect(await canvas.findByRole('region', { name: 'Tracking link builder' })).toBeVisible();
  },
};

/** Not requested: Request access opens the application. */
export const NotRequested: Story = {
  args: { campaign: withStatus({ affiliate_campaign_status: 'Not requested' }) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Request access' }));
    await within(document.body).findByRole('dialog', { name: /^Request access/ });
  },
};

export const RequestApprovalToRun: Story = {
  args: { campaign: withStatus({ affiliate_campaign_status: 'Request approval to run' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Request approval to run' })).toHaveAttribute('data-variant', 'warning');
  },
};

export const Pending: Story = {
  args: { campaign: withStatus({ affiliate_campaign_status: 'Pending' }) },
  play: async ({ canvasElement }) => {
    await shows(canvasElement, /waiting for review/);
    await expect(within(canvasElement).queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Rejected: Story = {
  args: { campaign: withStatus({ affiliate_campaign_status: 'Rejected' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/was not approved/)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Request access' })).toBeVisible();
  },
};

/** At the by-request limit the §8 message replaces the button. */
export const LimitReached: Story = {
  args: { campaign: withStatus({ affiliate_campaign_status: 'Not requested', request_limit_reached: 'Y' }) },
  play: async ({ canvasElement }) => {
    await shows(canvasElement, APPLICATION_MESSAGES.limitReached);
    await expect(within(canvasElement).queryByRole('button')).not.toBeInTheDocument();
  },
};
