/**
 * The ISO 3166-1 country list (spec 000 §2: name, 2-letter, 3-letter and numeric code; spec 002 §3:
 * the intro survey's "static ISO list"), the one list of the server's reference data, the survey
 * and the stories.
 *
 * Source: the npm package i18n-iso-countries (MIT, about 6 million downloads a month, kept current
 * with ISO changes). Only two of its JSON files are imported, the code table and the English names
 * (about 17 KB, 5 KB gzipped, in the browser bundle); the library itself (every locale, a diacritics
 * helper) is not. Not from the runtime's ICU (Intl.DisplayNames), whose names and region list
 * change with the Node or browser version. Rejected: iso-3166 (official ISO names such as 'United
 * Kingdom of Great Britain and Northern Ireland', too long for a picker), world-countries (about
 * 800 KB, ODbL licence).
 *
 * Where the package gives several English names, the first (its "official" one) is used. Its list
 * also carries Kosovo (XK), a user-assigned code that is not part of ISO 3166-1: user-assigned codes
 * (AA, QM-QZ, XA-XZ, ZZ; ISO 3166-1 §8.1.3) are left out.
 */
import codes from 'i18n-iso-countries/codes.json';
import english from 'i18n-iso-countries/langs/en.json';

export interface IsoCountry {
  /** English name, e.g. 'Canada'. */
  name: string;
  /** ISO 3166-1 alpha-2, e.g. 'CA'. */
  alpha2: string;
  /** ISO 3166-1 alpha-3, e.g. 'CAN'. */
  alpha3: string;
  /** ISO 3166-1 numeric, three digits, e.g. '124'. */
  numeric: string;
}

const USER_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
const names: Record<string, string | string[]> = english.countries;

/** Every country, sorted by English name. */
export const ISO_COUNTRIES: readonly IsoCountry[] = codes
  .filter(([alpha2]) => !USER_ASSIGNED.test(alpha2))
  .map(([alpha2, alpha3, numeric]) => {
    const name = names[alpha2];
    return { name: (Array.isArray(name) ? name[0] : name) ?? alpha2, alpha2, alpha3, numeric };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byAlpha2 = new Map(ISO_COUNTRIES.map((c) => [c.alpha2, c]));

/** The country of an alpha-2 code (any case), or undefined. */
export function countryByAlpha2(code: string): IsoCountry | undefined {
  return byAlpha2.get(code.trim().toUpperCase());
}
