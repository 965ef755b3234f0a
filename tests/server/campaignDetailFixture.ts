import { afterAll, beforeAll, expect } from 'vitest';
import { type CampaignDetail, CampaignDetailResponse } from '../../src/api/contract/campaignDetail';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { insertAffiliate, setupTestApp, tokenFor, withToken, type TestContext } from './helpers';

/** The set-up of the campaign page tests: the app, the demo and another affiliate signed in, and look-ups of campaigns. */
export let t: TestContext;
export let token: string;
export let otherToken: string;
export let otherId: number;
export const DEMO = 100001;
export const db = () => t.database.db;

/** Builds the app and signs the two affiliates in before the file's tests; closes it after. */
export function withCampaignPageApp(): void {
  beforeAll(async () => {
    t = await setupTestApp();
    token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    otherId = await insertAffiliate(t.database, { email: 'campaign-page-other@example.com', status: 'active', email_verified_at: new Date() });
    otherToken = await tokenFor(t.app, 'campaign-page-other@example.com');
  });
  afterAll(() => t?.close());
}

export const get = (url: string, as = token) => t.app.inject(withToken(as, { method: 'GET', url }));
export const post = (url: string, as = token) => t.app.inject(withToken(as, { method: 'POST', url, payload: {} }));

export async function detail(id: number, as = token): Promise<CampaignDetail> {
  const res = await get(`/api/campaign/${id}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return CampaignDetailResponse.parse(res.json()).campaign;
}

/** An active campaign matching `where` (first by id). */
export async function campaignWhere(filter: (c: { id: number; status: string; expiry_date: string | null }) => boolean | Promise<boolean>) {
  const rows = await db().selectFrom('campaigns').select(['id', 'status', 'expiry_date']).orderBy('id').execute();
  for (const r of rows) if (r.status === 'active' && (await filter(r))) return r.id;
  throw new Error('no such campaign in the demo network');
}

/** Every key of a zod object's shape, nested objects included ('details.name'). */
export function keysOf(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? [`${prefix}${k}`, ...keysOf(v as Record<string, unknown>, `${prefix}${k}.`)] : [`${prefix}${k}`],
  );
}
