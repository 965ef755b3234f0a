import type { Decorator, StoryContext } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import type { CSSProperties } from 'react';
import { useLocation } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { RootState } from '../src/app/store';
import type { MockCall } from '../stories/mocks/http';

/**
 * The one home of the story helpers every area shares: wiring MSW handlers into a story, waiting for
 * the screen to settle, frames and viewports, and probes that show where the router is. Handlers and
 * fixtures live in stories/mocks (built on the toolkit in stories/mocks/http.ts); this file only
 * wires them into stories. A helper used by one story file stays in that file.
 */

// ——— Mocks ———

type Handlers = AnyHandler | AnyHandler[];

/** What every story of a file does besides installing its own handlers (see `mocksWith`). */
export interface MockSetup {
  /** Handlers every story gets, installed behind the story's own (a story's handler wins). */
  defaults?: () => Handlers[];
  /** Runs first in each story's `beforeEach` (clear spies, reset state); what it returns runs after the story. */
  before?: () => void | (() => void);
}

/**
 * A `withMocks` for one story file: each story's `beforeEach` runs `before`, installs the story's
 * handlers and then the file's `defaults`, and clears local storage after the story.
 */
export function mocksWith({ defaults, before }: MockSetup = {}) {
  return (...handlers: Handlers[]) =>
    <A,>({ msw }: StoryContext<A>) => {
      const after = before?.();
      // msw.use puts the handlers it is given ahead of those installed before, in the given order: the
      // first handler that matches a request answers it.
      msw.use(...handlers.flat(), ...(defaults?.() ?? []).flat());
      return () => {
        after?.();
        localStorage.clear();
      };
    };
}

/**
 * `mocksWith` for a file whose stories look at the requests: `spy` (a handler's options) records every
 * call the handler sees in `calls`, emptied before each story.
 */
export function recordingMocks(setup: MockSetup = {}) {
  const calls: MockCall[] = [];
  const spy = { onRequest: (call: MockCall) => calls.push(call) };
  const withStoryMocks = mocksWith({
    ...setup,
    before: () => {
      calls.length = 0;
      return setup.before?.();
    },
  });
  return { calls, spy, withStoryMocks };
}

/** A story's `beforeEach` that installs MSW handlers (the first that matches answers) and clears local storage after it. */
export const withMocks = mocksWith();

// ——— Waiting for the screen ———

/** Queries over the whole document: popovers, menus and modals render outside the canvas. */
export const screen = () => within(document.body);

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * react-aria's pending Button announces "busy" through its live announcer with a `role="img"` node
 * labelled by the button's id, kept for 7 s. Once the button is gone axe reports `role-img-alt` for a
 * message that was already read out. Only those dangling announcements are removed; any whose label
 * still exists stays.
 */
export function forgetDanglingAnnouncements() {
  document.querySelectorAll('[data-live-announcer] [aria-labelledby]').forEach((node) => {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) node.remove();
  });
}

/**
 * Ends finite animations (a banner or a card fading in) at their end state, so axe and the screenshot see
 * it, without waiting: an animation that is paused (a hovered pop-up) or whose page draws no frame under
 * load would never finish on its own and held the story until its 30 s timeout.
 */
export async function animationsSettled() {
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  for (const animation of finite) animation.finish();
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

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

type Queries = ReturnType<typeof within>;
const queriesOf = (root: HTMLElement | Queries) => (root instanceof HTMLElement ? within(root) : root);

/** Waits until an element with the text is found and visible (the search is retried until then). */
export const shown = (root: HTMLElement | Queries, text: string | RegExp) => waitFor(async () => expect(await queriesOf(root).findByText(text)).toBeVisible());

/** Finds the element with the text, then waits until it is visible (for text that fades in). */
export async function shows(root: HTMLElement | Queries, text: string | RegExp) {
  const el = await queriesOf(root).findByText(text);
  await waitFor(() => expect(el).toBeVisible());
}

/** The dialog (by its name, or the only one) once it is visible and its entrance has ended. */
export async function dialogShown(name?: string | RegExp) {
  const d = await screen().findByRole('dialog', name === undefined ? {} : { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return d;
}

/** Presses a button twice: the first press makes it busy (aria-disabled), so the second does nothing. */
export async function pressTwiceWhileBusy(button: HTMLElement) {
  await userEvent.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
  await userEvent.click(button);
}

/** Opens a select by its trigger, reads the names of its options and closes it again with Escape. */
export async function optionsOf(trigger: HTMLElement): Promise<string[]> {
  await userEvent.click(trigger);
  const listbox = await screen().findByRole('listbox');
  const names = within(listbox).getAllByRole('option').map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
  return names;
}

/** No page-level horizontal scroll: nothing in the frame is wider than the frame. */
export async function expectNoHorizontalScroll(frame: HTMLElement) {
  await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth + 1);
}

// ——— Frames and viewports ———

/** Story parameters for a 375 × 812 phone (Storybook's own phone sizes are 320 and 414 wide). */
export const phone = {
  viewport: { viewports: { phone375: { name: 'Phone 375', styles: { width: '375px', height: '812px' }, type: 'mobile' } }, defaultViewport: 'phone375' },
};

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

/** A plain frame with the given style around the story (a width, a height, a padding). */
export const framed =
  (style: CSSProperties): Decorator =>
  (Story) => (
    <div style={style}>
      <Story />
    </div>
  );

/** A frame of a fixed width that still fits a narrower window. */
export const widthFrame =
  (width: number): Decorator =>
  (Story) => (
    <div style={{ width, maxWidth: '100%' }}>
      <Story />
    </div>
  );

/** A page's frame (test id `frame`): as wide as the window, or `width`, up to 1100 px. */
export const pageFrame =
  (width?: number): Decorator =>
  (Story) => (
    <div data-testid="frame" style={{ width: width ?? '100%', maxWidth: 1100, boxSizing: 'border-box' }}>
      <Story />
    </div>
  );

/** A page's frame named like the shell's container (test id `frame`), for pages that lay out by its width. */
export const portalPageFrame =
  (width?: number): Decorator =>
  (Story) => (
    <div data-testid="frame" style={{ containerName: 'portal', containerType: 'inline-size', width: width ?? '100%', maxWidth: 1100, boxSizing: 'border-box' }}>
      <Story />
    </div>
  );

/** A phone 375 px wide named like the shell's container (test id `phone`), with the shell's 12 px of padding around the page. */
export const phoneFrame: Decorator = (Story) => (
  <div data-testid="phone" style={{ width: 375, padding: 12, boxSizing: 'border-box', containerName: 'portal', containerType: 'inline-size' }}>
    <Story />
  </div>
);

// ——— Where the router is ———

/**
 * Shows where the router is, so a story can assert a navigation and its state: `Route: /path` (test id
 * `route-probe`), or with `search` the path and query alone (test id `location-probe`).
 */
export function RouteProbe({ search = false }: { search?: boolean }) {
  const location = useLocation();
  const state = location.state as { quickSearchQuery?: string } | null;
  return (
    <output data-testid={search ? 'location-probe' : 'route-probe'} style={{ display: 'block', fontSize: 12 }}>
      {search ? (
        <>
          {location.pathname}
          {location.search}
        </>
      ) : (
        <>Route: {location.pathname}</>
      )}
      {state?.quickSearchQuery ? ` (quickSearchQuery: ${state.quickSearchQuery})` : ''}
    </output>
  );
}

/** The story with the path-and-query probe under it. */
export const withLocationProbe: Decorator = (Story) => (
  <>
    <Story />
    <RouteProbe search />
  </>
);

export const locationOf = (root: HTMLElement) => root.querySelector('[data-testid="location-probe"]')?.textContent ?? '';

export async function expectLocation(root: HTMLElement, expected: string) {
  await waitFor(() => expect(locationOf(root)).toBe(expected));
}

// ——— Args and parameters ———

/** The signed-in shell's props every shell story starts from (a fresh onLogout spy per story file). */
export const shellArgs = (popDelay: number) => ({
  onLogout: fn(),
  productName: 'Publisher Portal',
  siteId: '1',
  blogUrl: 'https://blog.example.com/',
  notifications: { popDelay },
});

/** Story parameters understood by .storybook/preview.tsx. */
export interface PortalParameters {
  router?: {
    /** The URL the story starts on (default '/'). */
    initialEntries?: string[];
    /** A route pattern such as '/campaign/:oid': the story renders inside it, so useParams works. */
    path?: string;
  };
  /** The story's Redux store starts with this state (a fresh store per story either way). */
  store?: { preloadedState?: Partial<RootState> };
}

// ——— Ending a play ———

/** Ends a play settled: entrance animations finished, the announcements of gone pending buttons dropped. */
export async function screenSettled() {
  await animationsSettled();
  forgetDanglingAnnouncements();
}

// ——— Spies on requests ———

/** A handler's options that hand the body of every request it sees to `spy` (for "the call was made with"). */
export const bodiesTo = (spy: (body: unknown) => void) => ({ onRequest: ({ body }: MockCall) => spy(body) });
