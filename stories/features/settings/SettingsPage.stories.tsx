import { paths, patterns } from '../../../src/shared/paths';
import type { Meta } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phone, withMocks } from '../../../.storybook/helpers';
import { affiliateEndpoints } from '../../../src/api/contract/affiliate';
import { INCENTIVE_NOTE, EMAIL_NOTICES_HELP } from '../../../src/features/settings/cards';
import { type SettingsPage, settingsText } from '../../../src/features/settings/SettingsPage';
import { SettingsView } from '../../../src/features/settings/SettingsView';
import { SettingsScreenWithLock } from '../../../src/features/settings/SettingsLock';
import { EMAIL_UNDELIVERABLE, profileMessages } from '../../../src/shared/profileOptions';
import { saveHandlers, securityQuestionHandlers, securityQuestionsFixture, validateEmailHandlers } from '../../mocks/settings';
import { affiliateFixture, affiliateHandlers } from '../../mocks/shell';
import { mock, perRender } from '../../mocks/http';
import { body, card, choose, dialogShown, editCard, open, saveWith, settingsPageMeta, settled, shown, type Story } from './settingsPageStory';

/** Settings' loading, read-only and editing of each card; the set-up is in settingsPageStory.tsx. */
const meta = { title: 'Features/Settings/SettingsPage', ...settingsPageMeta, parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } } satisfies Meta<typeof SettingsPage>;
export default meta;

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
    await saveWith(c, 'Mobile number', '555');
    await shown(c, profileMessages.invalidMobile);
  }),
};

/** Personal information: the name is required; the message is the field's. */
export const PersonalNameRequired: Story = {
  beforeEach: withMocks(affiliateHandlers.loaded(open())),
  play: settled(async ({ canvasElement }) => {
    const c = await editCard(canvasElement, 'Personal Information');
    await saveWith(c, 'Name', '');
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
    await saveWith(c, 'Email', 'someone@spam.example');
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
