import { z } from 'zod';
import { SafeText } from './common';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

const YesNo = z.enum(['Y', 'N']);

/** The assigned affiliate manager (spec 000 section 3, 002 section 3). Images are URLs. */
export const AffiliateManager = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  im_handle: z.string(),
  image: z.string(),
  telegram_qr_code: z.string(),
});
export type AffiliateManager = z.infer<typeof AffiliateManager>;

/** Global postback types (spec 002 section 2): empty, L URL, I HTML, S server-to-server URL. */
export const GlobalPostbackType = z.enum(['', 'L', 'I', 'S']);

/** The platform the affiliate is paid through: Payoneer or Tipalti, empty before one is chosen (spec 001 §1, §3). */
export const PaymentPlatform = z.enum(['', 'Payoneer', 'Tipalti']);
export type PaymentPlatform = z.infer<typeof PaymentPlatform>;

/**
 * GET /affiliate: the fields of spec 002 section 7 (what the shell reads at start), extended with
 * the profile record of spec 001 section 3 so one call feeds both the shell and the settings page.
 */
export const AffiliateResponse = successEnvelope({
  publisher_id: z.number().int(),
  affiliate_personal_information: z.object({
    name: z.string(),
    company: z.string(),
    email: z.string(),
    phone: z.string(),
    mobile_phone: z.string(),
    /** 'id,offsetHours' as in the time zone option list (spec 001 section 3). */
    time_zone: z.string(),
    contact_time: z.object({ value: z.number().int(), text: z.string() }),
    im_handle: z.string(),
    /** YYYY-MM-DD */
    registration_date: z.string(),
  }),
  affiliate_address: z.object({
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    country_code: z.string(),
    zipcode: z.string(),
  }),
  maxmoney_balance: z.number(),
  affiliate_manager: AffiliateManager,
  promotional_methods: z.object({
    promotion: z.string(),
    website: z.string(),
    incentive: YesNo,
    global_callback_type: GlobalPostbackType,
    global_callback_code: z.string(),
    /** The reversal postback URL (POST /affiliate/reversalPostback); '' when none. */
    reversal_callback_url: z.string(),
  }),
  email_preferences: z.object({ general_mailings: YesNo, campaign_notices: YesNo }),
  security: z.object({
    question1: z.object({ question_id: z.number().int(), description: z.string(), answer: z.string() }),
    question2: z.object({ question_id: z.number().int(), description: z.string(), answer: z.string() }),
  }),
  /**
   * Present once two-factor is active. The value is a presence marker, never the TOTP secret:
   * the secret is shown only once, during set-up.
   */
  otp_details: z.object({ otp_key: z.string().optional() }),
  payment_information: z.object({
    payee: z.string(),
    method: z.string(),
    platform: PaymentPlatform,
    tmp_payoneer: z.number().int(),
  }),
  affiliate_flags: z.array(z.number().int()),
  /**
   * While this session may save profile changes (after a settings code check; docs/settings.md):
   * the window's end, ISO 8601. Absent when the settings are read-only.
   */
  settings_editable_until: z.string().optional(),
});
export type AffiliateResponse = z.infer<typeof AffiliateResponse>;

export const ValidationResponse = successEnvelope({
  isValid: z.boolean(),
  /** When not valid: the message to show (spec 002 section 5). */
  message: z.string().optional(),
});

export const affiliateEndpoints = {
  getAffiliate: endpoint({
    method: 'GET',
    path: '/affiliate',
    access: 'session',
    tags: ['affiliate'],
    summary: 'The signed-in affiliate (spec 002 section 7; profile fields of spec 001 section 3)',
    // log=true (spec 001 section 7) is accepted and answered the same. The portal does not send it: one
    // cached affiliate query serves the shell and the settings page (decision, docs/settings.md).
    query: z.object({ log: z.enum(['true', 'false']).optional() }),
    response: AffiliateResponse,
  }),
  validatePhone: endpoint({
    method: 'GET',
    path: '/affiliate/validatePhone',
    access: 'session',
    tags: ['affiliate'],
    summary: 'Whether a phone number is a real number (libphonenumber-js; without a country code, a US number)',
    query: z.object({ m: SafeText().max(100, 'is too long') }),
    response: ValidationResponse,
  }),
  validateEmail: endpoint({
    method: 'GET',
    path: '/affiliate/validateEmail',
    access: 'session',
    tags: ['affiliate'],
    summary: "Whether an e-mail address may be used: well formed, free of the banned words of spec 002 section 5, and not the affiliate's own address already known to be undeliverable (flag 121)",
    query: z.object({ email: SafeText().max(1000, 'is too long') }),
    response: ValidationResponse,
  }),
};
