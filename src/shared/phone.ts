import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { profileMessages } from './profileOptions';

/** Spec 001 sections 4 and 8: a mobile number the server does not accept. */
export const INVALID_MOBILE = profileMessages.invalidMobile;

/** Numbers without a country code are read as US numbers (spec 001: the phone inputs' default). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/**
 * A real check of an international number (libphonenumber-js with its full metadata: the number's
 * country, length and number type, not only its digits). Server side: the full metadata is ~145 KB.
 */
export function isValidPhone(number: string): boolean {
  const text = number.trim();
  if (!text || text.length > 40) return false;
  try {
    return isValidPhoneNumber(text, DEFAULT_PHONE_COUNTRY);
  } catch {
    return false;
  }
}
