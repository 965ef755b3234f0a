import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorEnvelope } from './contract/envelope';

/** What the screens say when a call got no answer (spec 000 §8). */
export const CONNECTION_ERROR = 'Connection error.';
/** A 2xx or error answer without the envelope's `errors.message`. */
export const INTERNAL_ERROR = 'An internal error occurred. Please try again later';

/** A call that never reached the server (offline, DNS, CORS): the screens say 'Connection error.' */
export class ConnectionError extends Error {
  constructor(cause?: unknown) {
    super(CONNECTION_ERROR, { cause });
    this.name = 'ConnectionError';
  }
}

/**
 * The error envelope in an answer's body, or null. Read by hand rather than with the contract's zod
 * schema, so the portal's build carries no zod (scripts/vite-contract-stubs.ts); a unit test checks it
 * agrees with the schema (tests/unit/api/errors.test.ts).
 */
export function readErrorEnvelope(data: unknown): ErrorEnvelope | null {
  if (!data || typeof data !== 'object') return null;
  const { success, errors } = data as { success?: unknown; errors?: unknown };
  if (success !== false || !errors || typeof errors !== 'object') return null;
  const { message, code } = errors as { message?: unknown; code?: unknown };
  if (typeof message !== 'string') return null;
  if (code !== undefined && !Number.isInteger(code)) return null;
  return code === undefined ? { success: false, errors: { message } } : { success: false, errors: { message, code: code as number } };
}

/**
 * Splits a failed RTK Query call into the two cases every screen of the spec distinguishes:
 * the server answered with `errors.message` (returned), or the call never got an answer (thrown).
 */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined): { message: string; code?: number } {
  if (error && 'status' in error) {
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') throw new ConnectionError(error);
    const envelope = readErrorEnvelope(error.data);
    if (envelope) return { message: envelope.errors.message, code: envelope.errors.code };
    return { message: INTERNAL_ERROR, code: typeof error.status === 'number' ? error.status : undefined };
  }
  throw new ConnectionError(error);
}

/**
 * `serverMessage` for code that must not throw (a catch block, a render): a call that got no answer
 * reads 'Connection error.' instead of throwing.
 */
export function failureOf(error: unknown): { message: string; code?: number } {
  try {
    return serverMessage(error as FetchBaseQueryError | SerializedError | undefined);
  } catch (e) {
    return { message: e instanceof ConnectionError ? CONNECTION_ERROR : INTERNAL_ERROR };
  }
}

/**
 * The text a screen shows for a failed call: the server's `errors.message`, 'Connection error.'
 * when no answer came, otherwise `fallback`. Null when there is no error.
 */
export function errorText(error: FetchBaseQueryError | SerializedError | undefined, fallback: string = INTERNAL_ERROR): string | null {
  if (!error) return null;
  if (!('status' in error)) return fallback;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return CONNECTION_ERROR;
  return readErrorEnvelope(error.data)?.errors.message ?? fallback;
}
