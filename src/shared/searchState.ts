import { countryByAlpha2 } from './countries';

/**
 * The /search screen's state and its query string (spec 000 section 2 "Search screen"),
 * in plain code: the portal reads and writes its URL with these at run time, where the contract's
 * zod schemas are not shipped (scripts/contract-stubs.ts). The server validates the same parameters
 * with the contract's `SearchQuery` (src/api/contract/campaign.ts), which answers a readable 400
 * where these readers fall back to the default; tests/unit/shared/searchState.test.ts checks that
 * both read every value alike.
 *
 * Wire formats (docs/campaigns.md "Search"):
 *   booleans (the nine traffic flags, tstrict, grstrict, af, ff, rf, as): '1' or '0' (written),
 *     'true' / 'false' accepted too. Traffic flags default to '1' (all on), the others to '0'.
 *   tstrict: '0' = 'Includes selected traffic types', '1' = 'ONLY Selected traffic types'.
 *   gr: '' or 'any' = Any Country; 'all' = Allow All Countries; a 2-letter ISO code (any case).
 *   grstrict: '0' = 'Includes selected country', '1' = 'ONLY selected country'.
 *   m: main category id, '' or '0' = every category; c: subcategory id, '' or '0' = all of m.
 *   ct: 'F', 'P', or 'any' / '' (any CPA type).  ob: date|id|name|rate|epc.  ad: a|d.  pn: from 1.
 */

/** Results per search page. */
export const SEARCH_PAGE_SIZE = 30;
/** Highest page number accepted (a larger one is refused as a mistake, not answered empty). */
export const MAX_SEARCH_PAGE = 10_000;
/** Longest search text. */
export const MAX_SEARCH_TEXT = 100;

/** The nine traffic flags of the route, with the traffic type each one stands for (server/db/schema.ts). */
export const SEARCH_TRAFFIC_FLAGS = {
  ep: 'email',
  cp: 'contextual',
  bp: 'display',
  sp: 'search',
  ip: 'incentive',
  lp: 'social',
  np: 'native',
  mp: 'mobile',
  bbp: 'brand_bid',
} as const;
export type SearchTrafficFlag = keyof typeof SEARCH_TRAFFIC_FLAGS;
export const SEARCH_TRAFFIC_FLAG_NAMES = Object.keys(SEARCH_TRAFFIC_FLAGS) as SearchTrafficFlag[];

export const SEARCH_ORDERS = ['date', 'id', 'name', 'rate', 'epc'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
export type SearchDirection = 'a' | 'd';
/** 'any' (Any Country), 'all' (Allow All Countries) or a 2-letter ISO code in capitals. */
export type SearchCountry = 'any' | 'all' | (string & {});
export type SearchCpaType = 'F' | 'P' | 'any';

/** The search state: every parameter with its default filled in. */
export interface SearchState {
  st: string;
  ob: SearchOrder;
  ad: SearchDirection;
  pn: number;
  ep: boolean;
  cp: boolean;
  bp: boolean;
  sp: boolean;
  ip: boolean;
  lp: boolean;
  np: boolean;
  mp: boolean;
  bbp: boolean;
  tstrict: boolean;
  gr: SearchCountry;
  grstrict: boolean;
  m: number;
  c: number;
  af: boolean;
  ff: boolean;
  rf: boolean;
  /** Whether the options panel is shown: the portal's, accepted and ignored by the server. */
  as: boolean;
  ct: SearchCpaType;
}
export type SearchParamName = keyof SearchState;

/** The state of a /search with no parameters: every traffic type, any country, every category. */
export const DEFAULT_SEARCH_STATE: SearchState = {
  st: '',
  ob: 'date',
  ad: 'd',
  pn: 1,
  ep: true,
  cp: true,
  bp: true,
  sp: true,
  ip: true,
  lp: true,
  np: true,
  mp: true,
  bbp: true,
  tstrict: false,
  gr: 'any',
  grstrict: false,
  m: 0,
  c: 0,
  af: false,
  ff: false,
  rf: false,
  as: false,
  ct: 'any',
};
export const SEARCH_PARAM_NAMES = Object.keys(DEFAULT_SEARCH_STATE) as SearchParamName[];

/** Not a value of the parameter: the reader's answer for what the server refuses with a 400. */
export const INVALID = Symbol('invalid search parameter');
type Read<T> = (raw: string | undefined) => T | typeof INVALID;

const flag =
  (fallback: boolean): Read<boolean> =>
  (raw) => {
    if (raw === undefined || raw === '') return fallback;
    if (raw === '1' || raw === 'true') return true;
    if (raw === '0' || raw === 'false') return false;
    return INVALID;
  };
const category: Read<number> = (raw) => (raw === undefined ? 0 : /^\d{0,9}$/.test(raw) ? (raw ? Number(raw) : 0) : INVALID);

/** One reader per parameter: its value, its default when missing or empty, or INVALID. */
export const searchParamReaders: { [K in SearchParamName]: Read<SearchState[K]> } = {
  st: (raw) => (raw === undefined ? '' : raw.includes('\u0000') || raw.length > MAX_SEARCH_TEXT ? INVALID : raw.trim()),
  ob: (raw) => (!raw ? 'date' : (SEARCH_ORDERS as readonly string[]).includes(raw) ? (raw as SearchOrder) : INVALID),
  ad: (raw) => (raw === undefined || raw === '' || raw === 'd' ? 'd' : raw === 'a' ? 'a' : INVALID),
  pn: (raw) => {
    if (raw === undefined || raw === '') return 1;
    if (!/^\d{1,9}$/.test(raw)) return INVALID;
    const n = Number(raw);
    return n >= 1 && n <= MAX_SEARCH_PAGE ? n : INVALID;
  },
  ep: flag(true),
  cp: flag(true),
  bp: flag(true),
  sp: flag(true),
  ip: flag(true),
  lp: flag(true),
  np: flag(true),
  mp: flag(true),
  bbp: flag(true),
  tstrict: flag(false),
  gr: (raw) => {
    if (!raw || raw === 'any') return 'any';
    if (raw === 'all') return 'all';
    return /^[A-Za-z]{2}$/.test(raw) && countryByAlpha2(raw) !== undefined ? raw.toUpperCase() : INVALID;
  },
  grstrict: flag(false),
  m: category,
  c: category,
  af: flag(false),
  ff: flag(false),
  rf: flag(false),
  as: flag(false),
  ct: (raw) => (raw === 'F' || raw === 'P' ? raw : raw === undefined || raw === '' || raw === 'any' ? 'any' : INVALID),
};

/**
 * The search state of a query string (the /search screen's URL). A parameter that is missing,
 * empty or not valid takes its default, so a hand-edited link still opens a search.
 */
export function parseSearchParams(params: URLSearchParams | Record<string, string | undefined>): SearchState {
  const get = (name: string) => (params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name]);
  const state: Record<string, unknown> = { ...DEFAULT_SEARCH_STATE };
  for (const name of SEARCH_PARAM_NAMES) {
    const value = (searchParamReaders[name] as Read<unknown>)(get(name));
    if (value !== INVALID) state[name] = value;
  }
  return state as unknown as SearchState;
}

type Bit = '1' | '0';
/** Every parameter of the full search as written: booleans as '1'/'0' (the query type of the search call). */
export type SearchParams = {
  [K in SearchParamName]: SearchState[K] extends boolean ? Bit : SearchState[K] extends number ? string : SearchState[K];
};

/**
 * The query string of a search state: every parameter, written in its canonical form (booleans as
 * '1'/'0'), as the spec's category links carry them. `pn` is written too (1 for a new search).
 */
export function searchParamsOf(state: Partial<SearchState>): SearchParams {
  const s: SearchState = { ...DEFAULT_SEARCH_STATE, ...state };
  const bit = (b: boolean) => (b ? '1' : '0');
  return {
    st: s.st.trim(),
    ob: s.ob,
    ad: s.ad,
    pn: String(s.pn),
    ep: bit(s.ep),
    cp: bit(s.cp),
    bp: bit(s.bp),
    sp: bit(s.sp),
    ip: bit(s.ip),
    lp: bit(s.lp),
    np: bit(s.np),
    mp: bit(s.mp),
    bbp: bit(s.bbp),
    tstrict: bit(s.tstrict),
    gr: s.gr,
    grstrict: bit(s.grstrict),
    m: String(s.m),
    c: String(s.c),
    af: bit(s.af),
    ff: bit(s.ff),
    rf: bit(s.rf),
    as: bit(s.as),
    ct: s.ct,
  };
}

/** The traffic types a search state selects (its checked traffic flags). */
export function selectedTrafficTypes(state: SearchState): Array<(typeof SEARCH_TRAFFIC_FLAGS)[SearchTrafficFlag]> {
  return SEARCH_TRAFFIC_FLAG_NAMES.filter((flag) => state[flag]).map((flag) => SEARCH_TRAFFIC_FLAGS[flag]);
}
