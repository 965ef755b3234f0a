import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchQuery } from '../../../src/api/contract/campaign';
import {
  DEFAULT_SEARCH_STATE,
  INVALID,
  SEARCH_PARAM_NAMES,
  parseSearchParams,
  searchParamReaders,
  searchParamsOf,
  type SearchState,
} from '../../../src/shared/searchState';

/** Values worth trying for every parameter: each wire form, near misses and garbage. */
const candidates = [
  undefined, '', '0', '1', '2', '01', '-1', 'true', 'false', 'TRUE', 'yes', 'a', 'd', 'A', 'D', 'x',
  'date', 'id', 'name', 'rate', 'epc', 'EPC', 'F', 'P', 'f', 'any', 'ANY', 'all', 'All', 'US', 'us', 'ca', 'QQ', 'USA',
  '10000', '10001', '999999999', '1000000000', ' 3', 'caf\u00e9 ', 'x'.repeat(100), 'x'.repeat(101), 'a\u0000b',
];

describe('the search state read in the browser and on the server', () => {
  it('reads every parameter as the contract schema does: same value, or invalid where the server answers 400', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEARCH_PARAM_NAMES), fc.oneof(fc.constantFrom(...candidates), fc.string({ maxLength: 6 })), (name, raw) => {
        const server = SearchQuery.shape[name].safeParse(raw);
        const browser = (searchParamReaders[name] as (r: string | undefined) => unknown)(raw);
        if (server.success) expect(browser, `${name}=${JSON.stringify(raw)}`).toEqual(server.data);
        else expect(browser, `${name}=${JSON.stringify(raw)}`).toBe(INVALID);
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });

  it('has the schema default as its default state, and round-trips every state through its query string', () => {
    expect(SearchQuery.parse({})).toEqual(DEFAULT_SEARCH_STATE);
    const state: SearchState = { ...DEFAULT_SEARCH_STATE, st: 'cafe', ob: 'rate', ad: 'a', pn: 3, ep: false, tstrict: true, gr: 'CA', grstrict: true, m: 2, c: 5, af: true, ct: 'P' };
    expect(parseSearchParams(new URLSearchParams(searchParamsOf(state)))).toEqual(state);
    expect(SearchQuery.parse(searchParamsOf(state))).toEqual(state);
    // A broken link opens the default search.
    expect(parseSearchParams(new URLSearchParams('ob=foo&pn=0&gr=QQ&m=x&ep=maybe'))).toEqual(DEFAULT_SEARCH_STATE);
  });
});
