import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { onUnauthorized } from '../../../src/api/baseApi';
import { PortalShell } from '../../../src/features/shell/PortalShell';
import { notificationHandlers, quickSearchHandlers, shellHandlers, usageHandlers } from '../../mocks/shell';
import { forgetDanglingAnnouncements, RouteProbe, shellArgs, mocksWith } from '../../../.storybook/helpers';
import { paths } from '../../../src/shared/paths';

/**
 * The signed-in shell of spec 000 §2 with every call answered by MSW (stories/mocks/shell.ts). The
 * page inside is a route probe showing where the router is.
 */
export const calls = { search: fn(), usage: fn(), dismiss: fn(), campaigns: fn(), unauthorized: fn(), affiliate: fn() };

/** When each quick search request arrived (performance.now()). */
export const searchTimes: number[] = [];

export const withHandlers = mocksWith({
  before: () => {
    forgetDanglingAnnouncements();
    Object.values(calls).forEach((c) => c.mockClear());
    searchTimes.length = 0;
  },
  defaults: () => [
    quickSearchHandlers.matches({
      onRequest: ({ url }) => {
        searchTimes.push(performance.now());
        calls.search(url.searchParams.get('q'));
      },
    }),
    usageHandlers.recorded({ onRequest: ({ url }) => calls.usage(Object.fromEntries(url.searchParams)) }),
    notificationHandlers.dismiss({ onRequest: ({ body }) => calls.dismiss(body) }),
    ...shellHandlers(),
  ],
});

/** Stands in for the session layer: records what a 401 would do (log out). */
export function UnauthorizedSpy() {
  useEffect(() => onUnauthorized(calls.unauthorized), []);
  return null;
}

/** What every story of Features/Shell/PortalShell shares but its title. */
export const portalShellMeta = {
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

export type Story = StoryObj<typeof portalShellMeta>;

export const probe = (root: HTMLElement) => within(root).getByTestId('route-probe');

/** The shell moves focus to the new page's heading once overlays have left; a play that navigates ends on it, so the screenshot does not race it. */
export const pageHeadingFocused = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Page' })).toHaveFocus());
