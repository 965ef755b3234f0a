import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactElement } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { forgetDanglingAnnouncements, phone, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { DRAFT_KEY, forgetDraft } from '../../../src/features/register/draft';
import { RegisterPage } from '../../../src/features/register/RegisterPage';
import { patterns } from '../../../src/shared/paths';
import { registrationMessages } from '../../../src/shared/registration';
import { registerHandlers } from '../../mocks/register';
import { registrationSample, sampleIdImage } from '../../mocks/registerSamples';

/** Every story: the security questions of the personal step. */
const mocks = (...handlers: Parameters<typeof withMocks>) => withMocks(registerHandlers.questions(), ...handlers);
const router = (url: string) => ({ router: { path: patterns.register, initialEntries: [url] } satisfies PortalParameters['router'] });

/** /register (spec 002 §2): the banners, the query parameters and the first steps; each step's states are the machine stories. */
const meta = {
  title: 'Features/Register/RegisterPage',
  component: RegisterPage,
  args: { productName: 'MaxBounty', siteId: '1', supportEmail: 'affiliates@example.com' },
  parameters: { layout: 'fullscreen', ...router('/register') },
  // Each story starts a fresh visit: no draft of an earlier one in this tab.
  beforeEach: () => forgetDraft(),
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Fills the personal information step: Ada Lovelace, her e-mail and a password typed twice. */
async function fillPersonal(canvas: ReturnType<typeof within>) {
  await userEvent.type(canvas.getByRole('textbox', { name: /First Name/ }), 'Ada');
  await userEvent.type(canvas.getByRole('textbox', { name: /Last Name/ }), 'Lovelace');
  await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@example.org');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'Engine-1843');
  await userEvent.type(canvas.getByLabelText(/^Re-Enter Password/), 'Engine-1843');
}

/**
 * The default banner; Yes asks for the other account, Back from it resets the answer to No. The link's
 * referrer and mktg are not numbers: no bonus, no partner, nothing stored (spec 002 §5 "Stored ids").
 */
export const Default: Story = {
  parameters: router('/register?referrer=5x&mktg=three'),
  beforeEach: mocks(),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(canvas.queryByText(registrationMessages.referralBonus)).toBeNull();
    await expect(localStorage.getItem('mb-ref')).toBeNull();
    await expect(localStorage.getItem('mb-mktg')).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText(registrationMessages.otherAffiliateIdRequired)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked());
  },
};

/** referrer=5 and mktg=3: the referral banner and the partner's banner (its HTML sanitised: no script, no image). */
export const ReferralAndPartner: Story = {
  parameters: router('/register?referrer=5&mktg=3&blg=x'),
  beforeEach: mocks(registerHandlers.partner()),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByText(registrationMessages.referralBonus)).toBeVisible());
    await expect(await canvas.findByRole('heading', { name: 'Welcome, Affiliate Summit readers' })).toBeVisible();
    await expect(canvasElement.querySelector('script, img[src="x"]')).toBeNull();
    await expect(localStorage.getItem('mb-ref')).toBe('5');
    await expect(localStorage.getItem('mb-mktg')).toBe('3');
    await expect(localStorage.getItem('mb-blg')).toBeNull();
  },
};

/** Below 768 px the default banner shows as a message. */
export const DefaultPhone: Story = { parameters: phone, beforeEach: mocks() };

/**
 * At 375 px every step of the wizard fits the width (nothing scrolls sideways), from the question to
 * the thank-you page; the screenshot is the last page.
 */
export const PhoneWalk: Story = {
  parameters: phone,
  beforeEach: mocks(registerHandlers.accepting()),
  play: async ({ canvas, canvasElement }) => {
    const fits = async (step: string) => {
      await canvas.findByRole('form', { name: step });
      await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    };
    const next = (name = 'Next') => userEvent.click(canvas.getByRole('button', { name }));
    const choose = async (label: RegExp, option?: string) => {
      await userEvent.click(canvas.getByRole('button', { name: label }));
      const listbox = await screen.findByRole('listbox');
      await userEvent.click(option ? within(listbox).getByRole('option', { name: option }) : within(listbox).getAllByRole('option')[0]);
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    };

    await fits('Your account');
    await next();
    await fits('Personal information');
    await fillPersonal(canvas);
    await fits('Personal information');
    await next();
    await fits('Contact');
    await userEvent.type(canvas.getByRole('textbox', { name: /Mobile Phone Number/ }), '2125550187');
    await choose(/Your Time Zone/);
    await choose(/When can you be reached/);
    await fits('Contact');
    await next();
    await fits('Address');
    await userEvent.type(canvas.getByRole('textbox', { name: /Street Address/ }), '1 Main St');
    await userEvent.type(canvas.getByRole('textbox', { name: /^City/ }), 'Albany');
    await choose(/North American State\/Province/, 'New York');
    await userEvent.type(canvas.getByRole('textbox', { name: /Zip/ }), '12207');
    await fits('Address');
    await next();
    await fits('Identification');
    await userEvent.upload(canvasElement.querySelector<HTMLInputElement>('input[type=file]')!, sampleIdImage());
    await canvas.findByRole('img', { name: 'Photo ID, front: preview' });
    await fits('Identification');
    await next();
    await fits('Experience');
    await choose(/How did you hear about us/, 'Google');
    await userEvent.click(canvas.getByRole('radio', { name: 'Some experience, paid by at least one network' }));
    await userEvent.click(canvas.getByLabelText(/Describe your experience/));
    await userEvent.paste('Five years of search and social campaigns for finance and insurance offers.');
    await userEvent.click(canvas.getByLabelText(/How will you promote our offers/));
    await userEvent.paste('Comparison pages on my own sites, search ads and a weekly newsletter.');
    await fits('Experience');
    await next();
    await fits('Terms');
    // By keyboard: the third box's label holds the link to the terms.
    for (const box of canvas.getAllByRole('checkbox')) {
      box.focus();
      await userEvent.keyboard(' ');
      await expect(box).toBeChecked();
    }
    await fits('Terms');
    await next('Submit');
    await canvas.findByRole('heading', { name: 'Confirm your e-mail address' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    // The pending Next and Submit buttons' busy announcements outlive them (react-aria keeps them 7 s).
    forgetDanglingAnnouncements();
  },
};

/** Below 768 px the partner's banner shows as a message. */
export const PartnerPhone: Story = {
  parameters: { ...phone, ...router('/register?mktg=3') },
  beforeEach: mocks(registerHandlers.partner()),
  play: async ({ canvasElement }) => {
    // The wide banner is hidden at this width; the message (after it) shows the content.
    await waitFor(() => expect(within(canvasElement).getAllByText(/priority review/).at(-1)).toBeVisible());
  },
};

/** token= and new_app=true: the earlier application's details fill the personal step. */
export const Prefilled: Story = {
  parameters: router('/register?token=abcdef0123456789abcdef&new_app=true'),
  beforeEach: mocks(registerHandlers.prefill()),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveValue('ada.lovelace@example.org'));
    await expect(canvas.getByRole('textbox', { name: /First Name/ })).toHaveValue('Ada');
    // Spec 002 §3: the details' `contact` is the company.
    await expect(canvas.getByRole('textbox', { name: /Company Name/ })).toHaveValue('Lovelace Media');
  },
};

/** The re-application fetch answered success false. */
export const PrefillFailed: Story = {
  parameters: router('/register?token=abcdef0123456789abcdef'),
  beforeEach: mocks(registerHandlers.prefillFailed()),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText(registrationMessages.applicantDataFailed)).toBeVisible());
  },
};

/** The router's navigate, as the browser's Back and Forward buttons use it. */
let browser: NavigateFunction = () => undefined;
function BrowserButtons() {
  browser = useNavigate();
  return null;
}
const withBrowserButtons = (Story: () => ReactElement) => (
  <>
    <BrowserButtons />
    <Story />
  </>
);

/**
 * One history entry per step: the browser's Back goes to the step before (not out of the wizard) and
 * Forward comes back, with every entry kept; after each move the step's heading has the focus.
 */
export const BrowserBackAndForwardMoveBetweenSteps: Story = {
  decorators: [withBrowserButtons],
  beforeEach: mocks(registerHandlers.accepting()),
  play: async ({ canvas }) => {
    const onStep = async (name: string) => {
      await canvas.findByRole('form', { name });
      await waitFor(() => expect(canvas.getByRole('heading', { level: 2, name })).toHaveFocus());
    };
    await canvas.findByRole('form', { name: 'Your account' });
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await onStep('Personal information');
    await fillPersonal(canvas);
    await userEvent.keyboard('{Enter}');
    await onStep('Contact');

    browser(-1);
    await onStep('Personal information');
    await expect(canvas.getByRole('textbox', { name: /First Name/ })).toHaveValue('Ada');
    browser(-1);
    await onStep('Your account');
    browser(1);
    await onStep('Personal information');
    await expect(canvas.getByLabelText(/^Password/)).toHaveValue('Engine-1843');
    browser(1);
    await onStep('Contact');
    // The page's own Back button goes back one entry too.
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await onStep('Personal information');
    browser(-1);
    await onStep('Your account');
    forgetDanglingAnnouncements();
  },
};

/** Kept for a reload of this tab (sessionStorage): what was typed, never the passwords or security answers. */
export const DraftKeptWithoutPasswords: Story = {
  beforeEach: mocks(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await canvas.findByRole('form', { name: 'Personal information' });
    await userEvent.type(canvas.getByRole('textbox', { name: /First Name/ }), 'Ada');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'Engine-1843');
    await userEvent.type(canvas.getByLabelText(/^Re-Enter Password/), 'Engine-1843');
    await waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toContain('"firstname":"Ada"'));
    await expect(sessionStorage.getItem(DRAFT_KEY)).not.toContain('Engine-1843');
    await expect(sessionStorage.getItem(DRAFT_KEY)).toContain('"step":"personal"');
  },
};

/**
 * After a reload on the address step: everything typed is back, on personal info, where the passwords
 * (never kept) are asked again.
 */
export const ReloadKeepsWhatWasTyped: Story = {
  beforeEach: [
    mocks(),
    () => {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ fields: { ...registrationSample, password: undefined, password2: undefined }, step: 'address', appToken: '0123456789abcdef0123456789abcdef' }));
    },
  ],
  play: async ({ canvas }) => {
    await canvas.findByRole('form', { name: 'Personal information' });
    await expect(canvas.getByRole('textbox', { name: /First Name/ })).toHaveValue(registrationSample.firstname);
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveValue(registrationSample.email);
    await expect(canvas.getByLabelText(/^Password/)).toHaveValue('');
  },
};
