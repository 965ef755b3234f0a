import { describe, expect, it } from 'vitest';
import { countryByAlpha2, ISO_COUNTRIES } from '../../../src/shared/countries';

describe('ISO 3166-1 country list', () => {
  it('holds the 249 assigned countries with name, alpha-2, alpha-3 and numeric codes', () => {
    expect(ISO_COUNTRIES).toHaveLength(249);
    for (const c of ISO_COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.numeric).toMatch(/^\d{3}$/);
      expect(c.name.length).toBeGreaterThan(2);
    }
    expect(new Set(ISO_COUNTRIES.map((c) => c.alpha2)).size).toBe(249);
    expect(new Set(ISO_COUNTRIES.map((c) => c.numeric)).size).toBe(249);
  });
  it('leaves out user-assigned codes such as XK', () => {
    expect(countryByAlpha2('XK')).toBeUndefined();
  });
  it('finds a country by its alpha-2 code', () => {
    expect(countryByAlpha2('ca')).toEqual({ name: 'Canada', alpha2: 'CA', alpha3: 'CAN', numeric: '124' });
    expect(countryByAlpha2('GB')).toMatchObject({ name: 'United Kingdom', alpha3: 'GBR', numeric: '826' });
    expect(countryByAlpha2('US')).toMatchObject({ name: 'United States of America', alpha3: 'USA', numeric: '840' });
  });
  it('is sorted by English name', () => {
    const names = ISO_COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names[0]).toBe('Afghanistan');
  });
});
