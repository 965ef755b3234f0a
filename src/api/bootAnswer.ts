/**
 * The call a first visit's boot script started before the portal's code arrived
 * (scripts/vite-boot-preload.ts, src/app/bootCalls.ts): the script leaves it under this global name.
 */
export const BOOT_CALL_GLOBAL = '__portalBootCall';

/** What the boot script leaves: the absolute address it asked for, the token it sent, the answer to come. */
export interface BootCallStarted {
  url: string;
  token: string;
  answer: Promise<Response>;
}

/**
 * The boot script's answer, when `request` is exactly the call it made (a GET of the same address
 * with the same session token), else undefined. Taken once: the first request that matches gets it,
 * every later one goes to the network. RTK Query reads it as it reads any answer (the base query's
 * `fetchFn`), so its errors, its 401 and its envelope check are the same as for a call of its own.
 */
export function takeBootAnswer(request: Request, global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): Promise<Response> | undefined {
  const started = global[BOOT_CALL_GLOBAL] as BootCallStarted | undefined;
  if (!started || request.method !== 'GET' || request.url !== started.url) return undefined;
  if (request.headers.get('x-app-token') !== started.token) return undefined;
  delete global[BOOT_CALL_GLOBAL];
  return started.answer;
}
