import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, type within } from 'storybook/test';
import type { AnyHandler } from 'msw';
import type { ReactElement } from 'react';
import { screenSettled, withMocks, type PortalParameters, framed } from '../../../.storybook/helpers';
import { settingsFieldMessages } from '../../../src/api/contract/settings';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { AddressCard, EmailPreferencesCard, PhoneCard, PromotionalCard, SecurityCard } from '../../../src/features/settings/cards';
import { paths, patterns } from '../../../src/shared/paths';
import { profileMessages } from '../../../src/shared/profileOptions';
import { saveHandlers, securityQuestionsFixture, settingsServerMessages, validateEmailHandlers, validatePhoneHandlers, type SaveName } from '../../mocks/settings';
import { affiliateFixture } from '../../mocks/shell';
import { saveWith, shown } from './settingsPageStory';
import { PersonalCard } from '../../../src/features/settings/cards/PersonalCard';
import { Facts } from '../../../src/features/settings/SettingsCard';
import { NOT_SET } from '../../../src/features/settings/cards/cardKit';

/**
 * One settings card at a time, editable (the page's stories show the verification and the cards
 * together): the messages a card shows that the page's stories do not, each on the card it belongs
 * to, and each card while its save is out. A card alone renders in a fraction of the page's time, so
 * these are cheap to keep.
 */
const meta = {
  title: 'Features/Settings/Cards',
  // The personal card and the read-only Facts list are drawn by the Settings page stories.
  subcomponents: { PersonalCard, Facts },
  parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } satisfies PortalParameters,
  decorators: [framed({ maxWidth: 560 })],
  beforeEach: withMocks(validatePhoneHandlers.byDigits(), validateEmailHandlers.valid(), saveHandlers.allSaved()),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const onLocked = fn();

/** The editable cards by their titles (the title names the card's Edit button), each with the save it calls. */
const cards = {
  'Phone Information': { render: () => <PhoneCard affiliate={affiliateFixture} editable onLocked={onLocked} />, save: 'phoneDetails' },
  'Promotional Methods': { render: () => <PromotionalCard affiliate={affiliateFixture} editable onLocked={onLocked} />, save: 'promotionalDetails' },
  'Email Preferences': { render: () => <EmailPreferencesCard affiliate={affiliateFixture} editable onLocked={onLocked} />, save: 'emailPreferences' },
  Address: { render: () => <AddressCard affiliate={affiliateFixture} editable onLocked={onLocked} />, save: 'addressDetails' },
  Security: { render: () => <SecurityCard affiliate={affiliateFixture} editable onLocked={onLocked} questions={securityQuestionsFixture} />, save: 'securityDetails' },
} satisfies Record<string, { render: () => ReactElement; save: SaveName }>;
type CardName = keyof typeof cards;
type Card = ReturnType<typeof within>;

/** A story of `name`'s card opened for editing (its Edit pressed): `steps` run on the card, then the play ends settled. */
function editing(name: CardName, steps: (c: Card) => Promise<void>, ...handlers: AnyHandler[]): Story {
  return {
    ...(handlers.length > 0 && { beforeEach: withMocks(...handlers) }),
    render: cards[name].render,
    play: async ({ canvas }) => {
      await userEvent.click(canvas.getByRole('button', { name: `Edit ${name}` }));
      await steps(canvas);
      await screenSettled();
    },
  };
}

/** A save the card refuses: `field` of `name`'s card saved holding `text` shows `message`; `then` checks the rest. */
const refused = (name: CardName, field: string, text: string, message: string, then?: (c: Card, field: HTMLElement) => Promise<void>, ...handlers: AnyHandler[]) =>
  editing(
    name,
    async (c) => {
      const input = await saveWith(c, field, text);
      await shown(c, message);
      await then?.(c, input);
    },
    ...handlers,
  );

/** A description long enough for the promotional card (at least 50 characters). */
const DESCRIPTION = 'Personal finance reviews on my blog and a weekly newsletter with 12,000 subscribers.';

/** Puts DESCRIPTION into the promotional card's description; returns the field. */
async function describe(c: Card) {
  const description = c.getByRole('textbox', { name: 'How do you promote campaigns?' });
  await userEvent.clear(description);
  await userEvent.click(description);
  await userEvent.paste(DESCRIPTION);
  return description;
}

/**
 * Save pressed and its answer held back (the save's mock never answers): `change` edits the card and
 * returns a field that must wait; Save shows its spinner, that field and Cancel wait, and `then` checks
 * the rest. The spinner's ring is put back to its start before the screenshot, like every endless
 * animation (.storybook/vitest.setup.ts), so the picture does not depend on the moment.
 */
const saving = (name: CardName, change: (c: Card) => Promise<HTMLElement>, then?: (c: Card) => Promise<void>) =>
  editing(
    name,
    async (c) => {
      const field = await change(c);
      const save = c.getByRole('button', { name: 'Save' });
      await userEvent.click(save);
      await waitFor(() => expect(save).toHaveAttribute('data-pending', 'true'));
      await expect(save.querySelector('[data-spinner]')).not.toBeNull();
      await expect(field).toBeDisabled();
      await expect(c.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await then?.(c);
    },
    saveHandlers.pending(cards[name].save),
  );

/** Phone: the server's check refuses the mobile number ('Invalid mobile number', spec 001 §5); nothing saved. */
export const PhoneInvalid = refused('Phone Information', 'Mobile number', '555 01', profileMessages.invalidMobile, async (c) => {
  await expect(c.getByRole('button', { name: 'Save' })).toBeVisible();
});

/** Phone: the mobile number is required; no call is made. */
export const PhoneRequired = refused('Phone Information', 'Mobile number', '', settingsFieldMessages.mobile);

/** Cancel puts back what was saved: the read-only view shows it, and Edit starts from it again. */
export const CancelReverts = editing('Phone Information', async (c) => {
  const saved = affiliateFixture.affiliate_personal_information.mobile_phone;
  const mobile = c.getByRole('textbox', { name: 'Mobile number' });
  await userEvent.clear(mobile);
  await userEvent.type(mobile, '+44 7700 900999');
  await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
  await expect(c.getByText(saved)).toBeVisible();
  await userEvent.click(c.getByRole('button', { name: 'Edit Phone Information' }));
  await expect(c.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(saved);
  await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
});

/** A save that got no answer: 'Connection error.' on the card, what was typed stays, the card stays open. */
export const SaveConnectionError = refused(
  'Phone Information',
  'Phone number',
  '212 555 0199',
  CONNECTION_ERROR,
  async (c) => expect(c.getByRole('textbox', { name: 'Phone number' })).toHaveValue('212 555 0199'),
  saveHandlers.networkError('phoneDetails'),
);

/** Promotional methods: the website is required (spec 001 §5). */
export const PromotionalWebsiteRequired = refused('Promotional Methods', 'Website', '', settingsFieldMessages.website);

/** Promotional methods: a website without a host name with a dot marks the field itself, with the server's message. */
export const PromotionalWebsiteInvalid = refused('Promotional Methods', 'Website', 'my site', profileMessages.invalidWebsite, async (_c, field) => {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(expect.stringContaining(profileMessages.invalidWebsite));
});

/** Address read-only: a UK region is shown under 'State / region', never under 'State / province'. */
export const AddressForeignRegion: Story = {
  render: () => (
    <AddressCard
      affiliate={{ ...affiliateFixture, affiliate_address: { address1: '10 Downing St', address2: '', city: 'London', state: 'Greater London', country_code: 'GB', zipcode: 'SW1A 2AA' } }}
      editable={false}
      onLocked={onLocked}
    />
  ),
  play: async ({ canvas: c }) => {
    await expect(c.queryByText('State / province')).toBeNull();
    await expect(c.getByText('State / region')).toBeVisible();
    await expect(c.getByText('Greater London')).toBeVisible();
  },
};

/** Address read-only, nothing filled in yet: every empty fact reads 'Not set' (cardKit's NOT_SET), never a blank. */
export const AddressNotSet: Story = {
  render: () => (
    <AddressCard
      affiliate={{ ...affiliateFixture, affiliate_address: { address1: '', address2: '', city: '', state: '', country_code: 'US', zipcode: '' } }}
      editable={false}
      onLocked={onLocked}
    />
  ),
  play: async ({ canvas: c }) => {
    await expect(c.getAllByText(NOT_SET)).toHaveLength(4);
  },
};

/** Address read-only: a Canadian address holding a code that is not a province of Canada shows none. */
export const AddressStateOfAnotherCountry: Story = {
  render: () => (
    <AddressCard affiliate={{ ...affiliateFixture, affiliate_address: { ...affiliateFixture.affiliate_address, state: 'TX' } }} editable={false} onLocked={onLocked} />
  ),
  play: async ({ canvas: c }) => {
    await expect(c.getByText('State / province')).toBeVisible();
    await expect(c.queryByText('TX')).toBeNull();
  },
};

/** Email: the server answers 409, the address belongs to another account; the card stays open with it. */
export const EmailTaken = refused(
  'Email Preferences',
  'Email',
  'taken@example.com',
  settingsServerMessages.emailTaken,
  async (c) => expect(c.getByRole('textbox', { name: 'Email' })).toHaveValue('taken@example.com'),
  saveHandlers.failed('emailPreferences', settingsServerMessages.emailTaken, 409),
);

/** Security: the current password and both answers are required; every message at once, no call. */
export const SecurityRequired = editing('Security', async (c) => {
  await userEvent.click(c.getByRole('button', { name: 'Save' }));
  await shown(c, settingsFieldMessages.currentPassword);
  await shown(c, settingsFieldMessages.answer);
});

/** Phone: saving (after the server's check of the mobile number). */
export const PhoneSaving = saving(
  'Phone Information',
  async (c) => {
    await userEvent.type(c.getByRole('textbox', { name: 'Phone number' }), '212 555 0199');
    return c.getByRole('textbox', { name: 'Mobile number' });
  },
);

/** Address: saving; the country and state lists wait too. */
export const AddressSaving = saving(
  'Address',
  async (c) => {
    await userEvent.type(c.getByRole('textbox', { name: 'Address line 2' }), 'Suite 400');
    return c.getByRole('textbox', { name: 'City' });
  },
  async (c) => {
    await expect(c.getByRole('button', { name: /Country/ })).toBeDisabled();
    await expect(c.getByRole('button', { name: /State \/ province/ })).toBeDisabled();
  },
);

/** Promotional methods: saving. */
export const PromotionalSaving = saving('Promotional Methods', describe, async (c) => {
  await expect(c.getByRole('textbox', { name: 'Website' })).toBeDisabled();
});

/**
 * Promotional methods: the server refuses the website (the card only checks that there is one; the
 * server that it is an address); its message on the card, what was typed stays, the card stays open.
 */
export const PromotionalServerError = editing(
  'Promotional Methods',
  async (c) => {
    await describe(c);
    await saveWith(c, 'Website', 'my.blog');
    await shown(c, settingsServerMessages.website);
    await expect(c.getByRole('textbox', { name: 'Website' })).toHaveValue('my.blog');
    await expect(c.getByRole('textbox', { name: 'How do you promote campaigns?' })).toHaveValue(DESCRIPTION);
    await expect(c.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
  saveHandlers.failed('promotionalDetails', settingsServerMessages.website),
);

/** Email preferences: saving (after the server's check of the address); the switches wait too. */
export const EmailSaving: Story = {
  ...saving(
    'Email Preferences',
    async (c) => {
      await userEvent.click(c.getByRole('switch', { name: 'General mailings' }));
      return c.getByRole('textbox', { name: 'Email' });
    },
    async (c) => {
      await expect(c.getByRole('switch', { name: 'General mailings' })).toBeDisabled();
    },
  ),
  // Its first dark capture sometimes differs at the Cancel label (528 pixels; a CI rehearsal passed it
  // on the retry): the saving look is the other five cards' screenshots; the states are checked here.
  parameters: { visual: { skip: 'the saving look is in the other cards\' saving stories; its Cancel label sometimes captured mid-change' } },
};

/** Security: saving; the password fields and the questions wait too. */
export const SecuritySaving = saving(
  'Security',
  async (c) => {
    await userEvent.type(c.getByLabelText(/^Current password/), 'Demo-2026!');
    await userEvent.type(c.getByRole('textbox', { name: 'Answer 1' }), 'Rex');
    await userEvent.type(c.getByRole('textbox', { name: 'Answer 2' }), 'Elm');
    return c.getByLabelText(/^Current password/);
  },
  async (c) => {
    await expect(c.getByRole('textbox', { name: 'Answer 2' })).toBeDisabled();
  },
);
