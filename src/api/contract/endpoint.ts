import type { z } from 'zod';

/**
 * One description per endpoint: method, path with its parameters, query, body, answer,
 * who may call it and its error answers. The server registers its Fastify route from it
 * (server/lib/route.ts, and the OpenAPI document follows), RTK Query builds the URL and body from
 * it (src/api/endpoints.ts), and the stories' MSW handlers match its path and check what the
 * portal sends with the same schemas (stories/mocks/http.ts). Browser-safe: zod types only.
 */

/** Stages of a session (docs/adr/0004): a half sign-in reaches only the calls of its own step. */
export const SESSION_STAGES = ['active', 'otp', 'verify', 'otp_setup'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

/**
 * Who may call: 'public' (no token), 'session' (a fully signed-in affiliate), the session
 * stages listed (a half sign-in, e.g. ['otp'] for the authenticator step), or 'operator' (the
 * network's operator, with an operator session of its own: `x-operator-token`, never an
 * affiliate's token).
 */
export type Access = 'public' | 'session' | 'operator' | readonly SessionStage[];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** HTTP statuses an endpoint may answer with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428 | 429 | 500 | 503;

/** A non-JSON answer (an image, a redirect): its media type, for the OpenAPI document. */
export interface RawAnswer {
  readonly raw: string;
}

/** The path's parameter names: '/campaigns/:list/:id' -> 'list' | 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsField<P extends string> = [PathParamNames<P>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodType<unknown, { [K in PathParamNames<P>]: string }> };

/** Any endpoint description, for code that handles them all. */
export interface AnyEndpoint {
  readonly method: Method;
  /** Under the API base (/api); `:name` marks a path parameter. */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly tags: readonly string[];
  /** Path parameters: required exactly when the path has `:name`s, with the same names. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answer of a 200, or `{ raw: mediaType }` for an image or a redirect. */
  readonly response: z.ZodType | RawAnswer;
  /** Error answers beyond the ones every endpoint of its kind has (see errorStatuses). */
  readonly errors?: readonly ErrorStatus[];
  /** Not listed among the API's operations (the document itself; the tracking addresses are listed apart, under the site's root: server/lib/openapi.ts). */
  readonly hidden?: boolean;
  /** 'site' for the tracking addresses served outside the API base (/go, /postback, /pixel). */
  readonly base?: 'api' | 'site';
  /**
   * A multipart/form-data body (an upload): the portal sends the body's fields as form fields and
   * the named file fields as files; the server reads the parts, checks the text fields with `body`
   * and hands each file over as a Buffer (@fastify/multipart, keyValues). At most `maxFileBytes` per file;
   * a larger one is answered 413 with `tooLargeMessage`.
   */
  readonly multipart?: { readonly files: readonly string[]; readonly maxFileBytes: number; readonly tooLargeMessage: string };
  /**
   * An operator endpoint's roles (src/api/contract/roles.ts): who may call it. Required with access
   * 'operator' (the server refuses to start without it), meaningless with any other access.
   */
  readonly roles?: readonly ('admin' | 'manager' | 'finance' | 'viewer')[];
}

/** A description whose params schema names exactly the `:params` of its path. */
export type EndpointSpec<P extends string = string> = Omit<AnyEndpoint, 'path' | 'params'> & { readonly path: P } & ParamsField<P>;

/**
 * Describes an endpoint. The path's `:params` and the params schema must name the same fields
 * (a type error otherwise), so renaming one without the other cannot compile.
 */
export function endpoint<const P extends string, const E extends EndpointSpec<P>>(spec: E & { path: P }): E {
  return spec;
}

export function isRaw(response: AnyEndpoint['response']): response is RawAnswer {
  return typeof (response as RawAnswer).raw === 'string';
}

/**
 * The error answers of an endpoint: 400 when it takes input, 401 unless public, 413 when it takes a
 * body, 429 (rate limits) and 500 always, plus the ones it lists.
 */
export function errorStatuses(ep: AnyEndpoint): ErrorStatus[] {
  const set = new Set<ErrorStatus>(ep.errors ?? []);
  if (ep.params || ep.query || ep.body) set.add(400);
  if (ep.access !== 'public') set.add(401);
  if (ep.body) set.add(413);
  set.add(429);
  set.add(500);
  return [...set].sort((a, b) => a - b);
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Part<K extends string, S> = S extends z.ZodType
  ? object extends Input<S>
    ? { [k in K]?: Input<S> }
    : { [k in K]: Input<S> }
  : unknown;
type Flatten<T> = { [K in keyof T]: T[K] } & {};
/** A query string carries text: a number may stand wherever free text is accepted ({ page: 2 }). */
type QueryText<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] };
type QueryPart<S> = S extends z.ZodType
  ? object extends Input<S>
    ? { query?: QueryText<Input<S>> }
    : { query: QueryText<Input<S>> }
  : unknown;

/** What a caller passes: `{ params, query, body }`, each only where the endpoint has it. */
export type CallArgs<E extends AnyEndpoint> = Flatten<Part<'params', E['params']> & QueryPart<E['query']> & Part<'body', E['body']>>;
/** CallArgs, or void when the endpoint takes nothing (so `useXQuery()` needs no argument). */
export type CallArg<E extends AnyEndpoint> = object extends CallArgs<E> ? CallArgs<E> | void : CallArgs<E>;

/** The parsed pieces a handler (server or mock) receives. */
export type ParamsOf<E extends AnyEndpoint> = Output<E['params']>;
export type QueryOf<E extends AnyEndpoint> = Output<E['query']>;
export type BodyOf<E extends AnyEndpoint> = Output<E['body']>;
/** The JSON answer as the client reads it. */
export type ReplyOf<E extends AnyEndpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;
/** The JSON answer as a handler writes it (before the schema's defaults and transforms). */
export type ReplyInputOf<E extends AnyEndpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;

/** Fills the path's `:params` (each percent-encoded): '/campaigns/:list' + { list: 'new' } -> '/campaigns/new'. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** The request a call makes: url under the API base, method, query parameters and JSON body. */
export interface CallRequest {
  url: string;
  method: Method;
  params?: Record<string, unknown>;
  body?: unknown;
}

export function callRequest<E extends AnyEndpoint>(ep: E, args: CallArg<E>): CallRequest {
  const a = (args ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const request: CallRequest = { url: fillPath(ep.path, a.params), method: ep.method };
  if (a.query) request.params = a.query;
  if (ep.multipart) {
    // An upload: text fields as form fields, Blobs (files) as file parts; the browser sets the boundary.
    const form = new FormData();
    for (const [name, value] of Object.entries((a.body ?? {}) as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
      else form.append(name, String(value));
    }
    request.body = form;
    return request;
  }
  // Calls without a body still send an empty JSON object (Fastify needs a body for JSON POSTs).
  if (ep.method !== 'GET') request.body = a.body ?? {};
  return request;
}
