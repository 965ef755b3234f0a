import type { Decorator } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { fn, within } from 'storybook/test';

/**
 * Shared by the shell and dashboard stories.
 *
 * react-aria's pending Button announces "busy" through a live-region node labelled by the button's
 * id; once the button is gone axe reports `role-img-alt` for it. Those dangling nodes are removed
 * (same helper as the sign-in journey stories).
 */
export function forgetDanglingAnnouncements() {
  document.querySelectorAll('[data-live-announcer] [aria-labelledby]').forEach((node) => {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) node.remove();
  });
}

/** Waits for finite animations (a banner fading in, a card fading in) to end. */
export async function animationsSettled() {
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A faster clock for the timers of one length, so a story can check a product delay (the 3000 ms
 * notification pop-up) without waiting it out: while installed, every `setTimeout` of exactly `ms` runs
 * `factor` times faster; every other timer is untouched. For each such timer, `halfway` gets a promise
 * that settles at half its (faster) delay, so a story can look at the screen before the timer has fired
 * (timers fire in deadline order, so this never races). Return `restore` from the story's beforeEach.
 */
export function fasterTimers(ms: number, factor: number) {
  const realSetTimeout = window.setTimeout;
  const halfway: Promise<void>[] = [];
  const faster = (handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
    if (timeout !== ms) return realSetTimeout(handler, timeout, ...rest);
    halfway.push(new Promise((resolve) => realSetTimeout(resolve, ms / factor / 2)));
    return realSetTimeout(handler, ms / factor, ...rest);
  };
  window.setTimeout = faster as typeof window.setTimeout;
  return {
    halfway,
    restore: () => {
      window.setTimeout = realSetTimeout;
    },
  };
}

/** Queries over the whole document: popovers, menus and modals render outside the canvas. */
export const screen = () => within(document.body);

/**
 * A 375 px wide frame. The shell lays itself out by its own width (CSS container `portal`), so the
 * mobile layout shows here in the test runner and in the screenshot alike.
 */
export const mobileFrame: Decorator = (Story) => (
  <div style={{ width: 375, margin: '0 auto', outline: '1px solid transparent' }}>
    <Story />
  </div>
);

/** A frame named like the shell's container, for screens shown without the shell. */
export const portalFrame =
  (width?: number): Decorator =>
  (Story) => (
    <div style={{ containerName: 'portal', containerType: 'inline-size', width: width ?? '100%' }}>
      <Story />
    </div>
  );

/** Shows where the router is, so a story can assert a navigation and its state. */
export function RouteProbe() {
  const location = useLocation();
  const state = location.state as { quickSearchQuery?: string } | null;
  return (
    <output data-testid="route-probe" style={{ display: 'block', fontSize: 12 }}>
      Route: {location.pathname}
      {state?.quickSearchQuery ? ` (quickSearchQuery: ${state.quickSearchQuery})` : ''}
    </output>
  );
}

/** The signed-in shell's props every shell story starts from (a fresh onLogout spy per story file). */
export const shellArgs = (popDelay: number) => ({
  onLogout: fn(),
  productName: 'Publisher Portal',
  siteId: '1',
  blogUrl: 'https://blog.example.com/',
  notifications: { popDelay },
});
