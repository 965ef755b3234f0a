import { buildCreateApi, coreModule, reactHooksModule, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useStore } from 'react-redux';
import { readSessionToken } from '../lib/session';
import { takeBootAnswer } from './bootAnswer';
import { useApiSelector } from './transitionSelector';

/** Where the affiliates API lives; any server honouring the contract in `./contract` will do. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api';

/**
 * Calls that send cookies but no token: login (spec 002 §6), the resources list and the security-question
 * list (spec 001 §1, §7: "no token"; the settings page asks for it too).
 */
const WITHOUT_TOKEN = new Set(['login', 'resources', 'getSecurityQuestions']);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase,
  // The spec sends credentials (cookies) on every call and the token in x-app-token (spec 000 §6).
  credentials: 'include',
  prepareHeaders: (headers, { endpoint }) => {
    const token = readSessionToken();
    if (token && !WITHOUT_TOKEN.has(endpoint)) headers.set('x-app-token', token);
    return headers;
  },
  // A first visit's first-screen call may have left already, from the boot script (src/app/bootCalls.ts).
  fetchFn: (input, init) => (input instanceof Request ? takeBootAnswer(input) : undefined) ?? fetch(input, init),
});

/**
 * Calls that leave the portal's origin (the usage-tracking host may be another site, spec 000 §7)
 * carry no session: no x-app-token, no cookies, and their 401 does not log the affiliate out.
 */
const foreignBaseQuery = fetchBaseQuery({ credentials: 'omit' });

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/** The origin a request goes to, resolved as fetchBaseQuery does: an absolute url as it is, else under the API base. */
export function requestOrigin(url: string, base: string = apiBase, pageOrigin: string = currentOrigin()): string {
  try {
    if (ABSOLUTE.test(url)) return new URL(url).origin;
    return new URL(base, pageOrigin).origin;
  } catch {
    return 'null';
  }
}

/**
 * True when a request to `url` goes to another origin than the API's (where the session lives):
 * such a request must carry no token and no cookies, and its 401 says nothing about the session.
 */
export function isForeignRequest(url: string, base: string = apiBase, pageOrigin: string = currentOrigin()): boolean {
  return requestOrigin(url, base, pageOrigin) !== requestOrigin('', base, pageOrigin);
}

function currentOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/** Listeners told when the server says the session is gone (401); the session layer logs out. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The text of the error made of a 2xx answer without `success: true` (its body stays in `data`). */
export const NOT_SUCCESS = 'The answer did not report success.';

/**
 * Every answer carries the envelope (spec 000 §7): a 2xx answer whose body is not
 * `{ success: true, ... }` is a failure, so the screens show the server's `errors.message` or their
 * own failure text instead of reading fields that are not there.
 */
export function envelopeError(data: unknown): FetchBaseQueryError | null {
  const ok = typeof data === 'object' && data !== null && (data as { success?: unknown }).success === true;
  return ok ? null : { status: 'CUSTOM_ERROR', error: NOT_SUCCESS, data };
}

/**
 * Calls nobody waits for: usage events and page views (spec 000 §7, spec 002 §4). RTK Query holds
 * every tag invalidation of the portal while any call or save is out (its default 'delayed'
 * invalidation), so a usage host that hangs would hold back every refresh after a save; these calls
 * give up after FIRE_AND_FORGET_TIMEOUT_MS instead.
 */
const FIRE_AND_FORGET = new Set(['trackUsage', 'pageView']);
export const FIRE_AND_FORGET_TIMEOUT_MS = 5_000;

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (rawArgs, api, extra) => {
  const args = FIRE_AND_FORGET.has(api.endpoint) ? { ...(typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs), timeout: FIRE_AND_FORGET_TIMEOUT_MS } : rawArgs;
  const url = typeof args === 'string' ? args : args.url;
  const foreign = isForeignRequest(url);
  const result = await (foreign ? foreignBaseQuery : rawBaseQuery)(args, api, extra);
  if (result.error) {
    if (result.error.status === 401 && !foreign) unauthorizedListeners.forEach((l) => l());
    return result;
  }
  const error = envelopeError(result.data);
  return error ? { error, meta: result.meta } : result;
};

/** RTK Query with its hooks reading the store through useApiSelector (answers rendered as transitions in the product). */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ hooks: { useDispatch, useSelector: useApiSelector, useStore } }));

/** The single API slice; each area adds its endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  // Each area adds its own tag types (`baseApi.enhanceEndpoints({ addTagTypes })`): docs/adding-an-area.md.
  tagTypes: [],
  endpoints: () => ({}),
});

/**
 * The store's dispatch, typed for RTK Query thunks (`endpoint.initiate(...)`). Features cannot
 * import the app's typed hooks (src/app), so this is the one they use.
 */
export const useApiDispatch = () => useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
