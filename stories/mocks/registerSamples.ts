import { emptyFields, type RegistrationFields } from '../../src/machines/registration.machine';
import { TIME_ZONES } from '../../src/shared/profileOptions';

/** A 1×1 PNG: a real image, so the identification step's preview shows and the server would accept it. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export function sampleIdImage(name = 'id-front.png'): File {
  return new File([Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
}

/** An application that passes every step's rules. Pure data (read by the machine-story generator in Node). */
export const registrationSample: RegistrationFields = {
  ...emptyFields,
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Media',
  email: 'ada.lovelace@example.org',
  password: 'Engine-1843',
  password2: 'Engine-1843',
  mobile: '4165550123',
  timezone: TIME_ZONES[4].value,
  contact_time: '1',
  im_handle: '@ada',
  address_1: '12 King Street West',
  city: 'Toronto',
  country: 'CA',
  state: 'ON',
  zipcode: 'M5H 1A1',
  hear_about_source: 'google',
  experience_level: '2',
  experience_description: 'Five years of search and social campaigns for finance and insurance offers.',
  promotion: 'Comparison pages on my own sites, search ads and a weekly newsletter of 20,000 readers.',
  agree_no_sharing: true,
  agree_no_freelancers: true,
  agree_terms: true,
};
