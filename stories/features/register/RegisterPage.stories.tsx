import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { RegisterPage } from '../../../src/features/register/RegisterPage';
import { patterns } from '../../../src/shared/paths';
import { registrationMessages } from '../../../src/shared/registration';
import { registerHandlers } from '../../mocks/register';

const phone = { viewport: { viewports: { phone375: { name: 'Phone 375', styles: { width: '375px', height: '812px' }, type: 'mobile' } }, defaultViewport: 'phone375' } };
/** Every story: the security questions of the personal step. */
const mocks = (...handlers: Parameters<typeof withMocks>) => withMocks(registerHandlers.questions(), ...handlers);
const router = (url: string) => ({ router: { path: patterns.register, initialEntries: [url] } satisfies PortalParameters['router'] });

/** /register (spec 002 §2): the banners, the query parameters and the first steps; each step's states are the machine stories. */
const meta = {
  title: 'Features/Register/RegisterPage',
  component: RegisterPage,
  args: { productName: 'MaxBounty', siteId: '1', supportEmail: 'affiliates@example.com' },
  parameters: { layout: 'fullscreen', ...router('/register') },
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default banner; Yes asks for the other account, Back from it resets the answer to No. */
export const Default: Story = {
  beforeEach: mocks(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(registrationMessages.referralBonus)).toBeVisible());
    await expect(await canvas.findByRole('heading', { name: 'Welcome, Affiliate Summit readers' })).toBeVisible();
    await expect(canvasElement.querySelector('script, img[src="x"]')).toBeNull();
    await expect(localStorage.getItem('mb-ref')).toBe('5');
    await expect(localStorage.getItem('mb-blg')).toBeNull();
  },
};

/** Below 768 px the default banner shows as a message. */
export const DefaultPhone: Story = { parameters: phone, beforeEach: mocks() };

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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveValue('ada.lovelace@example.org'));
    await expect(canvas.getByRole('textbox', { name: /First Name/ })).toHaveValue('Ada');
  },
};

/** The re-application fetch answered success false. */
export const PrefillFailed: Story = {
  parameters: router('/register?token=abcdef0123456789abcdef'),
  beforeEach: mocks(registerHandlers.prefillFailed()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(registrationMessages.applicantDataFailed)).toBeVisible());
  },
};
