import { affiliateEndpoints } from '../../src/api/contract/affiliate';
import { registerEndpoints, type SecurityQuestion } from '../../src/api/contract/register';
import { settingsEndpoints } from '../../src/api/contract/settings';
import { twoFactorEndpoints } from '../../src/api/contract/twoFactor';
import { profileMessages } from '../../src/shared/profileOptions';
import { mocksOf, type MockOptions } from './http';

/**
 * MSW handlers of the settings page's calls (src/api/settingsApi.ts, spec 001 §7 Profile), with the
 * server's messages (server/modules/settings/service.ts).
 */

export const settingsServerMessages = {
  locked: 'Please verify your account to change your settings (a verification lasts 15 minutes).',
  emailTaken: 'This email address is already used by another account.',
  wrongPassword: 'Your current password is not correct.',
  website: 'Please enter a valid website address, such as example.com.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

export const securityQuestionsFixture: SecurityQuestion[] = [
  { id: 1, question: 'What was the name of your first pet?', question_group: 1 },
  { id: 2, question: 'What is the name of the street you grew up on?', question_group: 1 },
  { id: 3, question: 'What was the make of your first car?', question_group: 1 },
  { id: 6, question: 'What was the name of your first school?', question_group: 2 },
  { id: 7, question: 'What is your oldest cousin\u2019s first name?', question_group: 2 },
  { id: 8, question: 'What was your childhood nickname?', question_group: 2 },
];

const questions = mocksOf(registerEndpoints.getSecurityQuestions);
export const securityQuestionHandlers = {
  ...questions,
  loaded: () => questions.answer({ success: true, securityQuestions: securityQuestionsFixture }),
};

const phone = mocksOf(affiliateEndpoints.validatePhone);
export const validatePhoneHandlers = {
  ...phone,
  /** A number is valid when it has at least 10 digits (the real check is the server's libphonenumber-js). */
  byDigits: (options?: MockOptions) =>
    phone.answer(({ query }) => {
      const digits = (query.m ?? '').replace(/\D/g, '');
      return digits.length >= 10 ? { success: true, isValid: true } : { success: true, isValid: false, message: profileMessages.invalidMobile };
    }, options),
};

const email = mocksOf(affiliateEndpoints.validateEmail);
export const validateEmailHandlers = {
  ...email,
  valid: (options?: MockOptions) => email.answer({ success: true, isValid: true }, options),
  invalid: (message = 'This email address is invalid.') => email.answer({ success: true, isValid: false, message }),
};

const saves = Object.fromEntries(Object.entries(settingsEndpoints).map(([name, ep]) => [name, mocksOf(ep)])) as {
  [K in keyof typeof settingsEndpoints]: ReturnType<typeof mocksOf<(typeof settingsEndpoints)[K]>>;
};
const savedMessages: Record<keyof typeof settingsEndpoints, string> = {
  personalDetails: 'Your personal information has been saved.',
  phoneDetails: 'Your phone numbers have been saved.',
  addressDetails: 'Your address has been saved.',
  promotionalDetails: 'Your promotional methods have been saved.',
  emailPreferences: 'Your email preferences have been saved.',
  securityDetails: 'Your security settings have been saved.',
};
export type SaveName = keyof typeof settingsEndpoints;
export const saveHandlers = {
  /** Every save answers success. */
  allSaved: (options?: MockOptions) => (Object.keys(saves) as SaveName[]).map((name) => saves[name].answer({ success: true, message: savedMessages[name] }, options)),
  saved: (name: SaveName, options?: MockOptions) => saves[name].answer({ success: true, message: savedMessages[name] }, options),
  failed: (name: SaveName, message: string, status = 400) => saves[name].failure(message, status),
  pending: (name: SaveName) => saves[name].pending(),
  networkError: (name: SaveName) => saves[name].networkError(),
};

const otpCancel = mocksOf(twoFactorEndpoints.otpCancel);
export const otpCancelHandlers = {
  ...otpCancel,
  deactivated: (options?: MockOptions) => otpCancel.answer({ success: true, otpDeactivated: true, message: 'Google Authenticator has been deactivated.' }, options),
};
