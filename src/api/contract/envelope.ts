import { z } from 'zod';

/**
 * The envelope every API answer shares (spec 000/001/002 section 7): `success`, and on failure
 * `errors.message` plus, where the spec uses one, a numeric `code` (401 means "sign in again").
 * Browser-safe: zod only.
 */
export const ErrorDetails = z.object({
  message: z.string(),
  code: z.number().int().optional(),
});
export type ErrorDetails = z.infer<typeof ErrorDetails>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  errors: ErrorDetails,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** `{ success: true, ...shape }` */
export function successEnvelope<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}

/** The plain `{ success: true }` answer of calls whose content the spec leaves unspecified. */
export const SuccessOnly = successEnvelope({});
export type SuccessOnly = z.infer<typeof SuccessOnly>;

/** Builds a failure body; `code` is the HTTP status the server answered with. */
export function errorEnvelope(message: string, code?: number): ErrorEnvelope {
  return code === undefined
    ? { success: false, errors: { message } }
    : { success: false, errors: { message, code } };
}

/** Error answers every route may give, for the OpenAPI document and typed clients. */
export const commonErrorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  413: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
} as const;
