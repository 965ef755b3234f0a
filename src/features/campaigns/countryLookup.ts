import { useEffect, useState } from 'react';
import type { IsoCountry } from '../../shared/countries';

type Lookup = (alpha2: string) => IsoCountry | undefined;

/**
 * The ISO country list (5.6 KiB gzipped) is not in /search's first download: it comes
 * with the Search Options panel, or for the line of active options when the URL names a country.
 */
let lookup: Lookup | null = null;

/** Called by the options panel's module, which imports the list itself. */
export function setCountryLookup(next: Lookup) {
  lookup = next;
}

/** The lookup once the list is here (at once when it already is); loads the list when `needed`. */
export function useCountryLookup(needed: boolean): Lookup | null {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!needed || lookup) return;
    let live = true;
    import('../../shared/countries').then(
      (m) => {
        lookup = m.countryByAlpha2;
        if (live) setLoaded((n) => n + 1);
      },
      // Without the list the line shows the country's code, as before it came.
      (e: unknown) => console.warn('The country list could not be loaded', e),
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return lookup;
}
