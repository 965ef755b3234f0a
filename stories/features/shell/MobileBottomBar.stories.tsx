import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AccountMenu } from '../../../src/features/shell/AccountMenu';
import { MobileBottomBar } from '../../../src/features/shell/MobileBottomBar';
import { navLinks } from '../../../src/features/shell/navigation';
import { NewsDropdown } from '../../../src/features/shell/NewsDropdown';
import { newsFixture } from '../../mocks/shell';
import { portalFrame, RouteProbe, screen } from '../../../.storybook/helpers';

/** Spec 000 §2: the mobile bottom bar with navigation, news and account menus (375 px). */
const meta = {
  title: 'Features/Shell/MobileBottomBar',
  component: MobileBottomBar,
  args: {
    links: navLinks('https://blog.example.com/'),
    onLinkPress: fn(),
    news: (trigger) => <NewsDropdown items={newsFixture} trigger={trigger} placement="top" />,
    account: (trigger) => <AccountMenu onLogout={fn()} trigger={trigger} placement="top" />,
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 560, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}>
        <RouteProbe />
        <Story />
      </div>
    ),
    portalFrame(375),
  ],
} satisfies Meta<typeof MobileBottomBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('navigation', { name: 'Mobile' });
    await expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Menu', 'News (3)', 'Account']);
  },
};

export const NavigationMenu: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu' }));
    const menu = await screen().findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(9);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Resources' }));
    await waitFor(() => expect(within(canvasElement).getByTestId('route-probe')).toHaveTextContent('Route: /resources'));
    await expect(args.onLinkPress).toHaveBeenCalledWith(expect.objectContaining({ id: 'resources' }));
  },
};

export const NewsMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'News, 3 unread' }));
    await expect(await screen().findByRole('dialog', { name: 'News' })).toBeVisible();
  },
};
