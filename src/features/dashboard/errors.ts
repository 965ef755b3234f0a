import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorText } from '../../api/errors';

/** Spec 000 §8: campaign list answered without success. */
export const LIST_FAILED = 'There was an error fetching the data. Please try again.';

/**
 * The text for a failed dashboard call: the server's errors.message when it sent one, 'Connection
 * error.' when no answer came, otherwise `fallback` (spec 000 §8). See `errorText` in src/api/errors.
 */
export function failureText(error: FetchBaseQueryError | SerializedError | undefined, fallback = LIST_FAILED): string | null {
  return errorText(error, fallback);
}
