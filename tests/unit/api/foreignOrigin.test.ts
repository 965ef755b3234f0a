import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isForeignRequest, requestOrigin } from '../../../src/api/baseApi';

describe('which requests carry the session (spec 000 §6, §7)', () => {
  const page = 'https://portal.example.com';
  it('relative urls go to the API base, which is the page by default', () => {
    expect(requestOrigin('/news', '/api', page)).toBe(page);
    expect(isForeignRequest('/news', '/api', page)).toBe(false);
    expect(isForeignRequest('/usage/event', '/api', page)).toBe(false);
  });
  it('an absolute url on the same origin keeps the session', () => {
    expect(isForeignRequest('https://portal.example.com/api/usage/event', '/api', page)).toBe(false);
  });
  it('an absolute url on another origin is foreign', () => {
    expect(isForeignRequest('https://track.example.net/usage/event', '/api', page)).toBe(true);
    expect(isForeignRequest('http://portal.example.com/api/usage/event', '/api', page)).toBe(true);
    expect(isForeignRequest('https://portal.example.com:8443/usage/event', '/api', page)).toBe(true);
  });
  it('with the API on its own host, that host is home and the page is not', () => {
    expect(isForeignRequest('https://api.example.com/usage/event', 'https://api.example.com/v1', page)).toBe(false);
    expect(isForeignRequest('/news', 'https://api.example.com/v1', page)).toBe(false);
    expect(isForeignRequest('https://portal.example.com/usage/event', 'https://api.example.com/v1', page)).toBe(true);
  });
});

describe('a usage event to a foreign tracking host', () => {
  const seen: Request[] = [];
  beforeEach(() => {
    vi.resetModules();
    seen.length = 0;
    vi.stubEnv('VITE_API_BASE', 'https://portal.example.com/api');
    vi.stubEnv('VITE_USAGE_TRACKING_BASE', 'https://track.example.net');
    vi.stubGlobal('location', { origin: 'https://portal.example.com' });
    const items = new Map<string, string>([['mb-auth-token', 'secret-token']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        seen.push(input);
        return new Response(JSON.stringify({ success: false, errors: { code: 401, message: 'Unauthorized' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  async function setup() {
    const { configureStore } = await import('@reduxjs/toolkit');
    const { baseApi, onUnauthorized } = await import('../../../src/api/baseApi');
    const { shellApi } = await import('../../../src/api/shellApi');
    const store = configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (m) => m().concat(baseApi.middleware),
    });
    const loggedOut = vi.fn();
    onUnauthorized(loggedOut);
    return { store, shellApi, loggedOut };
  }

  it('sends no token and no cookies, and its 401 does not log out', async () => {
    const { store, shellApi, loggedOut } = await setup();
    const event = { source: 'portal', platform: 'desktop', page: '/dashboard', userID: 7 } as const;
    await store.dispatch(shellApi.endpoints.trackUsage.initiate(event as never));
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).origin).toBe('https://track.example.net');
    expect(seen[0]!.headers.get('x-app-token')).toBeNull();
    expect(seen[0]!.credentials).toBe('omit');
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('the security-question list goes without the token, from the settings page too (spec 001 §1, §7: no token)', async () => {
    const { store } = await setup();
    const { settingsApi } = await import('../../../src/api/settingsApi');
    await store.dispatch(settingsApi.endpoints.getSecurityQuestions.initiate());
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).pathname).toBe('/api/register/getSecurityQuestions');
    expect(seen[0]!.headers.get('x-app-token')).toBeNull();
  });

  it('same-origin calls keep the token, the cookies and the logout on 401', async () => {
    const { store, shellApi, loggedOut } = await setup();
    await store.dispatch(shellApi.endpoints.getNews.initiate());
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).origin).toBe('https://portal.example.com');
    expect(seen[0]!.headers.get('x-app-token')).toBe('secret-token');
    expect(seen[0]!.credentials).toBe('include');
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});
