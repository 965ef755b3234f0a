/**
 * The option lists of the affiliate record (spec 001 section 3), one source for the settings page,
 * the registration wizard and the server's checks.
 */

export interface TimeZoneOption {
  id: number;
  /** 'id,offsetHours', the value stored in the record (affiliates.time_zone). */
  value: string;
  /** '(GMT-05:00) Eastern Time (US & Canada)' */
  label: string;
}

/**
 * Time zones 1 to 79 (spec 001 section 3: ids 1 to 79, each 'id,offsetHours' with a GMT label).
 * The spec gives the shape, not the list: this is the classic fixed-offset list of affiliate
 * platforms, ordered by offset. Two ids are fixed by records already stored: 11 is US Eastern
 * (-5) and 28 is London (0). Offsets are standard time and whole quarters of an hour (reports cut
 * days with them: src/shared/reportDates.ts profileZone).
 */
const ZONES: ReadonlyArray<readonly [number, string]> = [
  [-12, 'International Date Line West'],
  [-11, 'Midway Island, Samoa'],
  [-10, 'Hawaii'],
  [-9, 'Alaska'],
  [-8, 'Pacific Time (US & Canada)'],
  [-7, 'Arizona'],
  [-7, 'Mountain Time (US & Canada)'],
  [-6, 'Central America'],
  [-6, 'Central Time (US & Canada)'],
  [-6, 'Mexico City, Monterrey'],
  [-5, 'Eastern Time (US & Canada)'],
  [-5, 'Bogota, Lima, Quito'],
  [-5, 'Indiana (East)'],
  [-4, 'Atlantic Time (Canada)'],
  [-4, 'Caracas, La Paz'],
  [-4, 'Santiago'],
  [-3.5, 'Newfoundland'],
  [-3, 'Brasilia'],
  [-3, 'Buenos Aires, Georgetown'],
  [-3, 'Greenland'],
  [-3, 'Montevideo'],
  [-2, 'Mid-Atlantic'],
  [-1, 'Azores'],
  [-1, 'Cape Verde Is.'],
  [0, 'Casablanca'],
  [0, 'Monrovia, Reykjavik'],
  [0, 'Dublin, Edinburgh, Lisbon'],
  [0, 'London'],
  [1, 'Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna'],
  [1, 'Belgrade, Bratislava, Budapest, Ljubljana, Prague'],
  [1, 'Brussels, Copenhagen, Madrid, Paris'],
  [1, 'Sarajevo, Skopje, Warsaw, Zagreb'],
  [1, 'West Central Africa'],
  [2, 'Amman'],
  [2, 'Athens, Bucharest'],
  [2, 'Beirut'],
  [2, 'Cairo'],
  [2, 'Harare, Pretoria'],
  [2, 'Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius'],
  [2, 'Jerusalem'],
  [2, 'Windhoek'],
  [3, 'Baghdad'],
  [3, 'Istanbul'],
  [3, 'Kuwait, Riyadh'],
  [3, 'Minsk'],
  [3, 'Moscow, St. Petersburg'],
  [3, 'Nairobi'],
  [3.5, 'Tehran'],
  [4, 'Abu Dhabi, Muscat'],
  [4, 'Baku'],
  [4, 'Tbilisi'],
  [4, 'Yerevan'],
  [4.5, 'Kabul'],
  [5, 'Ekaterinburg'],
  [5, 'Islamabad, Karachi, Tashkent'],
  [5.5, 'Chennai, Kolkata, Mumbai, New Delhi'],
  [5.5, 'Sri Jayawardenepura'],
  [5.75, 'Kathmandu'],
  [6, 'Almaty, Novosibirsk'],
  [6, 'Astana, Dhaka'],
  [6.5, 'Yangon (Rangoon)'],
  [7, 'Bangkok, Hanoi, Jakarta'],
  [7, 'Krasnoyarsk'],
  [8, 'Beijing, Chongqing, Hong Kong, Urumqi'],
  [8, 'Kuala Lumpur, Singapore'],
  [8, 'Irkutsk, Ulaanbaatar'],
  [8, 'Perth'],
  [8, 'Taipei'],
  [9, 'Osaka, Sapporo, Tokyo'],
  [9, 'Seoul'],
  [9, 'Yakutsk'],
  [9.5, 'Adelaide'],
  [9.5, 'Darwin'],
  [10, 'Brisbane'],
  [10, 'Canberra, Melbourne, Sydney'],
  [10, 'Guam, Port Moresby'],
  [11, 'Magadan, Solomon Is., New Caledonia'],
  [12, 'Auckland, Wellington'],
  [13, "Nuku'alofa"],
];

function gmt(offset: number): string {
  if (offset === 0) return '(GMT)';
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `(GMT${offset < 0 ? '-' : '+'}${hh}:${mm})`;
}

export const TIME_ZONES: readonly TimeZoneOption[] = ZONES.map(([offset, place], i) => ({
  id: i + 1,
  value: `${i + 1},${offset}`,
  label: `${gmt(offset)} ${place}`,
}));

/** The list's entry for a stored value ('11,-5'), matched by id; undefined when not in the list. */
export function timeZoneOption(value: string | null | undefined): TimeZoneOption | undefined {
  const id = Number(/^\s*(\d+)\s*,/.exec(value ?? '')?.[1]);
  const option = TIME_ZONES[id - 1];
  return option && option.value === String(value).replace(/\s+/g, '') ? option : undefined;
}

/** Best time to contact (spec 001 section 3), in the spec's order. */
export const CONTACT_TIMES: ReadonlyArray<{ value: number; text: string }> = [
  { value: 6, text: 'Anytime' },
  { value: 1, text: 'Early Morning' },
  { value: 2, text: 'Late Morning' },
  { value: 3, text: 'Early Afternoon' },
  { value: 4, text: 'Late Afternoon' },
  { value: 5, text: 'Evening' },
];

export const contactTimeText = (value: number): string => CONTACT_TIMES.find((c) => c.value === value)?.text ?? 'Anytime';

export interface StateOption {
  code: string;
  name: string;
  country: 'US' | 'CA';
  group: 'US states' | 'US territories' | 'Canadian provinces and territories';
}

const US_STATES: ReadonlyArray<readonly [string, string]> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
  ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
  ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];
const US_TERRITORIES: ReadonlyArray<readonly [string, string]> = [
  ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'], ['UM', 'U.S. Minor Outlying Islands'], ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe'], ['AP', 'Armed Forces Pacific'],
];
const CA_PROVINCES: ReadonlyArray<readonly [string, string]> = [
  ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'],
  ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
];

/** States of US and CA (spec 001 section 3): US states, US territories, Canadian provinces, two-letter codes. */
export const STATES: readonly StateOption[] = [
  ...US_STATES.map(([code, name]) => ({ code, name, country: 'US' as const, group: 'US states' as const })),
  ...US_TERRITORIES.map(([code, name]) => ({ code, name, country: 'US' as const, group: 'US territories' as const })),
  ...CA_PROVINCES.map(([code, name]) => ({ code, name, country: 'CA' as const, group: 'Canadian provinces and territories' as const })),
];

/** Countries whose address needs a state from the list (spec 001 section 5). */
export const countryHasStates = (countryCode: string): countryCode is 'US' | 'CA' => countryCode === 'US' || countryCode === 'CA';

export const statesOf = (countryCode: string): readonly StateOption[] => STATES.filter((s) => s.country === countryCode);

/** Spec 001 section 8: the address mail could not reach (flag 121). Kept here, not in emailRules.ts, so the portal reads it without the banned-word list. */
export const EMAIL_UNDELIVERABLE = 'We are unable to send messages to this email address. Please update it to a valid email address.';

/** Flag 121 (spec 001 section 3): the affiliate's e-mail address is invalid or undeliverable. */
export const FLAG_INVALID_EMAIL = 121;

/** Messages of spec 001 section 5 and 8 (and spec 002 section 5 for the password). */
export const profileMessages = {
  invalidMobile: 'Invalid mobile number',
  undeliverableEmail: EMAIL_UNDELIVERABLE,
  passwordsDontMatch: 'Your new passwords do not match.',
  chooseState: 'You must select a state / province.',
  shortDescription: 'Your description must be at least 50 characters.',
  invalidWebsite: 'Please enter a valid website address, such as example.com.',
  addressFailed: 'There was an error updating your profile.',
  /** Spec 002 section 5: the message the password pattern shows when the length is under 8. */
  passwordRule: 'Your new password must be between 8 and 12 characters long and have letters, numbers and special characters.',
} as const;

/** A website: a host name with a dot, with or without http(s)://; stored as typed (trimmed). */
export function isWebsite(value: string): boolean {
  const text = value.trim();
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Promotional description: at least 50 characters (spec 001 section 5, the intended reading). */
export const PROMOTION_MIN_LENGTH = 50;

/**
 * The password rule of spec 002 section 5: 7 to 30 characters, a lowercase letter, a digit and a
 * special character, no whitespace. The spec's message says 8 to 12; the two readings disagree.
 * We keep the stated message and implement the stated rule. So a 7-character password
 * with the classes is accepted although the message speaks of 8, and up to 30 are accepted although
 * it speaks of 12 (long passphrases, as NIST SP 800-63B asks). Every failure shows the spec's message.
 * One rule for registration, password reset and the settings' security card.
 */
const PASSWORD_MIN = 7;
const PASSWORD_MAX = 30;
export function passwordProblem(password: string): string | null {
  const ok =
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password) &&
    !/\s/.test(password);
  return ok ? null : profileMessages.passwordRule;
}

/**
 * The settings verification window (docs/settings.md): the minutes a right settings code lets this
 * session save profile changes, renewed by each successful save.
 */
export const SETTINGS_WINDOW_MINUTES = 15;
