import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The Popular row's early call (src/features/dashboard/earlyCalls.ts): made as the signed-in store is
 * made on /dashboard, and the same request as the row's own hook, so the page sends it once.
 */
describe("the dashboard's early call", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  async function setUp() {
    vi.resetModules();
    vi.stubEnv('VITE_API_BASE', 'https://portal.example.com/api');
    vi.stubGlobal('location', { origin: 'https://portal.example.com' });
    const requests: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: Request | string) => {
      requests.push(typeof input === 'string' ? input : input.url);
      return Response.json({ success: true, campaigns: [], page: 0, has_more: false });
    }));
    const { makeStore } = await import('../../../src/app/store');
    const { startDashboardCalls } = await import('../../../src/features/dashboard/earlyCalls');
    const { dashboardRowArgs } = await import('../../../src/features/dashboard/rowArgs');
    const { shellApi } = await import('../../../src/api/shellApi');
    const store = makeStore();
    const row = () => store.dispatch(shellApi.endpoints.getCampaigns.initiate(dashboardRowArgs('popular')));
    return { requests, store, startDashboardCalls, row };
  }

  it("is one request with the row's own: made first, the row's hook finds it", async () => {
    const { requests, store, startDashboardCalls, row } = await setUp();
    startDashboardCalls(store.dispatch, '/dashboard');
    const answer = await row();
    expect(answer.data).toMatchObject({ campaigns: [] });
    expect(requests).toEqual(['https://portal.example.com/api/campaigns/popular?page=0&limit=6']);
  });

  it('is not made on any other page', async () => {
    const { requests, store, startDashboardCalls } = await setUp();
    startDashboardCalls(store.dispatch, '/browse/new');
    startDashboardCalls(store.dispatch, '/dashboard/x');
    await new Promise((r) => setTimeout(r, 10));
    expect(requests).toEqual([]);
  });
});
