import { paths, patterns } from '../../../src/shared/paths';
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withMocks } from '../../../.storybook/helpers';
import { type SettingsPage, settingsText } from '../../../src/features/settings/SettingsPage';
import { settingsVerificationMessages } from '../../../src/machines/settingsVerification.machine';
import { authServerMessages, validCodes } from '../../mocks/auth';
import { affiliateHandlers } from '../../mocks/shell';
import { body, dialogShown, settingsPageMeta, settled, shown, withoutMobile, type Story } from './settingsPageStory';

/** Settings' verification by code before editing; the set-up is in settingsPageStory.tsx. */
const meta = { title: 'Features/Settings/SettingsPage/Verification', ...settingsPageMeta, parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } } satisfies Meta<typeof SettingsPage>;
export default meta;

/** Presses 'Edit your settings'; returns the verification modal it opens. */
async function openVerification(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Edit your settings' }));
  return within(await body().findByRole('dialog', { name: 'Please verify your account' }));
}

/** Sends a code from the verification modal and submits `code`. */
async function submitCode(dialog: ReturnType<typeof within>, code: string) {
  await userEvent.click(dialog.getByRole('button', { name: /Send/ }));
  await userEvent.type(await dialog.findByRole('textbox', { name: /code/i }), code);
  await userEvent.click(dialog.getByRole('button', { name: /Submit|Verify/ }));
}

/** Edit opens 'Please verify your account'; a code by e-mail; the right code unlocks every card. */
export const VerifyByEmail: Story = {
  play: settled(async ({ canvas }) => {
    const dialog = await openVerification(canvas);
    await submitCode(dialog, validCodes.verification);
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await shown(canvas, settingsVerificationMessages.verified);
    await expect(canvas.getByRole('button', { name: 'Edit Personal Information' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Payment Settings' })).toBeVisible();
  }),
};

/** A wrong code: the server's message in red, the modal stays open. */
export const VerifyWrongCode: Story = {
  play: settled(async ({ canvas }) => {
    const dialog = await openVerification(canvas);
    await submitCode(dialog, '111111');
    await shown(dialog, authServerMessages.wrongVerificationCode);
    await expect(body().getByRole('dialog', { name: 'Please verify your account' })).toBeVisible();
  }),
};

/** No mobile number: SMS and both are disabled, with the hint. */
export const VerifyWithoutMobile: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withoutMobile)),
  play: settled(async ({ canvas }) => {
    const dialog = await openVerification(canvas);
    await expect(dialog.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: 'Both' })).toBeDisabled();
    await shown(dialog, settingsText.smsHint);
  }),
};

/** Cancel closes the modal; the page stays read-only. */
export const VerifyCancelled: Story = {
  play: settled(async ({ canvas }) => {
    const dialog = await openVerification(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Edit your settings' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Edit (?!your)/ })).toBeNull();
  }),
};

/** The verification modal's first step has its own Cancel (beside Send Code); the page stays read-only. */
export const VerifyFirstStepCancel: Story = {
  play: settled(async ({ canvas }) => {
    const dialog = await openVerification(canvas);
    await dialogShown('Please verify your account');
    await expect(dialog.getByRole('button', { name: 'Send Code' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Edit your settings' })).toBeVisible();
  }),
};
