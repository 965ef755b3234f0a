import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalShell } from '../../../src/features/shell/PortalShell';
import { affiliateFixture, affiliateHandlers, campaignHandlers, campaignsFixture, newsHandlers } from '../../mocks/shell';
import { animationsSettled, mobileFrame, screen } from '../../../.storybook/helpers';
import { LoadingScreen } from '../../../src/features/auth/LoadingScreen';
import { paths } from '../../../src/shared/paths';
import { storageKeys } from '../../../src/lib/storageKeys';
import { calls, portalShellMeta, probe, withHandlers, pageHeadingFocused, type Story } from './portalShellStory';

/** The shell's layout, sidebars, news, menus and manager; the set-up is in portalShellStory.tsx. */
const meta = { title: 'Features/Shell/PortalShell', ...portalShellMeta, parameters: { layout: 'fullscreen', router: { initialEntries: [paths.dashboard] } } } satisfies Meta<typeof PortalShell>;
export default meta;

/** Desktop: top bar, left sidebar with the manager, right sidebar lists, footer. */
export const Desktop: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Publisher Portal dashboard' })).toHaveAttribute('href', paths.dashboard);
    await expect(canvas.getByPlaceholderText('Search campaigns by name or #ID')).toBeVisible();
    // MaxMoney with two decimals.
    await expect(await canvas.findByText('MaxMoney 1,234.50')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Your affiliate manager/ })).toHaveTextContent('Avery Manager');
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    const labels = within(nav).getAllByRole('link').map((a) => a.textContent?.replace('(opens in a new tab)', '').trim());
    await expect(labels).toEqual(['Dashboard', 'Reports', 'Browse', 'Search', 'Referral Program', 'MaxMoney', 'Resources', 'Blog', 'FAQ']);
    await expect(within(nav).getByRole('link', { name: /Blog/ })).toHaveAttribute('href', 'https://blog.example.com/');
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(await canvas.findByRole('group', { name: 'Recently Approved' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: "Avery's Picks" })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Suggested For You' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Publisher Portal · Site ID 1');
    // The bottom bar is for mobile only.
    await expect(canvas.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  },
};

/** 375 px: no sidebar, no balance; the bottom bar carries navigation, news and account. */
export const Mobile: Story = {
  decorators: [mobileFrame],
  play: async ({ canvas, canvasElement }) => {
    const bar = canvas.getByRole('navigation', { name: 'Mobile' });
    await expect(bar).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await waitFor(() => expect(canvas.getByText('MaxMoney 1,234.50')).not.toBeVisible());
    await userEvent.click(within(bar).getByRole('button', { name: 'Menu' }));
    const menu = await screen().findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Reports' }));
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /reports'));
    await waitFor(() => expect(calls.usage).toHaveBeenCalledWith(expect.objectContaining({ platform: 'mobile', reference_name: 'Reports', userID: '1001' })));
    await userEvent.click(within(bar).getByRole('button', { name: /News/ }));
    await expect(await screen().findByRole('dialog', { name: 'News' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(bar).getByRole('button', { name: 'Account' }));
    // The menu fades in: visible once its entry animation has started.
    const balances = await screen().findByRole('menuitem', { name: 'Account Balances' });
    await waitFor(() => expect(balances).toBeVisible());
    await userEvent.keyboard('{Escape}');
    // The suggestions leave before the screenshot (their exit must not race it).
    await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
    // The menu has closed and focus is back on the Account button.
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Account' })).toHaveFocus());
  },
};

/**
 * 375 px while the screen loads (its spinner marked data-screen-loading, as SignedInRoutes' fallback):
 * the sidebar lists and the footer wait for the screen, and the bottom bar sits at the window's foot,
 * not right under the spinner (where it would jump down when the screen arrives).
 */
export const MobileScreenLoading: Story = {
  decorators: [mobileFrame],
  args: {
    children: (
      <div data-screen-loading="">
        <LoadingScreen />
      </div>
    ),
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('navigation', { name: 'Mobile' });
    await expect(bar).toBeVisible();
    await expect(canvas.queryByRole('contentinfo')).toBeNull();
    await expect(canvas.queryByRole('complementary', { name: 'Campaign lists' })).toBeNull();
    await waitFor(() => expect(Math.round(bar.getBoundingClientRect().bottom)).toBe(window.innerHeight));
  },
};

/** Spec 000 §2: each right-sidebar list is hidden when empty (and when its call fails). */
export const EmptySidebarLists: Story = {
  beforeEach: withHandlers(campaignHandlers.lists({ recentlyapproved: [], ampicks: 'failure', suggested: campaignsFixture.slice(0, 2) })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('group', { name: 'Suggested For You' })).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Recently Approved' })).toBeNull());
    await waitFor(() => expect(canvas.queryByRole('group', { name: "Avery's Picks" })).toBeNull());
  },
};

/** Sidebars ask for page 0, limit 5 (spec 000 §9). */
export const SidebarListRequests: Story = {
  beforeEach: withHandlers(campaignHandlers.lists(undefined, { onRequest: ({ url }) => calls.campaigns(url.pathname.split('/').pop(), url.search) })),
  play: async () => {
    await waitFor(() => expect(calls.campaigns).toHaveBeenCalledTimes(3));
    await expect(calls.campaigns).toHaveBeenCalledWith('recentlyapproved', '?page=0&limit=5');
    await expect(calls.campaigns).toHaveBeenCalledWith('ampicks', '?page=0&limit=5');
    await expect(calls.campaigns).toHaveBeenCalledWith('suggested', '?page=0&limit=5');
  },
};

/** Spec 000 §4: news items with YYYY/MM/DD dates; the HTML is cleaned (no script survives). */
export const NewsOpen: Story = {
  play: async ({ canvasElement }) => {
    const bell = await within(canvasElement).findByRole('button', { name: 'News, 3 unread' });
    await userEvent.click(bell);
    const dialog = await screen().findByRole('dialog', { name: 'News' });
    await expect(within(dialog).getByText('2026/11/20')).toBeVisible();
    await expect(within(dialog).getByText('2026/11/02')).toBeVisible();
    await expect(within(dialog).getByText('Twelve new finance campaigns are live.')).toBeVisible();
    await expect(dialog.querySelector('script')).toBeNull();
    await expect(within(dialog).getByRole('link', { name: 'December 1' })).toHaveAttribute('href', paths.settings);
  },
};

/** The bell counts unread news only, and opening it reads them (remembered on the device). */
export const NewsUnreadClears: Story = {
  beforeEach: withHandlers(),
  play: async ({ canvasElement }) => {
    // The newest item (31) is the only one not seen yet.
    localStorage.setItem(storageKeys.newsSeen, '30');
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.newsSeen }));
    const bell = await within(canvasElement).findByRole('button', { name: 'News, 1 unread' });
    await userEvent.click(bell);
    await screen().findByRole('dialog', { name: 'News' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('button', { name: 'News' })).toBeVisible();
    await expect(localStorage.getItem(storageKeys.newsSeen)).toBe('31');
  },
};

/** A route change moves focus to the new page's heading and names the tab after it. */
export const RouteChangeFocusesHeading: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /reports'));
    await pageHeadingFocused(canvasElement);
  },
};

/** Spec 000 §4: errors.message in place of the items. */
export const NewsError: Story = {
  beforeEach: withHandlers(newsHandlers.failure('News is not available right now.')),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'News' }));
    const dialog = await screen().findByRole('dialog', { name: 'News' });
    await expect(await within(dialog).findByText('News is not available right now.')).toBeVisible();
    await expect(within(dialog).queryByRole('list')).toBeNull();
    // Opened again, the error is still there (the popover is placed for its final content, so the
    // screenshot does not depend on how fast the failure came back).
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog', { name: 'News' })).toBeNull());
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'News' }));
    const again = await screen().findByRole('dialog', { name: 'News' });
    await expect(within(again).getByText('News is not available right now.')).toBeVisible();
  },
};

/** The account menu's Logout reaches the shell's onLogout (its items are checked in AccountMenu's stories). */
export const AccountMenuLogout: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Account: Jordan Demo' }));
    await userEvent.click(within(await screen().findByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const AccountMenuSettings: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Account: Jordan Demo' }));
    await userEvent.click(await screen().findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /settings'));
  },
};

/** Spec 000 §2: the manager button opens the contact modal. */
export const ManagerModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: /Your affiliate manager/ }));
    const dialog = await screen().findByRole('dialog', { name: 'Your affiliate manager' });
    await waitFor(() => expect(within(dialog).getByText('Avery Manager')).toBeVisible());
    await expect(within(dialog).getByRole('link', { name: '+1 416 555 0199' })).toHaveAttribute('href', 'tel:+14165550199');
    await expect(within(dialog).getByRole('link', { name: 'avery@example.com' })).toHaveAttribute('href', 'mailto:avery@example.com');
    await expect(within(dialog).getByText('@avery_am')).toBeVisible();
    await expect(within(dialog).getByRole('img', { name: 'QR code to message Avery Manager on Telegram' })).toBeVisible();
    await animationsSettled();
  },
};

/** Below 768 px the sidebar's manager card is hidden: the bottom bar's menu opens the same modal. */
export const ManagerModalMobile: Story = {
  decorators: [mobileFrame],
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('navigation', { name: 'Mobile' });
    await expect(within(canvasElement).queryByRole('button', { name: /Your affiliate manager/ })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Menu' }));
    const menu = await screen().findByRole('menu');
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Contact Avery Manager, your affiliate manager' }));
    const dialog = await screen().findByRole('dialog', { name: 'Your affiliate manager' });
    await waitFor(() => expect(within(dialog).getByText('Avery Manager')).toBeVisible());
    await expect(within(dialog).getByRole('link', { name: 'avery@example.com' })).toHaveAttribute('href', 'mailto:avery@example.com');
    await animationsSettled();
    await expect(calls.usage).not.toHaveBeenCalled();
  },
};

/** A long e-mail wraps before its '@' or a dot, never inside a word. */
const longEmail = 'rachel.kimberley.longname@networkpartnersworld.example';

export const ManagerModalLongEmail: Story = {
  decorators: [mobileFrame],
  beforeEach: withHandlers(affiliateHandlers.loaded({ ...affiliateFixture, affiliate_manager: { ...affiliateFixture.affiliate_manager, email: longEmail } })),
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('navigation', { name: 'Mobile' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Menu' }));
    await userEvent.click(await within(await screen().findByRole('menu')).findByRole('menuitem', { name: /your affiliate manager/ }));
    const dialog = await screen().findByRole('dialog', { name: 'Your affiliate manager' });
    const link = within(dialog).getByRole('link', { name: longEmail });
    await waitFor(() => expect(link).toBeVisible());
    await animationsSettled();
    const linesOf = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    };
    // It does wrap at 375 px, and every piece between the break points sits on one line.
    await expect(linesOf(link)).toBeGreaterThan(1);
    for (const node of Array.from(link.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE)) await expect(linesOf(node)).toBe(1);
  },
};

/** Spec 000 §2, §7: every menu link fires the usage-tracking GET. */
export const MenuLinkTracking: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await within(canvasElement).findByText('MaxMoney 1,234.50');
    await userEvent.click(within(nav).getByRole('link', { name: 'MaxMoney' }));
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /maxmoney'));
    await waitFor(() => expect(calls.usage).toHaveBeenCalledTimes(1));
    await expect(calls.usage).toHaveBeenCalledWith({
      source: 'portal',
      platform: 'desktop',
      page: paths.dashboard,
      userID: '1001',
      element_type: 'menu_link',
      reference_type: 'page',
      reference_id: 'maxmoney',
      reference_name: 'MaxMoney',
    });
    await expect(within(nav).getByRole('link', { name: 'MaxMoney' })).toHaveAttribute('aria-current', 'page');
  },
};
