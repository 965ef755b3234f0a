import { fromZonedTime } from 'date-fns-tz';
import { afterAll, beforeAll, expect } from 'vitest';
import { RewardsResponse, type Promo } from '../../src/api/contract/rewards';
import { dayInZone, EASTERN_TIME_ZONE } from '../../src/shared/dates';
import { DEFAULT_MAXMONEY_REDEEM_LIMIT } from '../../server/config';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { programDay } from '../../server/modules/maxmoney/calendar';
import { insertAffiliate, setupTestApp, tokenFor, withToken, type TestContext } from './helpers';

/** The set-up of the MaxMoney tests: the app on the demo network, affiliates and promos of a test's own, the points read back. */
export let t: TestContext;
export let demo: string;
export const demoId = 100001;
export const LIMIT = DEFAULT_MAXMONEY_REDEEM_LIMIT;
export const settings = { redeemLimit: LIMIT };

/** Builds the app and signs the demo in before the file's tests; closes it after. */
export function withMaxmoneyApp(): void {
  beforeAll(async () => {
    t = await setupTestApp();
    demo = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  });
  afterAll(() => t?.close());
}

export const db = () => t.database.db;
export const round2 = (n: number) => Math.round(n * 100) / 100;
/** An instant at a wall-clock time of an Eastern day. */
export const eastern = (day: string, time = '12:00:00') => fromZonedTime(`${day}T${time}`, EASTERN_TIME_ZONE);
export const today = () => programDay(new Date());

export const getRewards = async (token = demo) => {
  const res = await t.app.inject(withToken(token, { method: 'GET', url: '/api/maxmoney' }));
  expect(res.statusCode, res.body).toBe(200);
  return RewardsResponse.parse(res.json());
};
export const post = (token: string, what: 'register' | 'redeem' | 'cancel', payload: unknown) =>
  t.app.inject(withToken(token, { method: 'POST', url: `/api/maxmoney/${what}`, payload: payload as Record<string, unknown> }));
export const balanceOf = async (id: number) =>
  Number((await db().selectFrom('affiliates').select('maxmoney_balance').where('id', '=', id).executeTakeFirstOrThrow()).maxmoney_balance);
export const entriesOf = (id: number) => db().selectFrom('maxmoney_transactions').selectAll().where('affiliate_id', '=', id).orderBy('id').execute();

let n = 0;
/** A signed-in affiliate of the test's own, with a points balance. */
export async function newAffiliate(balance = 0): Promise<{ id: number; token: string }> {
  const email = `mm${++n}-${Date.now()}@example.com`;
  const id = await insertAffiliate(t.database, { email, maxmoney_balance: balance });
  return { id, token: await tokenFor(t.app, email) };
}

export async function newPromo(values: { type: Promo['promo_type']; start: string; end: string; reward?: number; threshold?: number; campaigns?: number[]; tiers?: Array<[number, number]> }) {
  const row = await db()
    .insertInto('maxmoney_promos')
    .values({ type: values.type, name: `Test promo ${++n}`, start_date: values.start, end_date: values.end, reward: values.reward ?? 0, top_earnings_threshold: values.threshold ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.campaigns?.length) await db().insertInto('maxmoney_promo_campaigns').values(values.campaigns.map((campaign_id) => ({ promo_id: row.id, campaign_id }))).execute();
  if (values.tiers?.length) await db().insertInto('maxmoney_byb_tiers').values(values.tiers.map(([reward_threshold, reward_pct]) => ({ promo_id: row.id, reward_threshold, reward_pct }))).execute();
  return row.id;
}
export const registerDirect = (promoId: number, affiliateId: number) =>
  db().insertInto('maxmoney_registrations').values({ promo_id: promoId, affiliate_id: affiliateId }).execute();

/** The affiliate's approved earnings on Eastern days [start, end], computed here from the raw rows (not by the server's SQL). */
export async function approvedEarnings(affiliateId: number, start: string, end: string, keep: (c: { campaign_id: number }) => boolean = () => true) {
  const rows = await db().selectFrom('conversions').select(['campaign_id', 'payout', 'status', 'converted_at']).where('affiliate_id', '=', affiliateId).execute();
  return round2(
    rows
      .filter((c) => c.status === 'approved' && keep(c))
      .filter((c) => {
        const day = dayInZone(new Date(c.converted_at), EASTERN_TIME_ZONE);
        return day >= start && day <= end;
      })
      .reduce((s, c) => s + Number(c.payout), 0),
  );
}
