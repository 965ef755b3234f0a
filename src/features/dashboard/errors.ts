import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ErrorEnvelope } from '../../api/contract/envelope';

/** Spec 000 §8: campaign list answered without success. */
export const LIST_FAILED = 'There was an error fetching the data. Please try again.';
export const CONNECTION_ERROR = 'Connection error.';

/**
 * The text for a failed dashboard call: the server's errors.message when it sent one, 'Connection
 * error.' when no answer came, otherwise `fallback` (spec 000 §8).
 */
export function failureText(error: FetchBaseQueryError | SerializedError | undefined, fallback = LIST_FAILED): string | null {
  if (!error) return null;
  if ('status' in error) {
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return CONNECTION_ERROR;
    const parsed = ErrorEnvelope.safeParse(error.data);
    return parsed.success ? parsed.data.errors.message : fallback;
  }
  return fallback;
}
