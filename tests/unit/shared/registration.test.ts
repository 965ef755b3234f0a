import { describe, expect, it } from 'vitest';
import {
  EXPERIENCE_LEVELS,
  HEAR_ABOUT_SOURCES,
  firstProblem,
  numericId,
  registrationMessages as M,
  validateAddress,
  validateContact,
  validateExistingAccount,
  validateExperience,
  validateIdentification,
  validatePersonal,
  validateRegistration,
  validateTerms,
} from '../../../src/shared/registration';

const fifty = 'I have run search and social campaigns for three years.';
const personal = { firstname: 'Ada', lastname: 'Lovelace', company: '', email: 'ada@example.com', password: 'secret#123', password2: 'secret#123' };
const contact = { mobile: '+1 212 555 0100', timezone: '11,-5', contact_time: '6', im_handle: '' };
const address = { address_1: '1 Main St', city: 'Albany', country: 'US', state: 'NY', zipcode: '12207' };
const experience = { hear_about_source: 'google', experience_level: '2', experience_description: fifty, promotion: fifty };
const terms = { agree_no_sharing: 'true', agree_no_freelancers: 'true', agree_terms: 'true' };
const good = { existing_account: 'no', ...personal, ...contact, ...address, ...experience, ...terms };

describe('registration option lists', () => {
  it("keeps the contract's spelling 'coference' with a readable label, and four levels 0-3", () => {
    expect(HEAR_ABOUT_SOURCES.find((s) => s.value === 'coference')?.label).toBe('A conference');
    expect(HEAR_ABOUT_SOURCES).toHaveLength(9);
    expect(EXPERIENCE_LEVELS.map((l) => l.value)).toEqual([0, 1, 2, 3]);
  });
});

describe('a whole good application passes', () => {
  it('has no problem', () => expect(validateRegistration(good)).toEqual({}));
});

// Table: one sample per §5 rule, the field and the spec's exact message.
const cases: Array<[string, Record<string, unknown>, string, string]> = [
  ['first name required', { firstname: ' ' }, 'firstname', M.firstNameRequired],
  ['name over 100 together', { firstname: 'a'.repeat(60), lastname: 'b'.repeat(41) }, 'firstname', 'Your name must be less than 100 characters.'],
  ['company over 100', { company: 'c'.repeat(101) }, 'company', 'Your company name must be less than 100 characters.'],
  ['banned local part', { email: 'abuse-desk@example.com' }, 'email', 'This email address is not allowed.'],
  ['spam in the address', { email: 'ada@spamfilter.com' }, 'email', 'This email address is not allowed.'],
  ['passwords differ', { password2: 'secret#124' }, 'password2', 'Passwords do not match.'],
  ['password without a special character', { password: 'secret123', password2: 'secret123' }, 'password', M.passwordRule],
  ['password of 6 characters', { password: 'sec#12', password2: 'sec#12' }, 'password', M.passwordRule],
  ['password of 31 characters', { password: `secret#1${'x'.repeat(23)}`, password2: `secret#1${'x'.repeat(23)}` }, 'password', M.passwordRule],
  ['password with a space', { password: 'secret #12', password2: 'secret #12' }, 'password', M.passwordRule],
  ['existing account with a bad e-mail', { existing_account: 'yes', other_affiliate_id: '12', other_email: 'blocked@example.com' }, 'other_email', 'This email address is invalid.'],
  ['mobile of 7 characters', { mobile: '5550100' }, 'mobile', 'Mobile number must be at least 10 digits long.'],
  ['time zone missing', { timezone: '' }, 'timezone', M.timezoneRequired],
  ['contact time missing', { contact_time: '' }, 'contact_time', M.contactTimeRequired],
  ['telegram of 50', { im_handle: 't'.repeat(50) }, 'im_handle', 'Your Telegram handle must be less than 50 characters.'],
  ['US without a state', { state: '' }, 'state', 'You must select a state / province.'],
  ['CA with a US state', { country: 'CA', state: 'NY' }, 'state', 'You must select a state / province.'],
  ['street of 100', { address_1: 's'.repeat(100) }, 'address_1', 'Street address must be less than 100 characters'],
  ['address 2 of 100', { address_2: 's'.repeat(100) }, 'address_2', 'Address 2 must be less than 100 characters'],
  ['non-North-American state of 100', { country: 'FR', state: '', non_state: 'n'.repeat(100) }, 'non_state', 'Must be less than 100 characters'],
  ['zip missing', { zipcode: '' }, 'zipcode', M.zipRequired],
  ['other source without text', { hear_about_source: 'other', hear_about: '' }, 'hear_about', 'You must provide a description of your source.'],
  ['other source of 50', { hear_about_source: 'other', hear_about: 'o'.repeat(50) }, 'hear_about', 'Must be less than 50 characters'],
  ['description of 49', { experience_description: 'd'.repeat(49) }, 'experience_description', 'Your description must be between 50-200 characters.'],
  ['promotion of 201', { promotion: 'p'.repeat(201) }, 'promotion', 'Your description must be between 50-200 characters.'],
  ['level missing', { experience_level: '' }, 'experience_level', M.levelRequired],
  ['a term unticked', { agree_terms: '' }, 'agree_terms', M.termRequired],
];

describe.each(cases)('%s', (_name, change, field, message) => {
  it(`refuses ${field} with its message`, () => {
    const errors = validateRegistration({ ...good, ...change });
    expect(errors[field]).toBe(message);
  });
});

describe('edges that pass', () => {
  it('accepts exactly 100 characters of name, 49 of Telegram, 50 and 200 of description', () => {
    expect(validatePersonal({ ...personal, firstname: 'a'.repeat(50), lastname: 'b'.repeat(50) })).toEqual({});
  });
  it('accepts a password of 7 and of 30 characters: the stated rule (7-30), although the stated message says 8-12', () => {
    expect(validatePersonal({ ...personal, password: 'secr#12', password2: 'secr#12' })).toEqual({});
    const thirty = `secret#1${'x'.repeat(22)}`;
    expect(thirty).toHaveLength(30);
    expect(validatePersonal({ ...personal, password: thirty, password2: thirty })).toEqual({});
    expect(validateContact({ ...contact, im_handle: 't'.repeat(49) })).toEqual({});
    expect(validateExperience({ ...experience, experience_description: 'd'.repeat(50), promotion: 'p'.repeat(200) })).toEqual({});
  });
  it('needs no state outside US and CA, and no existing-account data with no', () => {
    expect(validateAddress({ ...address, country: 'FR', state: '' })).toEqual({});
    expect(validateExistingAccount({ existing_account: 'no' })).toEqual({});
    expect(validateExistingAccount({ existing_account: 'yes', other_affiliate_id: '42', other_email: 'old@example.com' })).toEqual({});
  });
  it('takes the terms as booleans too', () => {
    expect(validateTerms({ agree_no_sharing: true, agree_no_freelancers: true, agree_terms: true })).toEqual({});
  });
});

describe('identification (by name and type in the browser)', () => {
  const image = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });
  it('requires the front, not the back', () => {
    expect(validateIdentification({})).toEqual({ idFront: M.idFrontRequired });
    expect(validateIdentification({ idFront: image('front.jpeg', 10, 'image/jpeg') })).toEqual({});
  });
  it('refuses other types and 25,000,000 bytes or more', () => {
    expect(validateIdentification({ idFront: image('id.pdf', 10, 'application/pdf') }).idFront).toBe('The image must be a jpg, png, or gif.');
    expect(validateIdentification({ idFront: image('id.png'), idBack: image('back.webp', 10, 'image/webp') }).idBack).toBe('The image must be a jpg, png, or gif.');
    expect(validateIdentification({ idFront: image('id.gif', 25_000_000, 'image/gif') }).idFront).toBe('The image must be less than 25MB');
    expect(validateIdentification({ idFront: image('id.gif', 24_999_999, 'image/gif') })).toEqual({});
  });
});

describe('context ids and the first problem', () => {
  it('keeps ids only when numeric and positive', () => {
    expect(numericId('42')).toBe(42);
    expect(numericId('4a')).toBeNull();
    expect(numericId('0')).toBeNull();
    expect(numericId(undefined)).toBeNull();
  });
  it("answers the earliest step's message first", () => {
    expect(firstProblem(validateRegistration({ ...good, firstname: '', agree_terms: '' }))).toBe(M.firstNameRequired);
  });
});
