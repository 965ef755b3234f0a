import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { CONNECTION_ERROR } from '../../api/errors';

export const NO_STATS = 'No stats for this date range.';
export const FETCH_ERROR = 'There was an error fetching the data. Please try again.';

/**
 * Spec 001 section 8: a 401 says nothing (the session flow signs out); no answer, 'Connection error.';
 * an answer with neither success flag, its `errors.message`; any other failure, the fetch error.
 */
export function failureText(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  if (!error) return null;
  if ('status' in error) {
    if (error.status === 401) return null;
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return CONNECTION_ERROR;
    const body = error.data as { success?: unknown; errors?: { message?: unknown } } | null | undefined;
    if (body && typeof body === 'object' && !('success' in body) && typeof body.errors?.message === 'string' && body.errors.message.trim()) return body.errors.message;
  }
  return FETCH_ERROR;
}
