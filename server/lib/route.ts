import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  errorStatuses,
  isRaw,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ReplyInputOf,
} from '../../src/api/contract/endpoint';
import { ErrorEnvelope } from '../../src/api/contract/envelope';
import type { AuthContext, OperatorContext } from '../plugins/auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's description of this route: its access decides the session hook (plugins/auth.ts). */
    endpoint?: AnyEndpoint;
  }
}

// Any Fastify instance, whatever its type provider (route plugins use fastify-type-provider-zod's).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFastify = FastifyInstance<any, any, any, any, any>;
type Or<T, D> = [T] extends [never] ? D : T;

/** The request a handler gets: parsed params, query and body, and `auth` unless the route is public. */
export type RouteRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Or<ParamsOf<E>, unknown>;
  Querystring: Or<QueryOf<E>, unknown>;
  Body: Or<BodyOf<E>, unknown>;
}> &
  (E['access'] extends 'public' ? unknown : E['access'] extends 'operator' ? { operator: OperatorContext } : { auth: AuthContext });

/** A JSON endpoint's handler returns its answer (checked against the schema); a raw one sends through `reply`. */
export type RouteHandler<E extends AnyEndpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends z.ZodType ? ReplyInputOf<E> : unknown>;

export interface RouteOptions {
  /** Extra route config (rate limit of the route, ...). */
  config?: Omit<FastifyContextConfig, 'endpoint'>;
  bodyLimit?: number;
}

const errorSchemas = (ep: AnyEndpoint) => Object.fromEntries(errorStatuses(ep).map((status) => [status, ErrorEnvelope]));

/**
 * Registers the Fastify route of an endpoint description: method, path, the zod schemas for params,
 * query, body and answers (the OpenAPI document comes from them) and the session requirement, which
 * the one onRequest hook of plugins/auth.ts enforces before the handler runs.
 */
export function route<E extends AnyEndpoint>(app: AnyFastify, ep: E, handler: RouteHandler<E>, options: RouteOptions = {}): void {
  const errors = errorSchemas(ep);
  app.route({
    method: ep.method,
    url: ep.path,
    schema: {
      tags: [...ep.tags],
      summary: ep.summary,
      ...(ep.hidden ? { hide: true } : {}),
      ...(ep.access === 'public' ? {} : { security: [{ [ep.access === 'operator' ? 'operatorToken' : 'appToken']: [] }] }),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(ep.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: isRaw(ep.response) ? errors : { 200: ep.response, ...errors },
    },
    config: { ...options.config, endpoint: ep },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: handler as never,
  });
}
