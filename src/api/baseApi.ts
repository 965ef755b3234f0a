import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { readSessionToken } from '../lib/session';

/** Where the affiliates API lives; any server honouring the contract in `./contract` will do. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase,
  // The spec sends credentials (cookies) on every call and the token in x-app-token (spec 000 §6).
  credentials: 'include',
  prepareHeaders: (headers, { endpoint }) => {
    const token = readSessionToken();
    // The login call sends cookies but no token (spec 002 §6).
    if (token && endpoint !== 'login') headers.set('x-app-token', token);
    return headers;
  },
});

/** Listeners told when the server says the session is gone (401); the session layer logs out. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error && result.error.status === 401) unauthorizedListeners.forEach((l) => l());
  return result;
};

/** The single API slice; each area adds its endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Session',
    'Affiliate',
    'Campaign',
    'CampaignList',
    'Bookmark',
    'News',
    'Notification',
    'Report',
    'MaxMoney',
    'Postback',
    'AccountBalance',
    'DashboardModals',
    'PerformanceBonus',
  ],
  endpoints: () => ({}),
});
