import { paths, patterns } from '../../../src/shared/paths';
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withMocks } from '../../../.storybook/helpers';
import type { SettingsPage } from '../../../src/features/settings/SettingsPage';
import { profileMessages } from '../../../src/shared/profileOptions';
import { saveHandlers, settingsServerMessages } from '../../mocks/settings';
import { affiliateFixture, affiliateHandlers } from '../../mocks/shell';
import { body, card, dialogShown, editCard, open, settingsPageMeta, settled, shown, type Story } from './settingsPageStory';

/** Settings' security card, two-factor and payment; the set-up is in settingsPageStory.tsx. */
const meta = { title: 'Features/Settings/SettingsPage/Security', ...settingsPageMeta, parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } } satisfies Meta<typeof SettingsPage>;
export default meta;

/** Security: the new passwords differ. */
export const SecurityPasswordsDiffer: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Security');
    await userEvent.type(c.getByLabelText(/^Current password/), 'Demo-2026!');
    await userEvent.type(c.getByLabelText(/^New password/), 'Sunny-day-42');
    await userEvent.type(c.getByLabelText(/^Re-enter new password/), 'Sunny-day-43');
    await userEvent.type(c.getByRole('textbox', { name: 'Answer 1' }), 'Rex');
    await userEvent.type(c.getByRole('textbox', { name: 'Answer 2' }), 'Elm');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, profileMessages.passwordsDontMatch);
  }),
};

/** Security: the server says the current password is wrong. */
export const SecurityWrongPassword: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open()), saveHandlers.failed('securityDetails', settingsServerMessages.wrongPassword)),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Security');
    await userEvent.type(c.getByLabelText(/^Current password/), 'not-it');
    await userEvent.type(c.getByRole('textbox', { name: 'Answer 1' }), 'Rex');
    await userEvent.type(c.getByRole('textbox', { name: 'Answer 2' }), 'Elm');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, settingsServerMessages.wrongPassword);
  }),
};

/** The window closed on the server: a save answers 403, the page is read-only again and says why. */
export const WindowClosed: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open()), saveHandlers.failed('phoneDetails', settingsServerMessages.locked, 403)),
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const c = await editCard(canvasElement, 'Phone Information');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(canvas, settingsServerMessages.locked);
    await expect(canvas.getByRole('button', { name: 'Edit your settings' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit Phone Information' })).toBeNull();
  }),
};

/** Two-factor off: Set up opens '2-step Verification Setup'. */
export const TwoFactorSetUp: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await card(canvasElement, '2-Factor Authentication');
    await userEvent.click(c.getByRole('button', { name: 'Set up' }));
    await dialogShown('2-step Verification Setup');
  }),
};

/** Two-factor set-up opened from Settings can be left: its Cancel, the ×, and Escape close it. */
export const TwoFactorSetUpCanBeClosed: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await card(canvasElement, '2-Factor Authentication');
    const setUp = c.getByRole('button', { name: 'Set up' });
    const gone = () => waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await userEvent.click(setUp);
    await dialogShown('2-step Verification Setup');
    await userEvent.click(await body().findByRole('button', { name: 'Cancel' }));
    await gone();
    await userEvent.click(setUp);
    await dialogShown('2-step Verification Setup');
    await userEvent.click(within(body().getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await gone();
    await userEvent.click(setUp);
    await dialogShown('2-step Verification Setup');
    await body().findByRole('button', { name: 'Next' });
    await userEvent.keyboard('{Escape}');
    await gone();
    await expect(c.queryByText('Google Authenticator is now active on your account.')).toBeNull();
  }),
};

/** Two-factor on: 'Google 2-fa Settings' turns into the red 'Deactivate Google Authenticator'. */
export const TwoFactorDeactivate: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open({ ...affiliateFixture, otp_details: { otp_key: 'active' } }))),
  play: settled(async ({ canvasElement }) => {
    const c = await card(canvasElement, '2-Factor Authentication');
    await userEvent.click(c.getByRole('button', { name: 'Google 2-fa Settings' }));
    await userEvent.click(await c.findByRole('button', { name: 'Deactivate Google Authenticator' }));
    await shown(c, 'Google Authenticator has been deactivated.');
  }),
};

/** A Payoneer change pending with no platform set: 'Payoneer (Pending)'. */
export const PaymentPending: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded({ ...affiliateFixture, payment_information: { payee: '', method: '', platform: '', tmp_payoneer: 1 } })),
  play: settled(async ({ canvasElement }) => {
    const c = await card(canvasElement, 'Payment Information');
    await expect(c.getByText('Payoneer (Pending)')).toBeVisible();
  }),
};
