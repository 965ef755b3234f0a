import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { AffiliateResponse } from '../../../src/api/contract/affiliate';
import { DashboardHome } from '../../../src/features/dashboard/DashboardHome';

const affiliate: AffiliateResponse = {
  success: true,
  publisher_id: 1001,
  affiliate_personal_information: {
    name: 'Jordan Demo',
    company: 'Demo Media',
    email: 'demo@example.com',
    phone: '',
    mobile_phone: '+1 416 555 0100',
    time_zone: '9,-5',
    contact_time: { value: 6, text: 'Anytime' },
    im_handle: '@jordandemo',
    registration_date: '2026-06-01',
  },
  affiliate_address: { address1: '1 King St W', address2: '', city: 'Toronto', state: 'ON', country_code: 'CA', zipcode: 'M5H 1A1' },
  maxmoney_balance: 125.5,
  affiliate_manager: { name: 'Avery Manager', email: 'avery@example.com', phone: '+1 416 555 0199', im_handle: '@avery', image: '', telegram_qr_code: '' },
  promotional_methods: { promotion: 'E-mail newsletters', website: 'https://example.com', incentive: 'N', global_callback_type: '', global_callback_code: '' },
  email_preferences: { general_mailings: 'Y', campaign_notices: 'Y' },
  security: {
    question1: { question_id: 1, description: 'First pet?', answer: '' },
    question2: { question_id: 7, description: 'First school?', answer: '' },
  },
  otp_details: {},
  payment_information: { payee: 'Jordan Demo', method: 'None', platform: '', tmp_payoneer: 0 },
  affiliate_flags: [183],
};

const meta = {
  title: 'Features/Dashboard/DashboardHome',
  component: DashboardHome,
  args: { onLogout: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardHome>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('/api/affiliate', () => HttpResponse.json(affiliate)));
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Jordan Demo')).toBeVisible();
    await expect(canvas.getByText(/ID 1001/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('/api/affiliate', async () => {
      await delay('infinite');
      return HttpResponse.json(affiliate);
    }));
  },
};

export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('/api/affiliate', () => HttpResponse.json({ success: false, errors: { message: 'Database unavailable', code: 500 } }, { status: 500 })));
  },
  play: async ({ canvasElement }) => {
    const message = await within(canvasElement).findByText('There was an error signing in. Please try again.');
    // The banner fades in over 200 ms.
    await waitFor(() => expect(message).toBeVisible());
  },
};

export const LoggingOut: Story = {
  args: { isLoggingOut: true },
  beforeEach: Loaded.beforeEach,
};

export const Dark: Story = { beforeEach: Loaded.beforeEach, globals: { theme: 'dark' } };
