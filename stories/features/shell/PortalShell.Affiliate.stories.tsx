import { paths } from '../../../src/shared/paths';
import type { Meta } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalShell } from '../../../src/features/shell/PortalShell';
import { affiliateHandlers, campaignHandlers } from '../../mocks/shell';
import { animationsSettled, mobileFrame, wait } from '../../../.storybook/helpers';
import { calls, portalShellMeta, withHandlers, type Story } from './portalShellStory';

/** The shell while the affiliate record loads or fails; the set-up is in portalShellStory.tsx. */
const meta = { title: 'Features/Shell/PortalShell/Affiliate', ...portalShellMeta, parameters: { layout: 'fullscreen', router: { initialEntries: [paths.dashboard] } } } satisfies Meta<typeof PortalShell>;
export default meta;

/** The affiliate record has not arrived: the manager is a placeholder, no balance yet. */
export const AffiliateLoading: Story = {
  beforeEach: withHandlers(
    affiliateHandlers.pending({ onRequest: () => calls.affiliate() }),
    campaignHandlers.lists({ recentlyapproved: 'pending', ampicks: 'pending', suggested: 'pending' }),
  ),
  play: async ({ canvas }) => {
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
  play: async ({ args, canvas }) => {
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
  play: async ({ canvas }) => {
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
