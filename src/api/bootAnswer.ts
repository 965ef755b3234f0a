/**
 * The call a first visit's boot script started before the portal's code arrived
 * (scripts/vite-boot-preload.ts, src/app/bootCalls.ts): the script leaves it under this global name.
 */
export const BOOT_CALL_GLOBAL = '__portalBootCall';

/** What the boot script leaves: the absolute address it asked for, the token it sent, when (Date.now()), the answer to come. */
export interface BootCallStarted {
  url: string;
  token: string;
  at: number;
  answer: Promise<Response>;
}

/**
 * How long the boot answer may stand for the page's own call. The page asks within a second or two of
 * its code arriving; an answer nobody took (the code failed to load, the affiliate left first) must
 * not be handed, minutes old, to a later visit of the same address.
 */
export const BOOT_ANSWER_FRESH_MS = 30_000;

/**
 * The boot script's answer, when `request` is exactly the call it made (a GET of the same address
 * with the same session token, within BOOT_ANSWER_FRESH_MS of its start), else undefined. Taken once:
 * the first request that matches gets it, every later one goes to the network; a stale one is
 * dropped. RTK Query reads it as it reads any answer (the base query's `fetchFn`), so its errors, its 401 and its envelope check are the same as for a call of its own.
 */
export function takeBootAnswer(request: Request, global: Record<string, unknown> = globalThis as unknown as Record<string, unknown>, now = Date.now()): Promise<Response> | undefined {
  const started = global[BOOT_CALL_GLOBAL] as BootCallStarted | undefined;
  if (!started) return undefined;
  if (!(now - started.at < BOOT_ANSWER_FRESH_MS)) {
    delete global[BOOT_CALL_GLOBAL];
    return undefined;
  }
  if (request.method !== 'GET' || request.url !== started.url) return undefined;
  if (request.headers.get('x-app-token') !== started.token) return undefined;
  delete global[BOOT_CALL_GLOBAL];
  return started.answer;
}
