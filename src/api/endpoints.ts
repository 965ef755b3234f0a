import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import { callRequest, type AnyEndpoint, type CallArg, type ReplyOf } from './contract/endpoint';

/**
 * RTK Query's side of the endpoint descriptions (src/api/contract): the request of a call is built
 * from the description (path parameters filled in, query, JSON body), so a renamed path parameter or
 * field is a type error here, on the server and in the stories' mocks alike.
 */

/** The request of `ep` for `args` (`{ params, query, body }` as the description has them). */
export function send<E extends AnyEndpoint>(ep: E, args: CallArg<E>): FetchArgs {
  return callRequest(ep, args);
}

/** A call that takes nothing: `useXQuery()`. */
export function plain<E extends AnyEndpoint>(ep: E): () => FetchArgs {
  return () => callRequest(ep, undefined as CallArg<E>);
}

/** A call whose argument is the request body. */
export function withBody<E extends AnyEndpoint & { body: z.ZodType }>(ep: E): (body: z.input<E['body']>) => FetchArgs {
  return (body) => callRequest(ep, { body } as CallArg<E>);
}

/** The answer of a call as the portal reads it. */
export type Reply<E extends AnyEndpoint> = ReplyOf<E>;

/** What a call sends as its body (before the schema's defaults and transforms). */
export type Body<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** What a call sends as its query string. */
export type Query<E extends AnyEndpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
