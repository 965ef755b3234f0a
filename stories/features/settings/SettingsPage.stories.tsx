import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { delay, type RequestHandler } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { PortalParameters } from '../../../.storybook/helpers';
import { affiliateEndpoints, type AffiliateResponse } from '../../../src/api/contract/affiliate';
import { INCENTIVE_NOTE, EMAIL_NOTICES_HELP } from '../../../src/features/settings/cards';
import { SettingsPage, settingsText } from '../../../src/features/settings/SettingsPage';
import { SettingsView } from '../../../src/features/settings/SettingsView';
import { SettingsScreenWithLock } from '../../../src/features/settings/SettingsLock';
import { settingsVerificationMessages } from '../../../src/machines/settingsVerification.machine';
import { paths, patterns } from '../../../src/shared/paths';
import { EMAIL_UNDELIVERABLE, profileMessages } from '../../../src/shared/profileOptions';
import { authServerMessages, otpActivateHandlers, otpSetupHandlers, sendCodeHandlers, validCodes, verifyCodeHandlers } from '../../mocks/auth';
import { otpCancelHandlers, saveHandlers, securityQuestionHandlers, securityQuestionsFixture, settingsServerMessages, validateEmailHandlers, validatePhoneHandlers } from '../../mocks/settings';
import { affiliateFixture, affiliateHandlers } from '../../mocks/shell';
import { mock, perRender } from '../../mocks/http';
import { animationsSettled, forgetDanglingAnnouncements } from '../shell/storyUtils';

const withMocks =
  (...handlers: (RequestHandler | RequestHandler[])[]) =>
  <A,>({ msw }: StoryContext<A>) => {
    msw.use(...handlers.flat());
  };

/** The window the server keeps open: an hour ahead, so a story never sees it end. */
const open = (a: AffiliateResponse = affiliateFixture): AffiliateResponse => ({ ...a, settings_editable_until: new Date(Date.now() + 3_600_000).toISOString() });
const withoutMobile: AffiliateResponse = { ...affiliateFixture, affiliate_personal_information: { ...affiliateFixture.affiliate_personal_information, mobile_phone: '' } };

const phone = { viewport: { viewports: { phone375: { name: 'Phone 375', styles: { width: '375px', height: '812px' }, type: 'mobile' } }, defaultViewport: 'phone375' } };

const meta = {
  title: 'Features/Settings/SettingsPage',
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

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const card = async (canvasElement: HTMLElement, name: string) => within(await within(canvasElement).findByRole('region', { name }));
/** At least one element with the text is visible (a field's message may also be the card's). */
const shown = (root: ReturnType<typeof within>, text: string | RegExp) =>
  waitFor(() => expect(root.getAllByText(text).some((el: HTMLElement) => el.checkVisibility({ opacityProperty: true }))).toBe(true));

/** A dialog has opened and finished its entrance. */
const dialogShown = async (name: string) => {
  const dialog = await body().findByRole('dialog', { name });
  await waitFor(() => expect(dialog.checkVisibility({ opacityProperty: true })).toBe(true));
  await animationsSettled();
};

/** Every play ends settled: entrance animations done, the announcements of gone pending buttons dropped. */
const settled =
  (play: NonNullable<Story['play']>): Story['play'] =>
  async (context) => {
    await play(context);
    await animationsSettled();
    forgetDanglingAnnouncements();
  };

async function choose(root: ReturnType<typeof within>, label: RegExp, option: string) {
  await userEvent.click(root.getByRole('button', { name: label }));
  const listbox = await body().findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(body().queryByRole('listbox')).toBeNull());
}

async function editCard(canvasElement: HTMLElement, name: string) {
  const c = await card(canvasElement, name);
  await userEvent.click(await c.findByRole('button', { name: `Edit ${name}` }));
  return c;
}

/** A spinner until the record is loaded (spec 001 §2.5). */
export const Loading: Story = {
  beforeEach: withMocks(affiliateHandlers.pending()),
  parameters: { visual: { skip: 'a spinner that never settles: its frame is covered by ui/Spinner stories' } },
  play: settled(async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading your settings' })).toBeVisible();
  }),
};

/** The record failed (not a 401): spec 001 §8's message and Try again. */
export const LoadFailed: Story = {
  beforeEach: withMocks(affiliateHandlers.failure()),
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shown(canvas, settingsText.loadFailed);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  }),
};

/** Read-only until verified: the eight cards in two columns, no card offers Edit, the page does. */
export const ReadOnly: Story = {
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: settingsText.title })).toBeVisible();
    for (const name of ['Personal Information', 'Email Preferences', 'Phone Information', 'Address', 'Payment Information', 'Security', '2-Factor Authentication', 'Promotional Methods']) {
      await expect(canvas.getByRole('region', { name })).toBeVisible();
    }
    await expect(canvas.queryByRole('button', { name: /^Edit (?!your)/ })).toBeNull();
    await shown(canvas, settingsText.readOnly);
    await expect(canvas.getByText('(GMT-05:00) Eastern Time (US & Canada)')).toBeVisible();
    await expect(canvas.getByText('Ontario')).toBeVisible();
    await expect(canvas.getByText(INCENTIVE_NOTE)).toBeVisible();
    await expect(document.title).toMatch(/^Profile & Settings \| /);
  }),
};

/** Edit opens 'Please verify your account'; a code by e-mail; the right code unlocks every card. */
export const VerifyByEmail: Story = {
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit your settings' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Please verify your account' }));
    await userEvent.click(dialog.getByRole('button', { name: /Send/ }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /code/i }), validCodes.verification);
    await userEvent.click(dialog.getByRole('button', { name: /Submit|Verify/ }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await shown(canvas, settingsVerificationMessages.verified);
    await expect(canvas.getByRole('button', { name: 'Edit Personal Information' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Payment Settings' })).toBeVisible();
  }),
};

/** A wrong code: the server's message in red, the modal stays open. */
export const VerifyWrongCode: Story = {
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit your settings' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Please verify your account' }));
    await userEvent.click(dialog.getByRole('button', { name: /Send/ }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /code/i }), '111111');
    await userEvent.click(dialog.getByRole('button', { name: /Submit|Verify/ }));
    await shown(dialog, authServerMessages.wrongVerificationCode);
    await expect(body().getByRole('dialog', { name: 'Please verify your account' })).toBeVisible();
  }),
};

/** No mobile number: SMS and both are disabled, with the hint. */
export const VerifyWithoutMobile: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(withoutMobile)),
  play: settled(async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Edit your settings' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Please verify your account' }));
    await expect(dialog.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: 'Both' })).toBeDisabled();
    await shown(dialog, settingsText.smsHint);
  }),
};

/** Cancel closes the modal; the page stays read-only. */
export const VerifyCancelled: Story = {
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit your settings' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Please verify your account' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Edit your settings' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Edit (?!your)/ })).toBeNull();
  }),
};

/** The verification modal's first step has its own Cancel (beside Send Code); the page stays read-only. */
export const VerifyFirstStepCancel: Story = {
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit your settings' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Please verify your account' }));
    await dialogShown('Please verify your account');
    await expect(dialog.getByRole('button', { name: 'Send Code' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Edit your settings' })).toBeVisible();
  }),
};

/** Already verified in this session (the record's window): every card offers Edit. */
export const Editable: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Edit Personal Information' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit your settings' })).toBeNull();
  }),
};

/** Personal information: an invalid mobile number stops the save with 'Invalid mobile number'. */
export const PersonalInvalidMobile: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Personal Information');
    const mobile = c.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '555');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, profileMessages.invalidMobile);
  }),
};

/** Personal information: the name is required; the message is the field's. */
export const PersonalNameRequired: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Personal Information');
    await userEvent.clear(c.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, 'Please enter your name.');
  }),
};

/** Personal information saved: back to read-only with the server's message, the body it sent. */
const personalSpy = fn();
export const PersonalSaved: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open()), saveHandlers.saved('personalDetails', { onRequest: (call) => personalSpy(call.body) })),
  play: settled(async ({ canvasElement }) => {
    personalSpy.mockClear();
    const c = await editCard(canvasElement, 'Personal Information');
    await choose(c, /Best time to contact/, 'Evening');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, 'Your personal information has been saved.');
    await expect(c.getByRole('button', { name: 'Edit Personal Information' })).toBeVisible();
    await expect(personalSpy).toHaveBeenCalledWith(expect.objectContaining({ name: 'Jordan Demo', contact_time: 5, timezone: '11,-5', mobile: '+1 416 555 0100' }));
  }),
};

/**
 * Saved while another call is out (here the security questions, held): RTK Query starts the record's
 * refetch only when that call ends, and the card waits for it, so 'saved' never shows beside the old
 * value (the e2e journey saw the old city beside the new state on a busy machine).
 */
const questionsHeld = perRender(() => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
});
const records = perRender(() => ({ count: 0 }));
export const SavedWhileAnotherCallIsOut: Story = {
  beforeEach: withMocks(
    mock(affiliateEndpoints.getAffiliate, async () => {
      const first = records().count++ === 0;
      if (first) return open();
      await delay(150);
      const p = affiliateFixture.affiliate_personal_information;
      return open({ ...affiliateFixture, affiliate_personal_information: { ...p, contact_time: { value: 5, text: 'Evening' } } });
    }),
    securityQuestionHandlers.reply(async () => {
      await questionsHeld().promise;
      return { success: true, securityQuestions: securityQuestionsFixture };
    }),
  ),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Personal Information');
    await c.findByRole('button', { name: /Best time to contact/ }, { timeout: 5000 });
    await choose(c, /Best time to contact/, 'Evening');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(c.getByRole('button', { name: 'Save' })).toHaveAttribute('data-pending', 'true'));
    await new Promise((r) => setTimeout(r, 100));
    questionsHeld().resolve();
    await shown(c, 'Your personal information has been saved.');
    // At the moment the message shows, the view shows the saved value, not the old one.
    await expect(c.queryByText('Anytime')).toBeNull();
    await expect(c.getByText('Evening')).toBeVisible();
  }),
};

/** Saving: the Save button shows its spinner, the fields wait. */
export const PersonalSaving: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open()), saveHandlers.pending('personalDetails')),
  parameters: { visual: { skip: 'the pending button holds a spinning icon' } },
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Personal Information');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(c.getByRole('textbox', { name: 'Name' })).toBeDisabled());
  }),
};

/** Address: a US address without a state (spec 001 §5). */
export const AddressUsWithoutState: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Address');
    await choose(c, /Country/, 'United States of America');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, profileMessages.chooseState);
  }),
};

/** Address elsewhere: a free-text state / region instead of the list. */
export const AddressOtherCountry: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Address');
    await choose(c, /Country/, 'Germany');
    await expect(c.getByRole('textbox', { name: 'State / region' })).toBeVisible();
    await expect(c.queryByRole('button', { name: /State \/ province/ })).toBeNull();
  }),
};

/** Address: the server refused; spec 001 §8's message with the server's reason; what was typed stays. */
export const AddressServerError: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open()), saveHandlers.failed('addressDetails', 'Please enter your zip / postal code.')),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Address');
    await userEvent.type(c.getByRole('textbox', { name: 'Address line 2' }), 'Suite 400');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, `${profileMessages.addressFailed} Please enter your zip / postal code.`);
    await expect(c.getByRole('textbox', { name: 'Address line 2' })).toHaveValue('Suite 400');
  }),
};

/** Promotional methods: at least 50 characters; the incentive note. */
export const PromotionalTooShort: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Promotional Methods');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, profileMessages.shortDescription);
    await expect(c.getByText(INCENTIVE_NOTE)).toBeVisible();
  }),
};

/** Email: flag 121 and the same address: spec 001 §5's message, no call. */
export const EmailUndeliverable: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open({ ...affiliateFixture, affiliate_flags: [121] }))),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Email Preferences');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, EMAIL_UNDELIVERABLE);
  }),
};

/** Email: the server's check refuses the address. */
export const EmailInvalid: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open()), validateEmailHandlers.invalid()),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Email Preferences');
    const email = c.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'someone@spam.example');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, 'This email address is invalid.');
  }),
};

/** The campaign-notices help modal (spec 001 §2.5). */
export const EmailNoticesHelp: Story = {
  play: settled(async ({ canvasElement }) => {
    const c = await card(canvasElement, 'Email Preferences');
    await userEvent.click(c.getByRole('button', { name: 'What are campaign notices?' }));
    const dialog = within(await body().findByRole('dialog', { name: 'About campaign notices' }));
    await shown(dialog, EMAIL_NOTICES_HELP);
  }),
};

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

/** 375 px: one column, nothing scrolls sideways, the verification modal fits. */
export const Phone: Story = {
  parameters: phone,
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Edit Personal Information' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  }),
};

/** Keyboard only: Tab to the page's Edit, Enter opens the verification, Escape closes it. */
export const Keyboard: Story = {
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const edit = await canvas.findByRole('button', { name: 'Edit your settings' });
    edit.focus();
    await userEvent.keyboard('{Enter}');
    await dialogShown('Please verify your account');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  }),
};

/**
 * The lock (XState, the machines, the verification form) is a chunk of its own, fetched when Edit is
 * pressed: while it is on its way, the Edit button waits. Rendered from the page's view with that
 * lock state (a real fetch is too quick to catch).
 */
export const EditWaitsForLock: Story = {
  render: () => <SettingsView affiliate={affiliateFixture} lock={{ editable: false, notice: null, editPending: true, onEdit: fn(), onLocked: fn(), onSaved: fn() }} />,
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const edit = await canvas.findByRole('button', { name: 'Edit your settings' });
    await waitFor(() => expect(edit).toHaveAttribute('aria-disabled', 'true'));
    await shown(canvas, settingsText.readOnly);
  }),
};

/** The lock's code could not be downloaded: the page stays read-only and says to press Edit again. */
export const LockLoadFailed: Story = {
  render: () => <SettingsView affiliate={affiliateFixture} lock={{ editable: false, notice: settingsText.lockLoadFailed, onEdit: fn(), onLocked: fn(), onSaved: fn() }} />,
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shown(canvas, settingsText.lockLoadFailed);
    await expect(canvas.getByRole('button', { name: 'Edit your settings' })).toBeEnabled();
  }),
};

/**
 * The page with its lock (src/features/settings/SettingsLock.tsx, the chunk Edit loads) rendered
 * directly: read-only, and Edit opens 'Please verify your account' at once (nothing left to load).
 */
export const LockLoaded: Story = {
  render: () => <SettingsScreenWithLock affiliate={affiliateFixture} />,
  play: settled(async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shown(canvas, settingsText.readOnly);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit your settings' }));
    await dialogShown('Please verify your account');
  }),
};
