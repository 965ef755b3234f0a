import { describe, expect, it } from 'vitest';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { NOT_SUCCESS } from '../../../src/api/baseApi';
import { FETCH_ERROR, failureText } from '../../../src/features/reports/reportErrors';

/** Spec 001 section 8, the reports' errors. */
describe('failureText', () => {
  it('says nothing without an error, and nothing on a 401 (the session flow signs out)', () => {
    expect(failureText(undefined)).toBeNull();
    expect(failureText({ status: 401, data: { success: false, errors: { message: 'Your session has expired.' } } })).toBeNull();
  });
  it("says 'Connection error.' when no answer came", () => {
    expect(failureText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(CONNECTION_ERROR);
    expect(failureText({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe(CONNECTION_ERROR);
  });
  it('shows the fetch error for success false, whatever its message', () => {
    expect(failureText({ status: 400, data: { success: false, errors: { message: 'A report can cover at most two years.' } } })).toBe(FETCH_ERROR);
    expect(failureText({ status: 500, data: 'Internal Server Error' })).toBe(FETCH_ERROR);
    expect(failureText({ name: 'Error', message: 'boom' })).toBe(FETCH_ERROR);
  });
  it('shows errors.message of an answer with neither success flag', () => {
    expect(failureText({ status: 503, data: { errors: { message: 'Statistics are being recalculated.' } } })).toBe('Statistics are being recalculated.');
    // A 2xx answer without the flag comes as the base query's envelope error, its body kept.
    expect(failureText({ status: 'CUSTOM_ERROR', error: NOT_SUCCESS, data: { errors: { message: 'Try again later.' } } })).toBe('Try again later.');
    // Without a message there is nothing of the server's to show.
    expect(failureText({ status: 'CUSTOM_ERROR', error: NOT_SUCCESS, data: { report: [] } })).toBe(FETCH_ERROR);
    expect(failureText({ status: 503, data: { errors: { message: '  ' } } })).toBe(FETCH_ERROR);
  });
});
