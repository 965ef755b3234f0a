import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AccountMenu } from '../../../src/features/shell/AccountMenu';
import { NewsDropdown } from '../../../src/features/shell/NewsDropdown';
import { QuickSearch } from '../../../src/features/shell/QuickSearch';
import { TopBar } from '../../../src/features/shell/TopBar';
import { newsFixture, quickSearchHandlers } from '../../mocks/shell';
import { portalFrame } from '../../../.storybook/helpers';

/** Spec 000 §2: the fixed top bar. */
const meta = {
  title: 'Features/Shell/TopBar',
  component: TopBar,
  args: {
    productName: 'Publisher Portal',
    maxMoney: 1234.5,
    search: <QuickSearch />,
    news: <NewsDropdown items={newsFixture} />,
    account: <AccountMenu name="Jordan Demo" onLogout={fn()} />,
  },
  parameters: { layout: 'fullscreen' },
  decorators: [portalFrame()],
  beforeEach({ msw }) {
    msw.use(quickSearchHandlers.matches());
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** MaxMoney with two decimals on desktop. */
export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('MaxMoney 1,234.50')).toBeVisible();
  },
};

export const ZeroBalance: Story = {
  args: { maxMoney: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('MaxMoney 0.00')).toBeVisible();
  },
};

/** 375 px: the logo mark and the search only; news and account move to the bottom bar. */
export const Mobile: Story = {
  decorators: [portalFrame(375)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('MaxMoney 1,234.50')).not.toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: /Account/ })).toBeNull();
  },
};
