import { z } from 'zod';
import { SafeText } from './common';
import { endpoint, type ErrorStatus } from './endpoint';
import { successEnvelope } from './envelope';

/**
 * The six saves of the profile (spec 001 section 7), each behind the settings verification window
 * (docs/settings.md "Verification window"). The bodies carry the spec's field names. The contract
 * checks the shape and lengths; the rules that need a library or the database (a real phone
 * number, an allowed e-mail address, a state of the chosen country, the current password) are
 * re-checked by the server's handlers with the same messages the page shows (spec 001 sections 5, 8).
 */

const YesNo = z.enum(['Y', 'N'], { message: 'Please choose Yes or No.' });
/** Optional text: absent or empty is ''. */
const optionalText = (max: number, tooLong: string) => SafeText().trim().max(max, tooLong).default('');
const requiredText = (max: number, missing: string, tooLong: string) => SafeText().trim().min(1, missing).max(max, tooLong);

export const settingsFieldMessages = {
  name: 'Please enter your name.',
  timezone: 'Please choose your time zone.',
  contactTime: 'Please choose the best time to contact you.',
  mobile: 'Please enter your mobile number.',
  address1: 'Please enter your address.',
  city: 'Please enter your city.',
  country: 'Please choose your country.',
  zipcode: 'Please enter your zip / postal code.',
  promotion: 'Please describe how you promote campaigns.',
  website: 'Please enter your website.',
  email: 'Please enter your e-mail address.',
  currentPassword: 'Please enter your current password.',
  question: 'Please choose a security question.',
  answer: 'Please answer both security questions.',
  incentive: 'The incentive setting is managed by your affiliate manager: please contact them to change it.',
} as const;

const tooLong = (what: string) => `The ${what} is too long.`;

export const PersonalDetailsRequest = z.object({
  name: requiredText(100, settingsFieldMessages.name, tooLong('name')),
  company: optionalText(100, tooLong('company name')),
  mobile: optionalText(40, tooLong('mobile number')),
  phone: optionalText(40, tooLong('phone number')),
  /** 'id,offsetHours' of the time-zone list (src/shared/profileOptions.ts). */
  timezone: requiredText(20, settingsFieldMessages.timezone, settingsFieldMessages.timezone),
  /** A value of the best-time-to-contact list; the form sends its {value, text} or the number. */
  contact_time: z
    .union([z.number(), z.string(), z.object({ value: z.union([z.number(), z.string()]) }).transform((v) => v.value)], { message: settingsFieldMessages.contactTime })
    .transform((v) => Number(v))
    .pipe(z.number({ message: settingsFieldMessages.contactTime }).int(settingsFieldMessages.contactTime)),
  im_handle: optionalText(100, tooLong('Telegram handle')),
});
export type PersonalDetailsRequest = z.input<typeof PersonalDetailsRequest>;

export const PhoneDetailsRequest = z.object({
  mobile: requiredText(40, settingsFieldMessages.mobile, tooLong('mobile number')),
  phone: optionalText(40, tooLong('phone number')),
});
export type PhoneDetailsRequest = z.input<typeof PhoneDetailsRequest>;

export const AddressDetailsRequest = z.object({
  address1: requiredText(200, settingsFieldMessages.address1, tooLong('address')),
  address2: optionalText(200, tooLong('second address line')),
  city: requiredText(100, settingsFieldMessages.city, tooLong('city name')),
  /** A state code of the list when the country is US or CA. */
  state: optionalText(10, 'You must select a state / province.'),
  /** The free-text state of other countries. */
  non_state: optionalText(100, tooLong('state / region')),
  country: z.object(
    { text: SafeText().max(100, tooLong('country name')).default(''), key: SafeText().trim().min(1, settingsFieldMessages.country).max(2, settingsFieldMessages.country) },
    { message: settingsFieldMessages.country },
  ),
  zipcode: requiredText(20, settingsFieldMessages.zipcode, tooLong('zip / postal code')),
});
export type AddressDetailsRequest = z.input<typeof AddressDetailsRequest>;

export const PromotionalDetailsRequest = z.object({
  promotion: requiredText(5000, settingsFieldMessages.promotion, tooLong('description')),
  website: requiredText(500, settingsFieldMessages.website, tooLong('website address')),
  /** Never changed by the affiliate (spec 001 section 6): a body carrying it is refused. */
  incentive: z.unknown().optional(),
});
export type PromotionalDetailsRequest = z.input<typeof PromotionalDetailsRequest>;

export const EmailPreferencesRequest = z.object({
  email: requiredText(254, settingsFieldMessages.email, 'This email address is invalid.'),
  general_mailings: YesNo,
  campaign_notices: YesNo,
});
export type EmailPreferencesRequest = z.input<typeof EmailPreferencesRequest>;

const questionId = z.coerce.number({ message: settingsFieldMessages.question }).int(settingsFieldMessages.question).min(1, settingsFieldMessages.question).max(2_147_483_647, settingsFieldMessages.question);

export const SecurityDetailsRequest = z.object({
  password: SafeText().min(1, settingsFieldMessages.currentPassword).max(200, settingsFieldMessages.currentPassword),
  /** Empty: the password stays as it is. */
  newPassword1: SafeText().max(200, tooLong('new password')).default(''),
  newPassword2: SafeText().max(200, tooLong('new password')).default(''),
  security_q1: questionId,
  security_a1: requiredText(200, settingsFieldMessages.answer, tooLong('answer')),
  security_q2: questionId,
  security_a2: requiredText(200, settingsFieldMessages.answer, tooLong('answer')),
});
export type SecurityDetailsRequest = z.input<typeof SecurityDetailsRequest>;

export const SaveResponse = successEnvelope({ message: z.string() });
export type SaveResponse = z.infer<typeof SaveResponse>;

const tags = ['settings'];
const save = (path: string, summary: string) => ({
  method: 'POST' as const,
  path,
  access: 'session' as const,
  tags,
  summary: `${summary}. Only inside the settings verification window (403 otherwise); every rule re-checked; one transaction`,
  response: SaveResponse,
  errors: [403, 409] as readonly ErrorStatus[],
});

export const settingsEndpoints = {
  personalDetails: endpoint({ ...save('/affiliate/personalDetails', 'Save the Personal Information card'), body: PersonalDetailsRequest }),
  phoneDetails: endpoint({ ...save('/affiliate/phoneDetails', 'Save the Phone Information card'), body: PhoneDetailsRequest }),
  addressDetails: endpoint({ ...save('/affiliate/addressDetails', 'Save the Address card'), body: AddressDetailsRequest }),
  promotionalDetails: endpoint({ ...save('/affiliate/promotionalDetails', 'Save the Promotional Methods card (the incentive setting is not changed here)'), body: PromotionalDetailsRequest }),
  emailPreferences: endpoint({ ...save('/affiliate/emailPreferences', 'Save the Email Preferences card; clears the undeliverable flag (121)'), body: EmailPreferencesRequest }),
  securityDetails: endpoint({ ...save('/affiliate/securityDetails', 'Save the Security card: current password checked, new password hashed, security questions'), body: SecurityDetailsRequest }),
};
