import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorText } from '../../api/errors';

/** Spec 000 §8: a campaign list answered without success. */
const LIST_FAILED = 'There was an error fetching the data. Please try again.';
/** Spec 000 §8: a campaign list that failed on the browse page (an answer that is not the envelope). */
const PAGE_FAILED = 'Error while fetching campaigns.';
/** Spec 000 §2: the listing's empty text. */
export const EMPTY_LIST = 'No campaigns found for this category.';

/**
 * What browse shows for a failed page (spec 000 §8): the server's `errors.message` when it sent one;
 * 'Connection error.' when no answer came; a 2xx answer without success: 'There was an error fetching
 * the data. Please try again.'; any other failed answer (a 5xx page without the envelope):
 * 'Error while fetching campaigns.'
 */
export function listFailureText(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  const notSuccess = Boolean(error && 'status' in error && error.status === 'CUSTOM_ERROR');
  return errorText(error, notSuccess ? LIST_FAILED : PAGE_FAILED);
}
