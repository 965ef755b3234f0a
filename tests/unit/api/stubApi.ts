import { vi } from 'vitest';

/** The API base the early-call tests build against. */
export const STUB_API_BASE = 'https://portal.example.com/api';

/**
 * Fresh modules, the API's base and origin, and a fetch that answers `body` and records each address
 * (the early calls' and the boot calls' tests: tests/unit/api). Undo with vi.unstubAllEnvs/Globals.
 */
export function stubApi(body: object): string[] {
  vi.resetModules();
  vi.stubEnv('VITE_API_BASE', STUB_API_BASE);
  vi.stubGlobal('location', { origin: 'https://portal.example.com' });
  const requests: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: Request | string) => {
    requests.push(typeof input === 'string' ? input : input.url);
    return Response.json(body);
  }));
  return requests;
}
