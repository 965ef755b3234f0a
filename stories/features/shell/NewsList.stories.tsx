import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NewsList } from '../../../src/features/shell/NewsList';
import { newsFixture } from '../../mocks/shell';
import { framed } from '../../../.storybook/helpers';

/** The news dropdown's content on its own (spec 000 §4): a chunk loaded when the bell is reached. */
const meta = {
  title: 'Features/Shell/NewsList',
  component: NewsList,
  args: { items: newsFixture },
  decorators: [framed({ maxWidth: 360 })],
} satisfies Meta<typeof NewsList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Items with their type and YYYY/MM/DD date; the HTML sanitised. */
export const Items: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('listitem')).toHaveLength(newsFixture.length);
    await expect(canvasElement.querySelector('script')).toBeNull();
  },
};

export const Loading: Story = { args: { items: undefined, isLoading: true } };

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('There is no news right now.')).toBeVisible();
  },
};

/** The call failed: its errors.message in place of the items. */
export const Failed: Story = {
  args: { items: undefined, errorMessage: 'The news could not be loaded.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The news could not be loaded.')).toBeVisible();
  },
};
