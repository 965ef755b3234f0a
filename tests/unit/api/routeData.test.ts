import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import type { ApiDispatch } from '../../../src/api/baseApi';
import { startRouteData, type RouteData } from '../../../src/api/routeData';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a screen's first calls start with its code (src/api/routeData.ts)", () => {
  const dispatch = vi.fn() as unknown as ApiDispatch;

  it("starts the shell's calls and the matched screen's, with the address's parameters", async () => {
    const campaign = vi.fn<RouteData['startData']>();
    const shell = vi.fn();
    const routes: RouteObject[] = [
      { path: '/dashboard', handle: { data: async () => ({ startData: vi.fn() }) } },
      { path: '/campaign/:id', handle: { data: async () => ({ startData: campaign }) } },
    ];
    startRouteData(routes, '/campaign/1001', dispatch, shell);
    await flush();
    expect(shell).toHaveBeenCalledWith(dispatch);
    expect(campaign).toHaveBeenCalledWith(dispatch, { id: '1001' });
  });

  it('starts nothing for an address outside the routes (no shell calls on a page without the shell)', async () => {
    const shell = vi.fn();
    startRouteData([{ path: '/dashboard' }], '/paycompletion', dispatch, shell);
    await flush();
    expect(shell).not.toHaveBeenCalled();
  });

  it('ignores a data module that cannot load (the screen reports its own load failure)', async () => {
    const shell = vi.fn();
    const failing: RouteObject[] = [{ path: '/dashboard', handle: { data: () => Promise.reject(new Error('offline')) } }];
    expect(() => startRouteData(failing, '/dashboard', dispatch, shell)).not.toThrow();
    await flush();
    expect(shell).toHaveBeenCalledTimes(1);
  });
});

describe("the dashboard's and the shell's early calls are the ones their components make", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('each address is asked once, and the components find their answers in the cache', async () => {
    vi.resetModules();
    vi.stubEnv('VITE_API_BASE', 'https://portal.example.com/api');
    vi.stubGlobal('location', { origin: 'https://portal.example.com' });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        asked.push(new URL(request.url).pathname + new URL(request.url).search);
        return Response.json({ success: true, campaigns: [] });
      }),
    );
    const { configureStore } = await import('@reduxjs/toolkit');
    const { baseApi } = await import('../../../src/api/baseApi');
    const { shellApi } = await import('../../../src/api/shellApi');
    const { affiliateApi } = await import('../../../src/api/affiliateApi');
    const { dashboardApi } = await import('../../../src/api/dashboardApi');
    const { startShellData, sideListArgs } = await import('../../../src/features/shell/shellData');
    const { startData, dashboardRowArgs } = await import('../../../src/features/dashboard/dashboardData');
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (m) => m().concat(baseApi.middleware) });

    startShellData(store.dispatch);
    startData(store.dispatch);
    await vi.waitFor(() => expect(asked).toHaveLength(13));
    expect(new Set(asked).size).toBe(13);
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/affiliate',
        '/api/campaigns/recentlyapproved?page=0&limit=5',
        '/api/campaigns/popular?page=0&limit=6',
        '/api/campaigns/suggested?page=0&limit=5',
        '/api/campaigns/suggested?page=0&limit=6',
        '/api/dashboard/modals',
      ]),
    );
    await vi.waitFor(() => expect(Object.values(store.getState()[baseApi.reducerPath].queries).every((q) => q?.status !== 'pending')).toBe(true));

    // What the components subscribe to (PortalShell, CampaignRow, DashboardPage, DashboardModals): no second request.
    const subscriptions = [
      store.dispatch(affiliateApi.endpoints.getAffiliate.initiate()),
      store.dispatch(shellApi.endpoints.getCampaigns.initiate(sideListArgs('ampicks'))),
      store.dispatch(shellApi.endpoints.getCampaigns.initiate(dashboardRowArgs('new'))),
      store.dispatch(shellApi.endpoints.getNews.initiate()),
      store.dispatch(shellApi.endpoints.getNotifications.initiate()),
      store.dispatch(dashboardApi.endpoints.getAffiliateStats.initiate()),
      store.dispatch(dashboardApi.endpoints.getCampaignSlider.initiate()),
      store.dispatch(dashboardApi.endpoints.getPerformanceBonus.initiate()),
      store.dispatch(dashboardApi.endpoints.getDashboardModals.initiate()),
    ];
    await Promise.all(subscriptions);
    expect(asked).toHaveLength(13);
    subscriptions.forEach((s) => s.unsubscribe());
  });
});
