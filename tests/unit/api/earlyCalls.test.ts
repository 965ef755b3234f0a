import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from './stubApi';

/**
 * The first screen's early calls (src/features/dashboard/earlyCall.ts, src/features/campaigns/detail/earlyCall.ts).
 * The Popular row's: made as the signed-in store is
 * made on /dashboard, and the same request as the row's own hook, so the page sends it once.
 */

describe("the dashboard's early call", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  async function setUp() {
    const requests = stubApi({ success: true, campaigns: [], page: 0, has_more: false });
    const { makeStore } = await import('../../../src/app/store');
    const { startDashboardCall } = await import('../../../src/features/dashboard/earlyCall');
    const { dashboardRowArgs } = await import('../../../src/features/dashboard/rowArgs');
    const { shellApi } = await import('../../../src/api/shellApi');
    const store = makeStore();
    const row = () => store.dispatch(shellApi.endpoints.getCampaigns.initiate(dashboardRowArgs('popular')));
    return { requests, store, startDashboardCall, row };
  }

  it("is one request with the row's own: made first, the row's hook finds it", async () => {
    const { requests, store, startDashboardCall, row } = await setUp();
    startDashboardCall(store.dispatch, '/dashboard');
    const answer = await row();
    expect(answer.data).toMatchObject({ campaigns: [] });
    expect(requests).toEqual(['https://portal.example.com/api/campaigns/popular?page=0&limit=6']);
  });

  it('is not made on any other page', async () => {
    const { requests, store, startDashboardCall } = await setUp();
    startDashboardCall(store.dispatch, '/browse/new');
    startDashboardCall(store.dispatch, '/dashboard/x');
    await new Promise((r) => setTimeout(r, 10));
    expect(requests).toEqual([]);
  });
});

describe("the campaign page's early call", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('reads only a positive 32-bit id from the address', async () => {
    const { campaignIdOf } = await import('../../../src/features/campaigns/detail/campaignId');
    expect(campaignIdOf('1001')).toBe(1001);
    expect(campaignIdOf('2147483647')).toBe(2147483647);
    for (const bad of [undefined, '', '0', '-1', '12a', '1.5', '2147483648', '99999999999', '%31']) expect(campaignIdOf(bad), String(bad)).toBeNull();
  });

  it("is one request with the page's own, and none for an address that is not a campaign's", async () => {
    const requests = stubApi({ success: true, campaign: {} });
    const { makeStore } = await import('../../../src/app/store');
    const { startCampaignCall } = await import('../../../src/features/campaigns/detail/earlyCall');
    const { campaignApi } = await import('../../../src/api/campaignApi');
    const store = makeStore();
    for (const other of ['/campaign/abc', '/campaign/0', '/campaign/12/x', '/browse/new', '/campaign/']) startCampaignCall(store.dispatch, other);
    startCampaignCall(store.dispatch, '/campaign/1001');
    // The early call waits for the campaign API's module; the page's hook comes after it.
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await store.dispatch(campaignApi.endpoints.getCampaign.initiate(1001));
    expect(requests).toEqual(['https://portal.example.com/api/campaign/1001']);
  });
});
