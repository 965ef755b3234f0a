import { paths } from '../../../src/shared/paths';
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalShell } from '../../../src/features/shell/PortalShell';
import { notificationHandlers, notificationsFixture } from '../../mocks/shell';
import { animationsSettled, fasterTimers, mobileFrame, screen } from '../../../.storybook/helpers';
import { NOTIFICATION_POP_DELAY_MS } from '../../../src/features/shell/Notifications';
import { calls, portalShellMeta, withHandlers, type Story } from './portalShellStory';

/** The shell's notification pop-ups; the set-up is in portalShellStory.tsx. */
const meta = { title: 'Features/Shell/PortalShell/Notifications', ...portalShellMeta, parameters: { layout: 'fullscreen', router: { initialEntries: [paths.dashboard] } } } satisfies Meta<typeof PortalShell>;
export default meta;

/**
 * At 375 px the pop-ups keep to a strip above the bottom bar (at most a third of the screen,
 * scrolling inside), and they sit below any open modal, which stays usable.
 */
export const NotificationsMobile: Story = {
  decorators: [mobileFrame],
  beforeEach: withHandlers(notificationHandlers.loaded()),
  play: async ({ canvas }) => {
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
  play: async ({ canvas }) => {
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
  play: async ({ canvas }) => {
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
  play: async ({ canvas }) => {
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
