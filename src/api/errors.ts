import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { ErrorEnvelope } from './contract/envelope';

/** A call that never reached the server (offline, DNS, CORS): the screens say 'Connection error.' */
export class ConnectionError extends Error {
  constructor(cause?: unknown) {
    super('Connection error.', { cause });
    this.name = 'ConnectionError';
  }
}

/**
 * Splits a failed RTK Query call into the two cases every screen of the spec distinguishes:
 * the server answered with `errors.message` (returned), or the call never got an answer (thrown).
 */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined): { message: string; code?: number } {
  if (error && 'status' in error) {
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') throw new ConnectionError(error);
    const parsed = ErrorEnvelope.safeParse(error.data);
    if (parsed.success) return { message: parsed.data.errors.message, code: parsed.data.errors.code };
    return { message: 'An internal error occurred. Please try again later', code: typeof error.status === 'number' ? error.status : undefined };
  }
  throw new ConnectionError(error);
}
