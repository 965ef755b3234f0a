import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_ANSWER_FRESH_MS, BOOT_CALL_GLOBAL, takeBootAnswer } from '../../../src/api/bootAnswer';
import { bootCalls, type BootCall } from '../../../src/app/bootCalls';
import { BROWSE_TABS } from '../../../src/shared/paths';
import { STUB_API_BASE, stubApi } from './stubApi';

/**
 * The boot script's first-screen calls (src/app/bootCalls.ts): each must be exactly the request the
 * page itself makes through RTK Query, or the page would ask again and the early answer be wasted.
 * Here the page's own request is recorded from RTK Query and compared with the table's.
 */
const BASE = STUB_API_BASE;

/** The table's call for `pathname`, its `$1` filled as the boot script fills it. */
function callFor(pathname: string): string | undefined {
  for (const call of bootCalls(BASE)) {
    const found = new RegExp(call.match).exec(pathname);
    if (found) return call.url.replace('$1', found[1] ?? '');
  }
  return undefined;
}

describe('the boot calls are the pages’ own requests', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("the dashboard's Popular row", async () => {
    const requests = stubApi({ success: true, campaigns: [], page: 0, has_more: false });
    const { makeStore } = await import('../../../src/app/store');
    const { shellApi } = await import('../../../src/api/shellApi');
    const { dashboardRowArgs } = await import('../../../src/features/dashboard/rowArgs');
    await makeStore().dispatch(shellApi.endpoints.getCampaigns.initiate(dashboardRowArgs('popular')));
    expect(requests).toEqual([callFor('/dashboard')]);
  });

  it("every browse tab's first page", async () => {
    const requests = stubApi({ success: true, campaigns: [], page: 0, has_more: false });
    const { makeStore } = await import('../../../src/app/store');
    const { campaignsApi } = await import('../../../src/api/campaignsApi');
    const store = makeStore();
    for (const tab of BROWSE_TABS) await store.dispatch(campaignsApi.endpoints.browseCampaigns.initiate(tab));
    expect(requests).toEqual(BROWSE_TABS.map((tab) => callFor(`/browse/${tab}`)));
  });

  it("the campaign page's campaign, for the ids the page reads", async () => {
    const requests = stubApi({ success: true, campaign: {} });
    const { makeStore } = await import('../../../src/app/store');
    const { campaignApi } = await import('../../../src/api/campaignApi');
    const { campaignIdOf } = await import('../../../src/features/campaigns/detail/campaignId');
    const store = makeStore();
    for (const id of ['1001', '7', '999999999']) await store.dispatch(campaignApi.endpoints.getCampaign.initiate(campaignIdOf(id)!));
    expect(requests).toEqual([callFor('/campaign/1001'), callFor('/campaign/7/'), callFor('/campaign/999999999')]);
    // What the page would not read as an id (or reads differently, as with a leading zero) starts no call.
    for (const other of ['/campaign/0', '/campaign/007', '/campaign/abc', '/campaign/1/x', '/dashboard/', '/browse', '/browse/nope']) expect(callFor(other), other).toBeUndefined();
  });

  it('each call names where its first image is', () => {
    for (const call of bootCalls('/api')) expect((call satisfies BootCall).image?.length, call.match).toBeGreaterThan(0);
  });
});

describe('the boot answer is taken once, by the same request only', () => {
  const url = 'https://portal.example.com/api/campaigns/popular?page=0&limit=6';
  const get = (address = url, token = 't', method = 'GET') => new Request(address, { method, headers: { 'x-app-token': token } });

  it('the same address and token: taken, then gone', async () => {
    const answer = Promise.resolve(Response.json({ success: true }));
    const page: Record<string, unknown> = { [BOOT_CALL_GLOBAL]: { url, token: 't', at: Date.now(), answer } };
    expect(takeBootAnswer(get(), page)).toBe(answer);
    expect(takeBootAnswer(get(), page)).toBeUndefined();
    expect(page[BOOT_CALL_GLOBAL]).toBeUndefined();
  });

  it('an answer older than BOOT_ANSWER_FRESH_MS is dropped, not handed to a later visit of the address', () => {
    const at = 1_000_000;
    const page: Record<string, unknown> = { [BOOT_CALL_GLOBAL]: { url, token: 't', at, answer: Promise.resolve(new Response()) } };
    expect(takeBootAnswer(get(), page, at + BOOT_ANSWER_FRESH_MS - 1)).toBeDefined();
    page[BOOT_CALL_GLOBAL] = { url, token: 't', at, answer: Promise.resolve(new Response()) };
    expect(takeBootAnswer(get(), page, at + BOOT_ANSWER_FRESH_MS)).toBeUndefined();
    expect(page[BOOT_CALL_GLOBAL]).toBeUndefined();
  });

  it('another address, another session or a write: left alone', () => {
    const started = { url, token: 't', at: Date.now(), answer: Promise.resolve(new Response()) };
    const page: Record<string, unknown> = { [BOOT_CALL_GLOBAL]: started };
    expect(takeBootAnswer(get(`${url}&x=1`), page)).toBeUndefined();
    expect(takeBootAnswer(get(url, 'other'), page)).toBeUndefined();
    expect(takeBootAnswer(get(url, 't', 'POST'), page)).toBeUndefined();
    expect(takeBootAnswer(get(), {})).toBeUndefined();
    expect(page[BOOT_CALL_GLOBAL]).toBe(started);
  });

  it('RTK Query reads it as its own answer: the page sends no request of its own', async () => {
    const requests = stubApi({ success: true, campaigns: [{ offer_id: 2 }], page: 0, has_more: false });
    const token = 'tok';
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'mb-auth-token' ? token : null) });
    vi.stubGlobal(BOOT_CALL_GLOBAL, { url, token, at: Date.now(), answer: Promise.resolve(Response.json({ success: true, campaigns: [{ offer_id: 1 }], page: 0, has_more: false })) });
    const { makeStore } = await import('../../../src/app/store');
    const { shellApi } = await import('../../../src/api/shellApi');
    const { dashboardRowArgs } = await import('../../../src/features/dashboard/rowArgs');
    const store = makeStore();
    const first = await store.dispatch(shellApi.endpoints.getCampaigns.initiate(dashboardRowArgs('popular')));
    expect(first.data?.campaigns).toEqual([{ offer_id: 1 }]);
    expect(requests).toEqual([]);
    // Asked again (a refetch), it goes to the network.
    const again = await store.dispatch(shellApi.endpoints.getCampaigns.initiate(dashboardRowArgs('popular'), { forceRefetch: true }));
    expect(again.data?.campaigns).toEqual([{ offer_id: 2 }]);
    expect(requests).toEqual([url]);
  });
});
