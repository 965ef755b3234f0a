import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../../src/api/contract/envelope';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/databaseErrors';
import { ApiError } from '../lib/errors';

/** Paths the SPA fallback must never answer with index.html: the API and the tracking endpoints. */
export const RESERVED_PREFIXES = ['/api', '/go', '/postback', '/pixel'] as const;

export function isReservedPath(url: string): boolean {
  const path = url.split('?')[0];
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/**
 * Every failure answers with the spec's envelope: `{ success: false, errors: { message, code } }`,
 * `code` being the HTTP status. Validation problems name the field; nothing leaks a stack trace.
 */
/**
 * The message of a refused field. A field a person fills in carries a whole sentence written for them
 * in the contract ('Please enter your e-mail address.'), answered as it is; any other field (one a
 * program sends: ids, amounts, tracking parameters) is named in front of a short technical message,
 * for the developer integrating with the API ('ld: must be a whole number').
 */
export function validationMessage(message: string, instancePath: string | undefined, context?: string): string {
  if (/^[A-Z].*[.!?]$/s.test(message)) return message;
  const field = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || context || 'request';
  return `${field}: ${message}`;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      return reply.code(400).send(errorEnvelope(validationMessage(issue.message ?? 'is not valid', issue.instancePath, error.validationContext), 400));
    }
    if (error instanceof ApiError) {
      if (error.statusCode === 429 || error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
      return reply.code(error.statusCode).send(errorEnvelope(error.message, error.statusCode));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // The rate limiter sets its own Retry-After; anything else that answers 429 gets one too.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(429).send(errorEnvelope(error.message || 'Too many requests. Please slow down.', 429));
    }
    if (status === 413) {
      // An upload over its limit: the endpoint's own sentence ('The image is larger than 20mb.').
      const fileMessage = error.code === 'FST_REQ_FILE_TOO_LARGE' ? request.routeOptions.config.endpoint?.multipart?.tooLargeMessage : undefined;
      return reply.code(413).send(errorEnvelope(fileMessage ?? 'The request is too large.', 413));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...) have safe messages.
      const safe = typeof error.code === 'string' && error.code.startsWith('FST_');
      return reply.code(status).send(errorEnvelope(safe ? error.message : 'The request was refused.', status));
    }
    if (isDatabaseUnavailable(error)) {
      // Postgres restarting, failing over or unreachable: an answer to retry, not a failure of ours.
      request.log.warn({ err: error.message }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorEnvelope(DATABASE_UNAVAILABLE_MESSAGE, 503));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope(GENERIC_500, 500));
  });
}

/**
 * Fastify answers a few request errors before any route or error handler runs (a path with broken
 * percent-encoding, FST_ERR_BAD_URL): the `frameworkErrors` option of the Fastify constructor puts
 * those in the envelope too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it has broken percent-encoding.' : 'The request was refused.';
  return reply.code(status).send(errorEnvelope(message, status));
}
