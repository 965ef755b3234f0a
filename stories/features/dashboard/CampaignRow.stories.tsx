import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { CampaignRow } from '../../../src/features/dashboard/CampaignRow';
import { campaignHandlers, campaignsFixture } from '../../mocks/shell';
import { animationsSettled } from '../../../.storybook/helpers';
import { paths } from '../../../src/shared/paths';

/** One dashboard row (spec 000 §2, §9): a title, 6 cards from page 0, See More where the spec has one. */
const meta = {
  title: 'Features/Dashboard/CampaignRow',
  component: CampaignRow,
  args: { title: 'New', list: 'new', seeMoreHref: paths.browse('new') },
} satisfies Meta<typeof CampaignRow>;

export default meta;
type Story = StoryObj<typeof meta>;

const answering =
  (answer: Parameters<typeof campaignHandlers.lists>[0]) =>
  ({ msw }: StoryContext) => {
    msw.use(campaignHandlers.lists(answer));
  };

export const WithSeeMore: Story = {
  beforeEach: answering({ new: campaignsFixture.slice(0, 8) }),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('region', { name: 'New' });
    // 6 cards even when the list has more, and the See More link to the browse tab.
    await waitFor(() => expect(within(row).getAllByRole('link')).toHaveLength(7));
    await expect(within(row).getByRole('link', { name: 'See More New' })).toHaveAttribute('href', paths.browse('new'));
    await animationsSettled();
  },
};

export const PopularWithoutSeeMore: Story = {
  args: { title: 'Popular', list: 'popular', seeMoreHref: undefined },
  beforeEach: answering({ popular: campaignsFixture.slice(0, 6) }),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('region', { name: 'Popular' });
    await waitFor(() => expect(within(row).getAllByRole('link')).toHaveLength(6));
    await expect(within(row).queryByRole('link', { name: /See More/ })).toBeNull();
    await animationsSettled();
  },
};

export const Loading: Story = {
  beforeEach: answering({ new: 'pending' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading New campaigns');
  },
};

export const Failed: Story = {
  beforeEach: answering({ new: 'failure' }),
  play: async ({ canvasElement }) => {
    // The server's errors.message, in place of the cards (spec 000 §8).
    const message = await within(canvasElement).findByText('The campaign lists are being updated. Please try again in a minute.');
    await waitFor(() => expect(message).toBeVisible());
    await animationsSettled();
    await expect(within(canvasElement).queryAllByRole('link', { name: /See More/ })).toHaveLength(1);
  },
};
