import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { PortalParameters } from '../../../.storybook/helpers';
import { settingsFieldMessages } from '../../../src/api/contract/settings';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { EmailPreferencesCard, PhoneCard, PromotionalCard, SecurityCard } from '../../../src/features/settings/cards';
import { paths, patterns } from '../../../src/shared/paths';
import { profileMessages } from '../../../src/shared/profileOptions';
import { saveHandlers, securityQuestionsFixture, settingsServerMessages, validateEmailHandlers, validatePhoneHandlers } from '../../mocks/settings';
import { affiliateFixture } from '../../mocks/shell';
import { animationsSettled, forgetDanglingAnnouncements } from '../shell/storyUtils';

/**
 * One settings card at a time, editable (the page's stories show the verification and the cards
 * together): the messages a card shows that the page's stories do not, each on the card it belongs
 * to. A card alone renders in a fraction of the page's time, so these are cheap to keep.
 */
const withMocks =
  (...handlers: (RequestHandler | RequestHandler[])[]) =>
  <A,>({ msw }: StoryContext<A>) => {
    msw.use(...handlers.flat());
  };

const meta = {
  title: 'Features/Settings/Cards',
  parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } satisfies PortalParameters,
  decorators: [(Story) => <div style={{ maxWidth: 560 }}><Story /></div>],
  beforeEach: withMocks(validatePhoneHandlers.byDigits(), validateEmailHandlers.valid(), saveHandlers.allSaved()),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** At least one element with the text is visible (a field's message may also be the card's). */
const shown = (root: ReturnType<typeof within>, text: string | RegExp) =>
  waitFor(() => expect(root.getAllByText(text).some((el: HTMLElement) => el.checkVisibility({ opacityProperty: true }))).toBe(true));

const settled = async () => {
  await animationsSettled();
  forgetDanglingAnnouncements();
};

async function edit(canvasElement: HTMLElement, name: string) {
  const c = within(canvasElement);
  await userEvent.click(c.getByRole('button', { name: `Edit ${name}` }));
  return c;
}

const onLocked = fn();

/** Phone: the server's check refuses the mobile number ('Invalid mobile number', spec 001 §5); nothing saved. */
export const PhoneInvalid: Story = {
  render: () => <PhoneCard affiliate={affiliateFixture} editable onLocked={onLocked} />,
  play: async ({ canvasElement }) => {
    const c = await edit(canvasElement, 'Phone Information');
    const mobile = c.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '555 01');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, profileMessages.invalidMobile);
    await expect(c.getByRole('button', { name: 'Save' })).toBeVisible();
    await settled();
  },
};

/** Phone: the mobile number is required; no call is made. */
export const PhoneRequired: Story = {
  render: () => <PhoneCard affiliate={affiliateFixture} editable onLocked={onLocked} />,
  play: async ({ canvasElement }) => {
    const c = await edit(canvasElement, 'Phone Information');
    await userEvent.clear(c.getByRole('textbox', { name: 'Mobile number' }));
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, settingsFieldMessages.mobile);
    await settled();
  },
};

/** Cancel puts back what was saved: the read-only view shows it, and Edit starts from it again. */
export const CancelReverts: Story = {
  render: () => <PhoneCard affiliate={affiliateFixture} editable onLocked={onLocked} />,
  play: async ({ canvasElement }) => {
    const saved = affiliateFixture.affiliate_personal_information.mobile_phone;
    const c = await edit(canvasElement, 'Phone Information');
    const mobile = c.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '+44 7700 900999');
    await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
    await expect(c.getByText(saved)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Edit Phone Information' }));
    await expect(c.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(saved);
    await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
    await settled();
  },
};

/** A save that got no answer: 'Connection error.' on the card, what was typed stays, the card stays open. */
export const SaveConnectionError: Story = {
  beforeEach: withMocks(saveHandlers.networkError('phoneDetails')),
  render: () => <PhoneCard affiliate={affiliateFixture} editable onLocked={onLocked} />,
  play: async ({ canvasElement }) => {
    const c = await edit(canvasElement, 'Phone Information');
    const phone = c.getByRole('textbox', { name: 'Phone number' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '212 555 0199');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, CONNECTION_ERROR);
    await expect(c.getByRole('textbox', { name: 'Phone number' })).toHaveValue('212 555 0199');
    await settled();
  },
};

/** Promotional methods: the website is required (spec 001 §5). */
export const PromotionalWebsiteRequired: Story = {
  render: () => <PromotionalCard affiliate={affiliateFixture} editable onLocked={onLocked} />,
  play: async ({ canvasElement }) => {
    const c = await edit(canvasElement, 'Promotional Methods');
    await userEvent.clear(c.getByRole('textbox', { name: 'Website' }));
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, settingsFieldMessages.website);
    await settled();
  },
};

/** Email: the server answers 409, the address belongs to another account; the card stays open with it. */
export const EmailTaken: Story = {
  beforeEach: withMocks(saveHandlers.failed('emailPreferences', settingsServerMessages.emailTaken, 409)),
  render: () => <EmailPreferencesCard affiliate={affiliateFixture} editable onLocked={onLocked} />,
  play: async ({ canvasElement }) => {
    const c = await edit(canvasElement, 'Email Preferences');
    const email = c.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, settingsServerMessages.emailTaken);
    await expect(c.getByRole('textbox', { name: 'Email' })).toHaveValue('taken@example.com');
    await settled();
  },
};

/** Security: the current password and both answers are required; every message at once, no call. */
export const SecurityRequired: Story = {
  render: () => <SecurityCard affiliate={affiliateFixture} editable onLocked={onLocked} questions={securityQuestionsFixture} />,
  play: async ({ canvasElement }) => {
    const c = await edit(canvasElement, 'Security');
    await userEvent.click(c.getByRole('button', { name: 'Save' }));
    await shown(c, settingsFieldMessages.currentPassword);
    await shown(c, settingsFieldMessages.answer);
    await settled();
  },
};
