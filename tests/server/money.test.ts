import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { runMoneyJobs } from '../../server/jobs';
import { balanceOf, payoutsDue, recordPayment } from '../../server/modules/ledger/ledger';
import { createPostbackWorker } from '../../server/modules/postbacks/worker';
import { insertAffiliate, setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';
import { buildLink, DEMO_AFFILIATE, prepareCampaign, startReceiver, type RunnableCampaign } from './trackingFixtures';

/**
 * Money from end to end, on a clock the test moves: clicks and advertiser postbacks through a capped
 * campaign, a reversal before and one after its pay period closed, a referred publisher's earnings,
 * then the statement, the reports and the postback log, each figure checked against the events the
 * test itself sent.
 */
const SECRET = 'money-secret-1';
const FALLBACK = 'https://network.example/unavailable';
const PAYOUT = 10;
const REVENUE = 16;
let clock = new Date('2027-03-02T15:00:00Z'); // Tuesday, 10:00 Eastern
let t: TestContext;
let token: string;
let campaign: RunnableCampaign;
let link: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let referred: number;

const click = (query = '') =>
  t.app.inject({ method: 'GET', url: `${new URL(link).pathname}${query}`, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0' }, remoteAddress: '198.51.100.7' });
const clickIdOf = (location: string) => new URL(location).searchParams.get('cid')!;
const postback = (query: string) => t.app.inject({ method: 'GET', url: `/postback?secret=${SECRET}&${query}` });
const api = (url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
const worker = () => createPostbackWorker(t.database.db, { allowLoopback: true, timeoutMs: 2000, retryBaseMs: 20, retryMaxMs: 100, now: () => clock });

beforeAll(async () => {
  t = await setupTestApp({
    now: () => clock,
    tracking: { baseUrl: 'https://trk.example', fallbackUrl: FALLBACK, linkCacheMs: 0, clickBatchDelayMs: 1, capCheckMs: 60_000 },
    postbackPolicy: { allowLoopback: true },
  });
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  campaign = await prepareCampaign(t.database.db, 2);
  const db = t.database.db;
  const adv = await db.selectFrom('campaigns').select('advertiser_id').where('id', '=', campaign.id).executeTakeFirstOrThrow();
  await db.updateTable('advertisers').set({ postback_secret: SECRET }).where('id', '=', adv.advertiser_id).execute();
  await db.updateTable('campaign_rates').set({ status: 'Inactive' }).where('campaign_id', '=', campaign.id).execute();
  await db
    .insertInto('campaign_rates')
    .values({ campaign_id: campaign.id, description: 'Lead', rate_type: 'F', rate: PAYOUT, revenue_type: 'F', revenue: REVENUE, status: 'Active', is_default: true })
    .execute();
  // The campaign takes 3 leads a day; the demo affiliate's own cap on it is 2.
  await db.updateTable('campaigns').set({ tracking_type: 'S', daily_cap: 3 }).where('id', '=', campaign.id).execute();
  await db.updateTable('campaign_access').set({ daily_cap: 2 }).where('campaign_id', '=', campaign.id).where('affiliate_id', '=', DEMO_AFFILIATE).execute();
  receiver = await startReceiver();
  const built = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId });
  link = built.body['tracking-link'] as string;
  const saved = await t.app.inject(withToken(token, { method: 'POST', url: `/api/campaign/${campaign.id}/postback`, payload: { type: 'S', code: `http://127.0.0.1:${receiver.port}/lead?tx={transaction_id}&p={payout}&s={status}` } }));
  expect(saved.statusCode, saved.body).toBe(200);
  const reversalSaved = await t.app.inject(withToken(token, { method: 'POST', url: '/api/affiliate/reversalPostback', payload: { url: `http://127.0.0.1:${receiver.port}/reversal?tx={transaction_id}&p={payout}&s={status}&r={reason}` } }));
  expect(reversalSaved.json()).toEqual({ success: true, message: 'Your reversal postback has been saved.' });
  // A publisher the demo affiliate referred, approved a month before, running the same campaign (no caps of its own).
  referred = await insertAffiliate(t.database, { email: `referred-${Date.now()}@example.com`, status: 'active' });
  await db.insertInto('referrals').values({ referrer_id: DEMO_AFFILIATE, referred_id: referred, referred_at: new Date('2027-02-01T12:00:00Z'), approved_at: new Date('2027-02-01T12:00:00Z') }).execute();
  await db.insertInto('campaign_access').values({ affiliate_id: referred, campaign_id: campaign.id, status: 'Approved' }).execute();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe(`money from events (${testEngine})`, () => {
  const sent: Record<string, string> = {};

  it('enforces the affiliate cap: over it a conversion pays nothing and further clicks go to the fallback page', async () => {
    const clicks = [];
    for (let i = 0; i < 3; i++) {
      const res = await click();
      expect(res.statusCode).toBe(302);
      clicks.push(clickIdOf(res.headers.location as string));
    }
    for (const [i, id] of clicks.entries()) {
      const res = await postback(`click_id=${id}&txid=T${i + 1}`);
      expect(res.statusCode, res.body).toBe(200);
      sent[`T${i + 1}`] = id;
    }
    const over = await t.database.db.selectFrom('conversions').select(['advertiser_ref', 'status', 'payout', 'revenue']).where('campaign_id', '=', campaign.id).orderBy('id').execute();
    expect(over.map((c) => [c.advertiser_ref, c.status, Number(c.payout), Number(c.revenue)])).toEqual([
      ['T1', 'approved', PAYOUT, REVENUE],
      ['T2', 'approved', PAYOUT, REVENUE],
      ['T3', 'over_cap', 0, 0],
    ]);
    const capped = await click();
    expect(capped.statusCode).toBe(302);
    expect(capped.headers.location).toBe(FALLBACK);
    const page = await api(`/api/campaign/${campaign.id}`);
    expect(page.json().campaign.details).toMatchObject({ cap: 3, affiliate_cap: 2, cap_left_today: 0 });
  });

  it('cancels the postback of a conversion reversed before it went out, and fires the reversal postback', async () => {
    const res = await postback(`click_id=${sent.T1}&txid=T1&status=reversed&reason=${encodeURIComponent('Duplicate lead')}`);
    expect(res.json()).toMatchObject({ success: true, message: 'Conversion reversed.', payout: -PAYOUT });
    await worker().runOnce();
    const paths = receiver.received.map((u) => `${u.pathname}?${u.searchParams.toString()}`).sort();
    expect(paths).toEqual(['/lead?tx=T2&p=10.00&s=approved', '/reversal?tx=T1&p=10.00&s=reversed&r=Duplicate+lead']);
    const log = (await api('/api/postbacks/deliveries')).json().deliveries as Array<{ url: string; status: string; event: string }>;
    const mine = log.filter((d) => d.url.includes(`127.0.0.1:${receiver.port}`));
    expect(mine.map((d) => [d.event, d.status, new URL(d.url).searchParams.get('tx')]).sort()).toEqual([
      ['conversion', 'cancelled', 'T1'],
      ['conversion', 'delivered', 'T2'],
      ['reversal', 'delivered', 'T1'],
    ]);
  });

  it('opens the cap again on the next network day; the referred publisher earns too', async () => {
    clock = new Date('2027-03-03T15:00:00Z');
    await t.app.inject({ method: 'GET', url: '/api/campaign/1' }); // nothing: the gate reads at its own pace
    const res = await click();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).not.toBe(FALLBACK);
    // The gate of the redirect forgets yesterday's caps when it next reads (capCheckMs); the page counts today's.
    const page = await api(`/api/campaign/${campaign.id}`);
    expect(page.json().campaign.details.cap_left_today).toBe(2);
    // The referred publisher's lead: a click recorded for it, converted by the advertiser.
    const db = t.database.db;
    await db.insertInto('clicks').values({ click_key: 'referredclick0001', affiliate_id: referred, campaign_id: campaign.id, clicked_at: clock }).execute();
    const lead = await postback('click_id=referredclick0001&txid=R1');
    expect(lead.json()).toMatchObject({ success: true, payout: PAYOUT });
  });

  it('credits the closed week as one Earnings line, and a later reversal as a Reversal line with its reason', async () => {
    clock = new Date('2027-03-07T17:00:00Z'); // Sunday: the week of February 28 to March 6 is closed
    await runMoneyJobs(t.database.db, clock);
    await runMoneyJobs(t.database.db, clock); // twice: nothing more
    clock = new Date('2027-03-08T15:00:00Z');
    const res = await postback(`click_id=${sent.T2}&txid=T2&status=reversed&reason=Chargeback`);
    expect(res.json()).toMatchObject({ message: 'Conversion reversed.' });
    const lines = await t.database.db
      .selectFrom('account_balance_lines')
      .select(['line_date', 'type', 'amount', 'notes', 'source'])
      .where('affiliate_id', '=', DEMO_AFFILIATE)
      .where('line_date', '>=', '2027-03-01')
      .orderBy('id')
      .execute();
    // Only T2 earned in that week (T1 reversed before, T3 over the cap).
    expect(lines.map((l) => [String(l.line_date).slice(0, 10), l.type, Number(l.amount), l.source])).toEqual([
      ['2027-03-06', 'Earnings', PAYOUT, 'earnings:2027-03-06'],
      ['2027-03-08', 'Reversal', -PAYOUT, expect.stringMatching(/^reversal:\d+$/)],
    ]);
    expect(lines[1].notes).toBe('Reversal of transaction T2: Chargeback');
    // The referred publisher has no payment yet: its period is the month, still open.
    const referredLines = await t.database.db.selectFrom('account_balance_lines').select('type').where('affiliate_id', '=', referred).execute();
    expect(referredLines).toEqual([]);
  });

  it('credits the referred publisher monthly and the referrer its referral income once the month is over', async () => {
    clock = new Date('2027-04-02T15:00:00Z');
    await Promise.all([runMoneyJobs(t.database.db, clock), runMoneyJobs(t.database.db, clock)]);
    const referredLines = await t.database.db.selectFrom('account_balance_lines').select(['line_date', 'type', 'amount', 'notes']).where('affiliate_id', '=', referred).execute();
    expect(referredLines.map((l) => [String(l.line_date).slice(0, 10), l.type, Number(l.amount), l.notes])).toEqual([
      ['2027-03-31', 'Earnings', PAYOUT, 'Earnings March 1, 2027 \u2013 March 31, 2027'],
    ]);
    const referral = await t.database.db
      .selectFrom('account_balance_lines')
      .select(['type', 'amount'])
      .where('affiliate_id', '=', DEMO_AFFILIATE)
      .where('type', '=', 'Referral')
      .where('line_date', '>=', '2027-04-01')
      .execute();
    expect(referral.map((l) => Number(l.amount))).toEqual([PAYOUT * 0.1]);
  });

  it('shows the same figures in the statement, the reports and the balance', async () => {
    token = await tokenFor(t.app, DEMO_ACCOUNTS.demo); // a month on the clock: the earlier session has expired
    const statement = (await api('/api/accountBalance/2027')).json();
    const lines = statement.account_balances as Array<{ amount: number }>;
    const start = statement.starting_balance_by_year['2027'] as number;
    const total = Math.round((start + lines.reduce((s, l) => s + l.amount, 0)) * 100) / 100;
    expect(total).toBe(Math.round((await balanceOf(t.database.db, DEMO_AFFILIATE)) * 100) / 100);
    const conversions = (await api(`/api/reports/conversions?startDate=2027-03-01&endDate=2027-03-31&oid=${campaign.id}&page=all`)).json().report as Array<{ status: string; earnings: number; reversal_reason: string }>;
    expect(conversions.map((c) => [c.status, c.earnings, c.reversal_reason]).sort()).toEqual([
      ['Over cap', 0, ''],
      ['Reversed', PAYOUT, 'Chargeback'],
      ['Reversed', PAYOUT, 'Duplicate lead'],
    ]);
    const reversals = (await api(`/api/reports/reversals?startDate=2027-03-01&endDate=2027-03-31&page=all`)).json().report as Array<{ reason: string; earnings: number }>;
    expect(reversals.map((r) => [r.reason, r.earnings]).sort()).toEqual([['Chargeback', -PAYOUT], ['Duplicate lead', -PAYOUT]]);
    // The network's margin stays out of the affiliate's sight.
    expect(JSON.stringify(conversions)).not.toContain('revenue');
  });

  it('records a payment once per reference and never more than the balance', async () => {
    const balance = await balanceOf(t.database.db, referred);
    expect(balance).toBe(PAYOUT);
    // Under the $100 minimum: nothing is due, the balance rolls over.
    expect((await payoutsDue(t.database.db, new Date('2027-04-20T15:00:00Z'))).find((d) => d.affiliate_id === referred)).toBeUndefined();
    await expect(recordPayment(t.database.db, { affiliateId: referred, amount: 11, reference: 'P-1', day: '2027-04-20' })).rejects.toMatchObject({ statusCode: 409 });
    const [a, b] = await Promise.all([
      recordPayment(t.database.db, { affiliateId: referred, amount: 10, reference: 'P-1', day: '2027-04-20' }),
      recordPayment(t.database.db, { affiliateId: referred, amount: 10, reference: 'P-1', day: '2027-04-20' }),
    ]);
    expect(a).toBe(b);
    expect(await balanceOf(t.database.db, referred)).toBe(0);
  });
});
