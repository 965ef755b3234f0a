import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * RTK Query holds a save's tag invalidation while any other call is out ('delayed', its default). A
 * usage event to a tracking host that never answers would then hold back every refresh after every
 * save; the calls nobody waits for give up after FIRE_AND_FORGET_TIMEOUT_MS (src/api/baseApi.ts).
 */
describe('a usage event that never answers', () => {
  const asked: string[] = [];
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    asked.length = 0;
    vi.stubEnv('VITE_API_BASE', 'https://portal.example.com/api');
    vi.stubEnv('VITE_USAGE_TRACKING_BASE', 'https://track.example.net');
    vi.stubGlobal('location', { origin: 'https://portal.example.com' });
    vi.stubGlobal('localStorage', { getItem: () => 'token', setItem: () => undefined, removeItem: () => undefined });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request) => {
        const { pathname, origin } = new URL(input.url);
        asked.push(`${input.method} ${pathname}`);
        // The tracking host takes the connection and never answers: only the call's own end stops it.
        if (origin === 'https://track.example.net') {
          return new Promise<Response>((_, reject) => input.signal.addEventListener('abort', () => reject(input.signal.reason)));
        }
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, message: 'Saved.' }), { status: 200, headers: { 'content-type': 'application/json' } }),
        );
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('holds back the refresh after a save only until it gives up', async () => {
    const { configureStore } = await import('@reduxjs/toolkit');
    const { baseApi, FIRE_AND_FORGET_TIMEOUT_MS } = await import('../../../src/api/baseApi');
    const { shellApi } = await import('../../../src/api/shellApi');
    const { affiliateApi } = await import('../../../src/api/affiliateApi');
    const { settingsApi } = await import('../../../src/api/settingsApi');
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (m) => m().concat(baseApi.middleware) });
    const record = () => asked.filter((a) => a === 'GET /api/affiliate').length;

    const watching = store.dispatch(affiliateApi.endpoints.getAffiliate.initiate());
    await watching;
    expect(record()).toBe(1);

    const usage = store.dispatch(shellApi.endpoints.trackUsage.initiate({ source: 'portal', platform: 'desktop', page: '/settings', userID: '7' } as never));
    const save = { address1: '1 Main St', address2: '', city: 'Albany', state: 'NY', non_state: '', country: { key: 'US', text: 'United States' }, zipcode: '12207' };
    await store.dispatch(settingsApi.endpoints.addressDetails.initiate(save as never)).unwrap();
    // The save's invalidation waits for the usage event, as RTK Query does.
    await vi.advanceTimersByTimeAsync(FIRE_AND_FORGET_TIMEOUT_MS - 100);
    expect(record()).toBe(1);
    // The usage event gives up; the record is fetched again at once.
    await vi.advanceTimersByTimeAsync(200);
    await expect(usage.unwrap()).rejects.toMatchObject({ status: 'TIMEOUT_ERROR' });
    await vi.waitFor(() => expect(record()).toBe(2));
    watching.unsubscribe();
  });
});
