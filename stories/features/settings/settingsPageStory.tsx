import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, forgetDanglingAnnouncements, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import type { AffiliateResponse } from '../../../src/api/contract/affiliate';
import { SettingsPage } from '../../../src/features/settings/SettingsPage';
import { paths, patterns } from '../../../src/shared/paths';
import { otpActivateHandlers, otpSetupHandlers, sendCodeHandlers, verifyCodeHandlers } from '../../mocks/auth';
import { otpCancelHandlers, saveHandlers, securityQuestionHandlers, validateEmailHandlers, validatePhoneHandlers } from '../../mocks/settings';
import { affiliateFixture, affiliateHandlers } from '../../mocks/shell';

/** The window the server keeps open: an hour ahead, so a story never sees it end. */
export const open = (a: AffiliateResponse = affiliateFixture): AffiliateResponse => ({ ...a, settings_editable_until: new Date(Date.now() + 3_600_000).toISOString() });
export const withoutMobile: AffiliateResponse = { ...affiliateFixture, affiliate_personal_information: { ...affiliateFixture.affiliate_personal_information, mobile_phone: '' } };

/** What every story of Features/Settings/SettingsPage shares but its title. */
export const settingsPageMeta = {
  component: SettingsPage,
  parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } satisfies PortalParameters,
  beforeEach: withMocks(
    affiliateHandlers.loaded(),
    securityQuestionHandlers.loaded(),
    sendCodeHandlers.sent(),
    verifyCodeHandlers.byCode(),
    validatePhoneHandlers.byDigits(),
    validateEmailHandlers.valid(),
    saveHandlers.allSaved(),
    otpSetupHandlers.fresh(),
    otpActivateHandlers.byCode(),
    otpCancelHandlers.deactivated(),
  ),
} satisfies Meta<typeof SettingsPage>;

export type Story = StoryObj<typeof settingsPageMeta>;

export const body = () => within(document.body);

export const card = async (canvasElement: HTMLElement, name: string) => within(await within(canvasElement).findByRole('region', { name }));

/** At least one element with the text is visible (a field's message may also be the card's). */
export const shown = (root: ReturnType<typeof within>, text: string | RegExp) =>
  waitFor(() => expect(root.getAllByText(text).some((el: HTMLElement) => el.checkVisibility({ opacityProperty: true }))).toBe(true));

/** A dialog has opened and finished its entrance. */
export const dialogShown = async (name: string) => {
  const dialog = await body().findByRole('dialog', { name });
  await waitFor(() => expect(dialog.checkVisibility({ opacityProperty: true })).toBe(true));
  await animationsSettled();
};

/** Every play ends settled: entrance animations done, the announcements of gone pending buttons dropped. */
export const settled =
  (play: NonNullable<Story['play']>): Story['play'] =>
  async (context) => {
    await play(context);
    await animationsSettled();
    forgetDanglingAnnouncements();
  };

export async function choose(root: ReturnType<typeof within>, label: RegExp, option: string) {
  await userEvent.click(root.getByRole('button', { name: label }));
  const listbox = await body().findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(body().queryByRole('listbox')).toBeNull());
}

export async function editCard(canvasElement: HTMLElement, name: string) {
  const c = await card(canvasElement, name);
  await userEvent.click(await c.findByRole('button', { name: `Edit ${name}` }));
  // The edit form's controls load lazily the first time a card opens: wait for them.
  await waitFor(() => expect(c.queryByLabelText('Loading the form')).toBeNull(), { timeout: 5000 });
  return c;
}

/** Replaces what a card's field holds with `text` (empties it when '') and presses the card's Save; returns the field. */
export async function saveWith(c: ReturnType<typeof within>, field: string, text: string) {
  const input = c.getByRole('textbox', { name: field });
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  await userEvent.click(c.getByRole('button', { name: 'Save' }));
  return input;
}
