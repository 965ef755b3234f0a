import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { useEffect } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { onUnauthorized } from '../../../src/api/baseApi';
import { PortalShell } from '../../../src/features/shell/PortalShell';
import {
  affiliateFixture,
  affiliateHandlers,
  campaignHandlers,
  campaignsFixture,
  newsHandlers,
  notificationHandlers,
  notificationsFixture,
  quickSearchHandlers,
  shellHandlers,
  usageHandlers,
} from '../../mocks/shell';
import { animationsSettled, fasterTimers, forgetDanglingAnnouncements, mobileFrame, RouteProbe, screen, shellArgs, wait } from './storyUtils';
import { NOTIFICATION_POP_DELAY_MS } from '../../../src/features/shell/Notifications';
import { LoadingScreen } from '../../../src/features/auth/LoadingScreen';
import { paths } from '../../../src/shared/paths';
import { storageKeys } from '../../../src/lib/storageKeys';

/**
 * The signed-in shell of spec 000 §2 with every call answered by MSW (stories/mocks/shell.ts). The
 * page inside is a route probe showing where the router is.
 */
const calls = { search: fn(), usage: fn(), dismiss: fn(), campaigns: fn(), unauthorized: fn(), affiliate: fn() };

/** When each quick search request arrived (performance.now()). */
const searchTimes: number[] = [];

function withHandlers(...overrides: AnyHandler[]) {
  return <A,>({ msw }: StoryContext<A>) => {
    forgetDanglingAnnouncements();
    Object.values(calls).forEach((c) => c.mockClear());
    searchTimes.length = 0;
    msw.use(
      ...overrides,
      quickSearchHandlers.matches({
        onRequest: ({ url }) => {
          searchTimes.push(performance.now());
          calls.search(url.searchParams.get('q'));
        },
      }),
      usageHandlers.recorded({ onRequest: ({ url }) => calls.usage(Object.fromEntries(url.searchParams)) }),
      notificationHandlers.dismiss({ onRequest: ({ body }) => calls.dismiss(body) }),
      ...shellHandlers(),
    );
  };
}

/** Stands in for the session layer: records what a 401 would do (log out). */
function UnauthorizedSpy() {
  useEffect(() => onUnauthorized(calls.unauthorized), []);
  return null;
}

const meta = {
  title: 'Features/Shell/PortalShell',
  component: PortalShell,
  args: {
    ...shellArgs(300),
    children: (
      <>
        <UnauthorizedSpy />
        <h1 style={{ margin: 0 }}>Page</h1>
        <RouteProbe />
      </>
    ),
  },
  parameters: { layout: 'fullscreen', router: { initialEntries: [paths.dashboard] } },
  beforeEach: withHandlers(),
} satisfies Meta<typeof PortalShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const probe = (root: HTMLElement) => within(root).getByTestId('route-probe');

/** Desktop: top bar, left sidebar with the manager, right sidebar lists, footer. */
export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('navigation', { name: 'Mobile' });
    await expect(bar).toBeVisible();
    await expect(canvas.queryByRole('contentinfo')).toBeNull();
    await expect(canvas.queryByRole('complementary', { name: 'Campaign lists' })).toBeNull();
    await waitFor(() => expect(Math.round(bar.getBoundingClientRect().bottom)).toBe(window.innerHeight));
  },
};

/** The affiliate record has not arrived: the manager is a placeholder, no balance yet. */
export const AffiliateLoading: Story = {
  beforeEach: withHandlers(
    affiliateHandlers.pending({ onRequest: () => calls.affiliate() }),
    campaignHandlers.lists({ recentlyapproved: 'pending', ampicks: 'pending', suggested: 'pending' }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The affiliate was asked for (and is still on its way) before the absences are checked.
    await waitFor(() => expect(calls.affiliate).toHaveBeenCalledTimes(1));
    await canvas.findByRole('navigation', { name: 'Main' });
    await expect(canvas.queryByText(/MaxMoney \d/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Your affiliate manager/ })).toBeNull();
  },
};

/** Spec 002 §4: "an unsuccessful response logs out": a 200 answer without success ends the session, once. */
export const AffiliateNotSuccessLogsOut: Story = {
  beforeEach: withHandlers(affiliateHandlers.notSuccess()),
  play: async ({ args }) => {
    await waitFor(() => expect(args.onLogout).toHaveBeenCalledTimes(1));
    await wait(200);
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

/** Spec 001 §8: code 401 ends the session and returns the user to sign in (the session layer's 401 listener). */
export const AffiliateUnauthorizedEndsSession: Story = {
  beforeEach: withHandlers(affiliateHandlers.failure('Your session has ended.', 401)),
  play: async () => {
    await waitFor(() => expect(calls.unauthorized).toHaveBeenCalled());
  },
};

/**
 * Spec 001 §8: 'There was an error signing in. Please try again.' when loading the record fails with a
 * code other than 401: the affiliate stays signed in, and Try again asks again.
 */
const staysSignedInWhen = (handler: AnyHandler, retry: boolean): Story => ({
  beforeEach: withHandlers(handler),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('There was an error signing in. Please try again.');
    await wait(200);
    await expect(args.onLogout).not.toHaveBeenCalled();
    await expect(calls.unauthorized).not.toHaveBeenCalled();
    if (retry) {
      // The record answers the second time: the message goes and the shell fills in.
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
      await expect(await canvas.findByText(/MaxMoney \d/)).toBeVisible();
    }
    await animationsSettled();
  },
});
export const AffiliateServerErrorShowsMessage: Story = staysSignedInWhen(affiliateHandlers.failureOnce(500), false);
export const AffiliateUnavailableShowsMessage: Story = staysSignedInWhen(affiliateHandlers.failureOnce(503), true);
export const AffiliateNetworkErrorShowsMessage: Story = staysSignedInWhen(affiliateHandlers.networkErrorOnce(), true);

/** The message at 375 px; Try again is a keyboard stop and Enter asks again. */
export const AffiliateFailureMobile: Story = {
  beforeEach: withHandlers(affiliateHandlers.failure('The record could not be read.', 503, { onRequest: () => calls.affiliate() })),
  decorators: [mobileFrame],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toBeVisible());
    retry.focus();
    await userEvent.keyboard('{Enter}');
    // Asked again (and failed again): the message stays, the focus stays on Try again.
    await waitFor(() => expect(calls.affiliate).toHaveBeenCalledTimes(2));
    await expect(await within(await canvas.findByRole('alert')).findByRole('button', { name: 'Try again' })).toHaveFocus();
    await animationsSettled();
  },
};

/** Spec 000 §2: each right-sidebar list is hidden when empty (and when its call fails). */
export const EmptySidebarLists: Story = {
  beforeEach: withHandlers(campaignHandlers.lists({ recentlyapproved: [], ampicks: 'failure', suggested: campaignsFixture.slice(0, 2) })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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

/** The shell moves focus to the new page's heading once overlays have left; a play that navigates ends on it, so the screenshot does not race it. */
const pageHeadingFocused = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Page' })).toHaveFocus());

/** Spec 000 §5: a 500 ms pause, then one query; blank terms show nothing; a suggestion opens its campaign. */
export const QuickSearchSuggestion: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Search campaigns/ });
    await userEvent.type(input, '   ');
    await wait(700);
    await expect(screen().queryByRole('listbox')).toBeNull();
    await expect(calls.search).not.toHaveBeenCalled();
    await userEvent.clear(input);
    // All five keys in one go (no timer between them): on a loaded machine, a default-paced type could
    // leave a 500 ms gap between two keys, and that gap is a real pause that searches a partial term.
    await userEvent.type(input, 'solar', { delay: null });
    // Nothing is asked while typing; one query after the pause, for the whole term.
    await expect(calls.search).not.toHaveBeenCalled();
    const option = await screen().findByRole('option', { name: /SolarBright Home Quotes/ }, { timeout: 2000 });
    await expect(calls.search).toHaveBeenCalledTimes(1);
    await expect(calls.search).toHaveBeenCalledWith('solar');
    await userEvent.click(option);
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /campaign/1202'));
    await expect(input).toHaveValue('');
    // The new page takes focus once the suggestions have left: the screenshot waits for it, not races it.
    await pageHeadingFocused(canvasElement);
  },
};

/** Enter without a suggestion: /search with the typed term as navigation state quickSearchQuery. */
export const QuickSearchSubmit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Search campaigns/ });
    await userEvent.type(input, 'loans');
    await screen().findByRole('option', { name: /NovaLend Personal Loans/ }, { timeout: 2000 });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(probe(canvasElement)).toHaveTextContent('Route: /search (quickSearchQuery: loans)'));
    // The new page takes focus once the suggestions have left (on a loaded machine the light screenshot
    // caught the search box still focused): wait for it.
    await pageHeadingFocused(canvasElement);
  },
};

/**
 * Spec 000 §5, §9: the query waits for a 500 ms pause. Measured, not raced: the request arrives at
 * least ~500 ms after the last keystroke (a slow machine only makes the gap longer).
 */
export const QuickSearchDebounce: Story = {
  parameters: {
    visual: {
      skip:
        'A timing test whose end state depends on when the debounced answer lands relative to the clear and Escape ' +
        '(seen: 1 in 5 runs differed). How the suggestions look is covered by the other quick-search stories.',
    },
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: /Search campaigns/ });
    // The debounce counts from the last keystroke (not from when userEvent.type returns, which on a
    // busy machine can be well after it).
    const lastKey = { t: 0 };
    input.addEventListener('input', () => (lastKey.t = performance.now()));
    await userEvent.type(input, 'sol');
    await waitFor(() => expect(calls.search).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await expect(searchTimes[0]! - lastKey.t).toBeGreaterThanOrEqual(450);
    await expect(calls.search).toHaveBeenCalledWith('sol');
    await screen().findByRole('option', { name: /SolarBright Home Quotes/ }, { timeout: 2000 });
    // End on a blank term (suggestions hidden), the one state that no late answer can reopen.
    await userEvent.clear(input);
    await userEvent.keyboard('{Escape}');
    // The suggestions leave before the screenshot (their exit must not race it).
    await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
  },
};

/** Spec 000 §8: a 200 answer without success is a failure too (the message, no crash). */
export const QuickSearchNotSuccess: Story = {
  beforeEach: withHandlers(quickSearchHandlers.notSuccess()),
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: /Search campaigns/ }), 'solar');
    const message = await screen().findByText('There was an error while fetching quick search results.', undefined, { timeout: 2000 });
    await expect(message).toBeVisible();
    await expect(within(canvasElement).getByRole('combobox', { name: /Search campaigns/ })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    // The suggestions leave before the screenshot (their exit must not race it).
    await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
  },
};

/** Spec 000 §8: a failed quick search says so in place of the suggestions. */
export const QuickSearchError: Story = {
  beforeEach: withHandlers(quickSearchHandlers.failure()),
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: /Search campaigns/ }), 'solar');
    const message = await screen().findByText('There was an error while fetching quick search results.', undefined, { timeout: 2000 });
    await expect(message).toBeVisible();
    await expect(within(screen().getByRole('listbox')).queryByRole('option', { name: /Solar/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
    // The suggestions leave before the screenshot (their exit must not race it).
    await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
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

/** Issue 13: the bell counts unread news only, and opening it reads them (remembered on the device). */
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

/** Issue 13: a route change moves focus to the new page's heading and names the tab after it. */
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

/** Spec 000 §2: Settings, Account Balances, Global Postback, Logout. */
export const AccountMenuLogout: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Account: Jordan Demo' }));
    const menu = await screen().findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((i) => i.textContent)).toEqual(['Settings', 'Account Balances', 'Global Postback', 'Logout']);
    await expect(items[0]).toHaveAttribute('href', paths.settings);
    await expect(items[1]).toHaveAttribute('href', paths.accountBalance);
    await expect(items[2]).toHaveAttribute('href', paths.globalPostback);
    await userEvent.click(items[3]);
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

/**
 * Issue 13: at 375 px the pop-ups keep to a strip above the bottom bar (at most a third of the screen,
 * scrolling inside), and they sit below any open modal, which stays usable.
 */
export const NotificationsMobile: Story = {
  decorators: [mobileFrame],
  beforeEach: withHandlers(notificationHandlers.loaded()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(canvas.getByText(/SolarBright Home Quotes now pays/)).toBeVisible());
    await animationsSettled();
    const box = region.getBoundingClientRect();
    const bar = canvas.getByRole('navigation', { name: 'Mobile' }).getBoundingClientRect();
    const view = window.innerHeight;
    await expect(box.height).toBeLessThanOrEqual(view / 3 + 1);
    await expect(box.bottom).toBeLessThanOrEqual(bar.top);
    // A modal opened now covers the pop-ups.
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Menu' }));
    await userEvent.click(await within(await screen().findByRole('menu')).findByRole('menuitem', { name: /your affiliate manager/ }));
    const dialog = await screen().findByRole('dialog', { name: 'Your affiliate manager' });
    await waitFor(() => expect(dialog).toBeVisible());
    // The modal's stacking level: its nearest positioned ancestor with a z-index.
    let layer: HTMLElement | null = dialog;
    while (layer && getComputedStyle(layer).zIndex === 'auto') layer = layer.parentElement;
    await expect(Number(getComputedStyle(region).zIndex)).toBeLessThan(Number(layer ? getComputedStyle(layer).zIndex : 0));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await animationsSettled();
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

/** A long e-mail wraps before its '@' or a dot, never inside a word (issue 13). */
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

/**
 * Spec 000 §4, §9: each notification pops up 3000 ms after loading. The product's own delay (no
 * `popDelay` given) on a clock ten times faster for 3000 ms timers: the pop-up timer is set with
 * 3000 ms, nothing shows halfway through it, and the notifications show once it has fired.
 */
let popClock: ReturnType<typeof fasterTimers> | undefined;
export const NotificationsPopAfter3s: Story = {
  args: { notifications: {} },
  beforeEach: (context) => {
    withHandlers(notificationHandlers.loaded())(context);
    popClock = fasterTimers(NOTIFICATION_POP_DELAY_MS, 10);
    return popClock.restore;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const clock = popClock!;
    await waitFor(() => expect(clock.halfway.length).toBeGreaterThanOrEqual(1));
    await clock.halfway[0];
    await expect(canvas.queryByText(/SolarBright Home Quotes now pays/)).toBeNull();
    const popped = await canvas.findByText(/SolarBright Home Quotes now pays/);
    await waitFor(() => expect(popped).toBeVisible());
    await expect(canvas.getByText(/was approved/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear All' })).toBeVisible();
    await animationsSettled();
  },
};

/** Closing one dismisses it on the server. */
export const NotificationDismiss: Story = {
  beforeEach: withHandlers(notificationHandlers.loaded()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/SolarBright Home Quotes now pays/, undefined, { timeout: 2000 });
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss notification' })[0]);
    await waitFor(() => expect(calls.dismiss).toHaveBeenCalledWith({ news_id: notificationsFixture[0].news_id }));
    await expect(canvas.queryByText(/SolarBright Home Quotes now pays/)).toBeNull();
    await expect(canvas.getByText(/was approved/)).toBeVisible();
    await animationsSettled();
  },
};

/** Clear All dismisses all and hides itself; afterwards the list refreshes (interval shortened here). */
export const NotificationsClearAllAndRefresh: Story = {
  args: { notifications: { popDelay: 200, refreshInterval: 500 } },
  beforeEach: withHandlers(notificationHandlers.loaded(notificationsFixture, [], [{ news_id: 42, news: '<p>Fresh notice after the refresh.</p>' }])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/SolarBright Home Quotes now pays/, undefined, { timeout: 2000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(calls.dismiss).toHaveBeenCalledWith({ news_id: 'all' }));
    await expect(canvas.queryByText(/was approved/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Clear All' })).toBeNull();
    // Two refreshes later a new notification arrives and pops up.
    const fresh = await canvas.findByText('Fresh notice after the refresh.', undefined, { timeout: 5000 });
    await waitFor(() => expect(fresh).toBeVisible());
    await animationsSettled();
  },
};

/** Spec 000 §4: a 401 on notifications logs out (the session layer listens; a spy stands in here). */
export const NotificationsUnauthorized: Story = {
  beforeEach: withHandlers(notificationHandlers.unauthorized()),
  play: async () => {
    await waitFor(() => expect(calls.unauthorized).toHaveBeenCalled());
  },
};
