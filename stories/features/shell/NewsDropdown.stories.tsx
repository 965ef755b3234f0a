import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { NewsDropdown } from '../../../src/features/shell/NewsDropdown';
import { newsFixture } from '../../mocks/shell';
import { screen, framed } from '../../../.storybook/helpers';

/** Spec 000 §4: the news bell and its dropdown. */
const meta = {
  title: 'Features/Shell/NewsDropdown',
  component: NewsDropdown,
  args: { items: newsFixture },
  decorators: [framed({ display: 'flex', justifyContent: 'flex-end', minHeight: 420 })],
} satisfies Meta<typeof NewsDropdown>;

export default meta;
type Story = StoryObj<typeof meta>;

const open = async (root: HTMLElement, name: RegExp = /News/) => {
  await userEvent.click(within(root).getByRole('button', { name }));
  return screen().findByRole('dialog', { name: 'News' });
};

export const Items: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement, /News, 3 unread/);
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(dialog).getByText('2026/11/20')).toHaveAttribute('datetime', '2026-11-20');
    await expect(within(dialog).getByText('Alert')).toBeVisible();
    await expect(dialog.querySelector('script')).toBeNull();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(within(dialog).getByText('There is no news right now.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { items: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await open(canvasElement);
  },
};

/** errors.message in place of the items; the bell shows no count. */
export const Error: Story = {
  args: { errorMessage: 'News is not available right now.' },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement, /^News$/);
    await expect(within(dialog).getByText('News is not available right now.')).toBeVisible();
    await expect(within(dialog).queryByRole('listitem')).toBeNull();
  },
};

/** Closed: the bell with its item count. */
export const Closed: Story = {};
