import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { PortalShell } from '../../../src/features/shell/PortalShell';
import { bonusFixtures, dashboardDefaults, dashboardHandlers } from '../../mocks/dashboard';
import { affiliateHandlers, campaignHandlers, defaultLists, shellHandlers } from '../../mocks/shell';
import { animationsSettled, forgetDanglingAnnouncements, mobileFrame, portalFrame, RouteProbe, mocksWith, framed } from '../../../.storybook/helpers';
import { paths } from '../../../src/shared/paths';
import { renderMode } from '../../../src/lib/renderMode';

/** Spec 000 §2 Dashboard: name and ID, earnings, slider, performance bonus, the three rows; every call through MSW. */
const calls = { campaigns: fn() };

const withHandlers = mocksWith({
  before: () => {
    forgetDanglingAnnouncements();
    calls.campaigns.mockClear();
  },
  defaults: () => [
    campaignHandlers.lists(defaultLists, { onRequest: ({ url }) => calls.campaigns(url.pathname.split('/').pop(), url.search) }),
    ...dashboardDefaults(),
    ...shellHandlers(),
  ],
});

const meta = {
  title: 'Features/Dashboard/DashboardPage',
  component: DashboardPage,
  args: { sliderInterval: 6000 },
  parameters: { layout: 'fullscreen', router: { initialEntries: [paths.dashboard] } },
  decorators: [portalFrame(), framed({ padding: 16, maxWidth: 1100 })],
  beforeEach: withHandlers(),
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stops the slider on its first slide so the end state is fixed. */
async function settle(root: HTMLElement) {
  const stop = within(root).queryByRole('button', { name: 'Stop automatic slide show' });
  if (stop) await userEvent.click(stop);
  await animationsSettled();
}

export const Loaded: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome, Jordan Demo' })).toBeVisible();
    await expect(canvas.getByText('Affiliate ID 1001')).toBeVisible();
    await expect(await canvas.findByText('$5,230.75')).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Featured campaigns' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Performance Bonus' })).toBeVisible();
    for (const row of ['Popular', 'New', 'Suggested For You']) {
      const section = canvas.getByRole('region', { name: row });
      await waitFor(() => expect(within(section).getAllByRole('link', { name: /per lead|of sale/ })).toHaveLength(6));
    }
    // See More for New and Suggested, none for Popular (spec 000 §2).
    await expect(canvas.getByRole('link', { name: 'See More New' })).toHaveAttribute('href', paths.browse('new'));
    await expect(canvas.getByRole('link', { name: 'See More Suggested For You' })).toHaveAttribute('href', paths.browse('suggested'));
    await expect(canvas.queryByRole('link', { name: 'See More Popular' })).toBeNull();
    // Each row is page 0 with 6 cards (spec 000 §9).
    await expect(calls.campaigns).toHaveBeenCalledWith('popular', '?page=0&limit=6');
    await expect(calls.campaigns).toHaveBeenCalledWith('new', '?page=0&limit=6');
    await expect(calls.campaigns).toHaveBeenCalledWith('suggested', '?page=0&limit=6');
    await settle(canvasElement);
  },
};

/** Everything loading: 6 placeholders in each row, as many as it will hold (no jump when the cards come). */
export const Loading: Story = {
  beforeEach: withHandlers(
    affiliateHandlers.pending(),
    dashboardHandlers.stats.pending(),
    campaignHandlers.lists({ popular: 'pending', new: 'pending', suggested: 'pending' }),
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-skeleton-card]')).toHaveLength(18));
    await expect(within(canvasElement).getAllByRole('status').map((s) => s.textContent)).toContain('Loading Popular campaigns');
    // The slider and the bonus are not held back: the screenshot waits for them, so its height is fixed.
    await within(canvasElement).findByRole('region', { name: 'Featured campaigns' });
    await within(canvasElement).findByRole('heading', { name: 'Performance Bonus' });
    await settle(canvasElement);
  },
};

let releaseAffiliate: () => void = () => {};

/**
 * On a phone, the name and ID come after the earnings: nothing below the heading moves when they do
 * (the ID's placeholder takes the ID's line; Lighthouse measured a 0.012 layout shift on /dashboard).
 */
export const NameComesLast: Story = {
  decorators: [portalFrame(375)],
  beforeEach: (context) => {
    const answered = new Promise<void>((resolve) => (releaseAffiliate = resolve));
    withHandlers(affiliateHandlers.held(answered))(context);
    // Positions are compared, so no style may be mid-transition (the stories' reduced-motion rule gives
    // every element a 0.01 ms transition, which can still be running when the page is measured).
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.appendChild(still);
    return () => still.remove();
  },
  play: async ({ canvas }) => {
    await canvas.findByText('$5,230.75');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const earnings = canvas.getByRole('region', { name: 'Earnings summary' });
    const top = earnings.getBoundingClientRect().top;
    releaseAffiliate();
    await expect(await canvas.findByText('Affiliate ID 1001')).toBeVisible();
    await expect(earnings.getBoundingClientRect().top).toBe(top);
    await animationsSettled();
  },
};

/** Failures: the stats and a row show their messages; the other rows still load. */
export const Errors: Story = {
  beforeEach: withHandlers(dashboardHandlers.stats.failure(), campaignHandlers.lists({ ...defaultLists, popular: 'failure', new: 'network', suggested: [] })),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByText('Statistics are being recalculated. Please try again in a few minutes.')).toBeVisible());
    await waitFor(() => expect(canvas.getByText('The campaign lists are being updated. Please try again in a minute.')).toBeVisible());
    await waitFor(() => expect(canvas.getByText('Connection error.')).toBeVisible());
    await expect(within(canvas.getByRole('region', { name: 'Suggested For You' })).getByText('No campaigns found for this category.')).toBeVisible();
    await settle(canvasElement);
  },
};

/** Spec 002 §8 'Error while fetching modals': shown under the heading, not below the rows. */
export const ModalsFailed: Story = {
  beforeEach: withHandlers(dashboardHandlers.modals.failure()),
  play: async ({ canvas, canvasElement }) => {
    const banner = await canvas.findByText('Error while fetching modals');
    const heading = await canvas.findByRole('heading', { level: 1 });
    const earnings = canvas.getByRole('region', { name: 'Earnings summary' });
    // Right after the heading, before the earnings.
    await expect(heading.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(banner.compareDocumentPosition(earnings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await settle(canvasElement);
  },
};

/** The promo banner, opt-in, then the progress bar with the server's message. */
export const OptIn: Story = {
  beforeEach: withHandlers(...dashboardHandlers.bonus.optInFlow()),
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Opt In' }));
    await expect(await canvas.findByRole('heading', { name: 'Performance Bonus' })).toBeVisible();
    await waitFor(() => expect(canvas.getByText('You are in! Your progress is shown below.')).toBeVisible());
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '46.3');
    await settle(canvasElement);
    forgetDanglingAnnouncements();
  },
};

export const OptInFails: Story = {
  beforeEach: withHandlers(dashboardHandlers.bonus.answer(bonusFixtures.promo), dashboardHandlers.bonus.optInFails()),
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Opt In' }));
    await waitFor(() => expect(canvas.getByText('The promotion is no longer open to you.')).toBeVisible());
    await settle(canvasElement);
    forgetDanglingAnnouncements();
  },
};

/** 375 px: no slider; stats in two columns. */
export const Mobile: Story = {
  decorators: [portalFrame(375)],
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText('$5,230.75');
    // The page's own container is the phone's width, and nothing overflows it.
    const frame = [...canvasElement.querySelectorAll<HTMLElement>('div')].filter((d) => getComputedStyle(d).containerName === 'portal').at(-1)!;
    await expect(frame.getBoundingClientRect().width).toBe(375);
    await expect(frame.scrollWidth).toBeLessThanOrEqual(375);
    await expect(canvas.queryByRole('region', { name: 'Featured campaigns' })).toBeNull();
    await animationsSettled();
  },
};

const sliderCalls = fn();

/**
 * 375 px as the product renders it (`renderMode.offscreenWhenNear`: what a width hides is not
 * rendered): the slider, hidden on a phone, is not asked for either; the page's other calls are.
 */
export const MobileWithoutSliderCall: Story = {
  decorators: [portalFrame(375)],
  parameters: {
    // The lower rows render when the browser is idle in this mode, so the page's length is not fixed;
    // Mobile has the same pixels.
    visual: { skip: 'the product mode renders the lower rows when idle: height not fixed' },
  },
  beforeEach: (context) => {
    withHandlers(dashboardHandlers.slider.loaded(undefined, { onRequest: () => sliderCalls() }))(context);
    sliderCalls.mockClear();
    const before = renderMode.offscreenWhenNear;
    renderMode.offscreenWhenNear = true;
    return () => {
      renderMode.offscreenWhenNear = before;
    };
  },
  play: async ({ canvas }) => {
    const popular = await canvas.findByRole('region', { name: 'Popular' });
    await waitFor(() => expect(within(popular).getAllByRole('link', { name: /per lead|of sale/ })).toHaveLength(6));
    await expect(await canvas.findByText('$5,230.75')).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Performance Bonus' })).toBeVisible();
    await new Promise((r) => setTimeout(r, 300));
    await expect(sliderCalls).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('region', { name: 'Featured campaigns' })).toBeNull();
    await animationsSettled();
  },
};

/** When the last dashboard modal closes, focus goes to the page heading (not lost on the body). */
export const FocusAfterModals: Story = {
  beforeEach: withHandlers(dashboardHandlers.modals.answer({ invalidEmail: true })),
  play: async ({ canvas, canvasElement }) => {
    const heading = await canvas.findByRole('heading', { level: 1, name: 'Welcome, Jordan Demo' });
    const dialog = await within(document.body).findByRole('dialog', { name: 'Please update your e-mail address' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await settle(canvasElement);
  },
};

/** The dashboard inside the shell at 375 px, as the product shows it on a phone. */
export const MobileInShell: Story = {
  parameters: {
    // Play and axe still run. Like DesktopInShell, the full-page screenshot of the whole shell varied
    // in height between runs (4,084 vs 4,148 px) while the frame is grown.
    visual: { skip: 'page height not stable when the frame grows (see DesktopInShell)' },
  },
  decorators: [(Story) => <PortalShell onLogout={fn()} productName="Publisher Portal" siteId="1" blogUrl="https://blog.example.com/"><Story /><RouteProbe /></PortalShell>, mobileFrame],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome, Jordan Demo' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Featured campaigns' })).toBeNull();
    await animationsSettled();
  },
};

/** The dashboard inside the shell on desktop. */
export const DesktopInShell: Story = {
  parameters: {
    // Play and axe still run. The full-page screenshot of the whole shell came out 3,280 to 3,376 px
    // tall from run to run (the shell's sidebars follow the frame's height while it is grown to the
    // page's height); DashboardPage's own stories and PortalShell's cover the same pixels. Capturing
    // full-height shells at a fixed height would bring the screenshot back.
    visual: { skip: 'page height not stable when the frame grows (see comment)' },
  },
  decorators: [(Story) => <PortalShell onLogout={fn()} productName="Publisher Portal" siteId="1" blogUrl="https://blog.example.com/"><Story /></PortalShell>],
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome, Jordan Demo' })).toBeVisible();
    await canvas.findByRole('region', { name: 'Featured campaigns' });
    await settle(canvasElement);
  },
};
