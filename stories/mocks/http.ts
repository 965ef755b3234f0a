import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { apiBase } from '../../src/api/baseApi';
import { isRaw, type AnyEndpoint, type ReplyInputOf } from '../../src/api/contract/endpoint';
import { errorEnvelope } from '../../src/api/contract/envelope';

/**
 * The one mock toolkit of the stories. Every handler is made from an endpoint description
 * of src/api/contract, so it matches the same path the server registers and checks what the portal
 * sends with the same zod schemas: a story whose portal code sends a wrong body, query or path
 * parameter fails (see `takeContractViolations`, checked after every story by .storybook/preview).
 * A JSON answer given as data is checked against the endpoint's answer schema too; a story that
 * wants to send something the contract does not allow returns a `Response` itself.
 *
 *   mock(ep, resolver)          any answer computed from the request
 *   answer(ep, data)            200 with a success body (data or a function of the call)
 *   failure(ep, message, code)  the server's `{ success: false, errors: { message, code } }`
 *   networkError(ep)            the request never gets an answer ('Connection error.' on screen)
 *   pending(ep)                 never answers (loading states)
 *   mocksOf(ep)                 the four above, bound to one endpoint
 * Each takes `{ onRequest }`, called with every request the handler sees (a spy on requests).
 */

/** One request as a mock saw it: the raw query strings and JSON body the portal sent. */
export interface MockCall {
  url: URL;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  request: Request;
}

export interface MockOptions {
  onRequest?: (call: MockCall) => void;
}

export type MockReply<E extends AnyEndpoint> = ReplyInputOf<E> | Response;
export type Resolver<E extends AnyEndpoint> = (call: MockCall) => MockReply<E> | Promise<MockReply<E>>;

const violations: string[] = [];

/** Contract breaches seen since the last call (and forgets them): the story fails when there are any. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

let storyRun = 0;

/** Called before every render of a story (.storybook/preview.tsx): stateful mocks start afresh. */
export function newStoryRun() {
  storyRun += 1;
}

/**
 * State a mock keeps between requests within one render of a story (a sequence of answers, a flag
 * flipped by a POST). The story tests render each story once (the dark theme is the same render,
 * switched), a retried story renders again, and the workbench re-renders on every change of args:
 * each render starts from `init()` again.
 */
export function perRender<T>(init: () => T): () => T {
  let run = -1;
  let state: T;
  return () => {
    if (run !== storyRun) {
      run = storyRun;
      state = init();
    }
    return state;
  };
}

/** The address MSW matches for an endpoint: under the API base, or at the site root for tracking paths. */
export function urlOf(ep: AnyEndpoint): string {
  return `${ep.base === 'site' ? '' : apiBase}${ep.path}`;
}

function problemOf(schema: z.ZodType | undefined, value: unknown): string | null {
  if (!schema) return null;
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

const failureResponse = (message: string, status: number) => HttpResponse.json(errorEnvelope(message, status), { status });

/** A multipart body as the server reads it: text fields as strings, files as File (checked as `unknown`). */
async function formBody(request: Request): Promise<Record<string, unknown>> {
  const form = await request.clone().formData();
  const out: Record<string, unknown> = {};
  form.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function mock<E extends AnyEndpoint>(ep: E, resolver: Resolver<E>, options?: MockOptions): HttpHandler {
  const method = ep.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](urlOf(ep), async ({ request, params }) => {
    const url = new URL(request.url);
    const call: MockCall = {
      url,
      params: params as Record<string, string>,
      query: Object.fromEntries(url.searchParams),
      body: ep.method === 'GET' ? undefined : ep.multipart ? await formBody(request) : await jsonBody(request),
      request,
    };
    options?.onRequest?.(call);
    const sent =
      (ep.params && problemOf(ep.params, call.params)) ||
      (ep.query && problemOf(ep.query, call.query)) ||
      (ep.body && problemOf(ep.body, call.body ?? {}));
    if (sent) {
      const message = `${ep.method} ${ep.path}: the portal sent a request the contract refuses (${sent})`;
      violations.push(message);
      return failureResponse(message, 400);
    }
    const reply = await resolver(call);
    if (reply instanceof Response) return reply;
    const wrong = isRaw(ep.response) ? null : problemOf(ep.response, reply);
    if (wrong) violations.push(`${ep.method} ${ep.path}: the mock's answer breaks the contract (${wrong})`);
    return HttpResponse.json(reply as never);
  });
}

export function answer<E extends AnyEndpoint>(ep: E, data: ReplyInputOf<E> | ((call: MockCall) => ReplyInputOf<E>), options?: MockOptions) {
  return mock(ep, (call) => (typeof data === 'function' ? (data as (call: MockCall) => ReplyInputOf<E>)(call) : data), options);
}

export function failure(ep: AnyEndpoint, message: string, status = 400, options?: MockOptions) {
  return mock(ep, () => failureResponse(message, status), options);
}

export function networkError(ep: AnyEndpoint, options?: MockOptions) {
  return mock(ep, () => HttpResponse.error(), options);
}

/** An answer that never comes (for a resolver that is pending only in some cases). */
export async function pendingResponse(): Promise<Response> {
  await delay('infinite');
  return HttpResponse.error();
}

export function pending(ep: AnyEndpoint, options?: MockOptions) {
  return mock(ep, pendingResponse, options);
}

/** The standard answers of one endpoint. */
export function mocksOf<E extends AnyEndpoint>(ep: E) {
  return {
    reply: (resolver: Resolver<E>, options?: MockOptions) => mock(ep, resolver, options),
    answer: (data: ReplyInputOf<E> | ((call: MockCall) => ReplyInputOf<E>), options?: MockOptions) => answer(ep, data, options),
    failure: (message: string, status = 400, options?: MockOptions) => failure(ep, message, status, options),
    networkError: (options?: MockOptions) => networkError(ep, options),
    pending: (options?: MockOptions) => pending(ep, options),
  };
}

export { failureResponse };
