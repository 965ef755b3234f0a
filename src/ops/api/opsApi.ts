import { buildCreateApi, coreModule, fetchBaseQuery, reactHooksModule, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { apiBase, envelopeError } from '../../api/baseApi';
import { OPERATOR_TOKEN_HEADER } from '../../api/contract/operator';
import { readOperatorSession } from './session';


const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase,
  prepareHeaders: (headers) => {
    const session = readOperatorSession();
    if (session) headers.set(OPERATOR_TOKEN_HEADER, session.token);
    return headers;
  },
});

/** Told when the server says the operator session is gone (401): the console signs out. */
const unauthorizedListeners = new Set<() => void>();
export function onOperatorUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Calls of the sign-in itself: a 401 there is a wrong password or code, not a lost session. */
const SIGN_IN_CALLS = new Set(['operatorSignIn', 'operatorSignInCode', 'acceptInvite']);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) {
    if (result.error.status === 401 && !SIGN_IN_CALLS.has(api.endpoint)) unauthorizedListeners.forEach((l) => l());
    return result;
  }
  const error = envelopeError(result.data);
  return error ? { error, meta: result.meta } : result;
};

const createApi = buildCreateApi(coreModule(), reactHooksModule({ hooks: { useDispatch, useSelector, useStore } }));

/**
 * The console's API slice, apart from the portal's (`reducerPath: 'ops'`, its own store:
 * src/ops/store.ts): each console area adds its endpoints with `opsApi.injectEndpoints`, built from
 * the contract's descriptions with src/api/endpoints.ts, and its tag types with `enhanceEndpoints`.
 */
export const opsApi = createApi({
  reducerPath: 'ops',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
