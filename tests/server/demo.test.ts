import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeZoneFromEnv } from '../../server/config';
import { prepareDatabase } from '../../server/db/bootstrap';
import { openDatabase, type Database } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRET, countRows } from '../../server/db/demo/seed';
import { BANNER_SIZES } from '../../server/db/demo/catalog';
import { verifyPassword } from '../../server/lib/crypto';
import { DEMO_PASSWORD } from '../../server/db/demo/seed';
import { SMALL_DEMO, openTestDatabase, setupTestApp, testEngine, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

describe(`demo network (${testEngine})`, () => {
  it('has campaigns with rates, traffic types, countries, devices, landing pages and creatives', async () => {
    const db = t.database.db;
    const campaigns = await db.selectFrom('campaigns').selectAll().execute();
    expect(campaigns).toHaveLength(SMALL_DEMO.campaigns!);
    const subcategories = new Set(campaigns.map((c) => c.subcategory_id));
    expect(subcategories.size).toBeGreaterThanOrEqual(30);
    for (const c of campaigns) {
      expect(c.name).toMatch(/^\S+ .+ - .+ \(.+\)$/);
      expect(c.description.length).toBeGreaterThan(100);
      expect(['S', 'M', 'L', 'I', 'A', 'G', 'H']).toContain(c.tracking_type);
    }
    const perCampaign = async (table: 'campaign_rates' | 'campaign_traffic_types' | 'landing_pages' | 'campaign_os') =>
      new Set((await db.selectFrom(table).select('campaign_id').execute()).map((r) => r.campaign_id)).size;
    expect(await perCampaign('campaign_rates')).toBe(campaigns.length);
    expect(await perCampaign('campaign_traffic_types')).toBe(campaigns.length);
    expect(await perCampaign('landing_pages')).toBe(campaigns.length);
    expect(await perCampaign('campaign_os')).toBe(campaigns.length);
    const defaults = await db.selectFrom('landing_pages').select('campaign_id').where('is_default', '=', true).execute();
    expect(defaults).toHaveLength(campaigns.length);
    const rateTypes = new Set((await db.selectFrom('campaign_rates').select('rate_type').execute()).map((r) => r.rate_type));
    expect(rateTypes).toEqual(new Set(['F', 'P']));

    const creatives = await db.selectFrom('creatives').select(['campaign_id', 'type', 'width', 'height']).where('campaign_id', '=', 1001).execute();
    expect(creatives.filter((c) => c.type === 'banner').map((c) => [c.width, c.height])).toEqual(BANNER_SIZES);
    expect(creatives.filter((c) => c.type === 'text')).toHaveLength(2);
    expect(creatives.filter((c) => c.type === 'textEmail')).toHaveLength(1);
    expect(creatives.filter((c) => c.type === 'htmlEmail')).toHaveLength(1);
    const countries = await db.selectFrom('countries').select('code').execute();
    expect(countries.length).toBe(249);
  });

  it('has managers, news, notifications, slider items, resources, promos and reference data', async () => {
    const rows = await countRows(t.database.db);
    expect(rows.managers).toBe(6);
    expect(rows.news).toBeGreaterThanOrEqual(10);
    expect(rows.notifications).toBeGreaterThanOrEqual(3);
    expect(rows.slider_items).toBe(6);
    expect(rows.resources).toBeGreaterThanOrEqual(8);
    expect(rows.maxmoney_promos).toBe(5);
    expect(rows.security_questions).toBe(10);
    expect(rows.help_texts).toBe(1);
    const pinned = await t.database.db.selectFrom('slider_items').select('id').where('pinned', '=', true).execute();
    expect(pinned).toHaveLength(1);
  });

  it('gives the main demo affiliate history, bookmarks, approvals, MaxMoney, balances and referrals', async () => {
    const db = t.database.db;
    const demo = await db.selectFrom('affiliates').selectAll().where('email', '=', DEMO_ACCOUNTS.demo).executeTakeFirstOrThrow();
    const where = <T extends 'clicks' | 'conversions' | 'bookmarks' | 'maxmoney_transactions' | 'account_balance_lines' | 'stats_daily'>(table: T) =>
      db.selectFrom(table as 'clicks').where('affiliate_id', '=', demo.id);
    const clicks = await where('clicks').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('clicked_at').as('first')]).executeTakeFirstOrThrow();
    expect(Number(clicks.n)).toBeGreaterThan(1000);
    const spanDays = (Date.now() - new Date(clicks.first as Date).getTime()) / 86_400_000;
    expect(spanDays).toBeGreaterThan(SMALL_DEMO.historyDays! - 2);
    const conversions = await db.selectFrom('conversions').select(['status', 'payout']).where('affiliate_id', '=', demo.id).execute();
    expect(conversions.length).toBeGreaterThan(10);
    expect(conversions.every((c) => c.payout > 0)).toBe(true);

    // The rollup agrees with the raw events.
    const rollup = await db.selectFrom('stats_daily').select((eb) => [eb.fn.sum<number>('clicks').as('clicks'), eb.fn.sum<number>('leads').as('leads'), eb.fn.sum<number>('earnings').as('earnings')]).where('affiliate_id', '=', demo.id).executeTakeFirstOrThrow();
    expect(Number(rollup.clicks)).toBe(Number(clicks.n));
    const counted = conversions.filter((c) => c.status === 'approved' || c.status === 'pending');
    expect(Number(rollup.leads)).toBe(counted.length);
    expect(Number(rollup.earnings)).toBeCloseTo(counted.reduce((s, c) => s + c.payout, 0), 2);

    const approved = await db.selectFrom('campaign_access').select('campaign_id').where('affiliate_id', '=', demo.id).where('status', '=', 'Approved').execute();
    expect(approved.length).toBeGreaterThanOrEqual(20);
    expect(await db.selectFrom('bookmarks').select('campaign_id').where('affiliate_id', '=', demo.id).execute()).toHaveLength(12);
    const mm = await db.selectFrom('maxmoney_transactions').select('amount').where('affiliate_id', '=', demo.id).execute();
    expect(mm.length).toBeGreaterThan(3);
    expect(demo.maxmoney_balance).toBeCloseTo(mm.reduce((s, r) => s + r.amount, 0), 2);
    const balance = await db.selectFrom('account_balance_lines').select(['type', 'line_date']).where('affiliate_id', '=', demo.id).execute();
    expect(new Set(balance.map((b) => b.type))).toEqual(new Set(['Earnings', 'Payment', 'Referral', 'Bonus', 'Adjustment', 'MaxMoney']));
    // A past redemption was settled by the job: Redeemed, linked to its MaxMoney line.
    const redeemed = await db.selectFrom('maxmoney_transactions').select(['amount', 'balance_line_id']).where('affiliate_id', '=', demo.id).where('entry_type', '=', 'Redeemed').execute();
    expect(redeemed).toHaveLength(1);
    const line = await db.selectFrom('account_balance_lines').select(['type', 'amount']).where('id', '=', redeemed[0].balance_line_id!).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ type: 'MaxMoney', amount: -redeemed[0].amount });
    expect(new Set(balance.map((b) => b.line_date.slice(0, 4))).size).toBeGreaterThanOrEqual(2);
    expect(await db.selectFrom('referrals').select('referred_id').where('referrer_id', '=', demo.id).execute()).toHaveLength(4);
  });

  it('writes the history through the tracking engine: stats_daily equals the sums of raw clicks and conversions', async () => {
    const db = t.database.db;
    const timeZone = timeZoneFromEnv(process.env.REPORT_TIME_ZONE);
    const nonZero = 'clicks <> 0 or leads <> 0 or sales::numeric <> 0 or earnings::numeric <> 0';
    // The main demo affiliate and the dashboard demo affiliates with earnings.
    for (const id of [100001, 100013, 100014, 100015, 100016]) {
      const raw = await sql<Record<string, unknown>>`
        select * from (
          select day::text as day, campaign_id, creative_id, landing_page_id, sub1, sum(clicks)::int as clicks, sum(leads)::int as leads,
                 round(sum(sales), 2)::text as sales, round(sum(earnings), 2)::text as earnings
          from (
            select (clicked_at at time zone ${timeZone})::date as day, campaign_id, creative_id, landing_page_id, sub1,
                   1 as clicks, 0 as leads, 0::numeric as sales, 0::numeric as earnings
            from clicks where affiliate_id = ${id}
            union all
            select (converted_at at time zone ${timeZone})::date, campaign_id, creative_id, landing_page_id, sub1, 0, 1, sale_amount, payout
            from conversions where affiliate_id = ${id} and status in ('approved', 'pending')
          ) events group by 1, 2, 3, 4, 5
        ) r where ${sql.raw(nonZero)} order by 1, 2, 3, 4, 5`.execute(db);
      const rollup = await sql<Record<string, unknown>>`
        select * from (
          select day::text as day, campaign_id, creative_id, landing_page_id, sub1, sum(clicks)::int as clicks, sum(leads)::int as leads,
                 round(sum(sales), 2)::text as sales, round(sum(earnings), 2)::text as earnings
          from stats_daily where affiliate_id = ${id} group by 1, 2, 3, 4, 5
        ) r where ${sql.raw(nonZero)} order by 1, 2, 3, 4, 5`.execute(db);
      expect(raw.rows.length, `affiliate ${id}`).toBeGreaterThan(0);
      expect(rollup.rows, `affiliate ${id}`).toEqual(raw.rows);
    }
    // Recorded by the engine (intake 'demo'), reversals with their rows, and no postback queued for the past.
    const intakes = await db.selectFrom('conversions').select('intake').distinct().where('affiliate_id', '=', 100001).execute();
    expect(intakes.map((r) => r.intake)).toEqual(['demo']);
    const reversed = await db.selectFrom('conversions').select('id').where('affiliate_id', '=', 100001).where('status', '=', 'reversed').execute();
    const reversals = await db.selectFrom('reversals').select('conversion_id').where('affiliate_id', '=', 100001).execute();
    expect(reversals.map((r) => Number(r.conversion_id)).sort()).toEqual(reversed.map((r) => Number(r.id)).sort());
    expect(await db.selectFrom('postback_deliveries').select('id').execute()).toHaveLength(0);
  });

  it('gives every sign-in-able demo affiliate a real hash of the demo password', async () => {
    const rows = await t.database.db.selectFrom('affiliates').select(['email', 'password_hash', 'otp_secret']).where('email', 'in', Object.values(DEMO_ACCOUNTS)).execute();
    expect(rows).toHaveLength(Object.keys(DEMO_ACCOUNTS).length);
    const hashes = new Set(rows.map((r) => r.password_hash));
    expect(hashes.size).toBe(rows.length);
    for (const r of rows) expect(await verifyPassword(DEMO_PASSWORD, r.password_hash), r.email).toBe(true);
    expect(rows.find((r) => r.email === DEMO_ACCOUNTS.twoFactor)?.otp_secret).toBe(DEMO_TOTP_SECRET);
  });

  it('keeps identity sequences past the seeded ids', async () => {
    const row = await t.database.db.insertInto('news').values({ type: 'other', news_date: '2026-01-01', body_html: '<p>x</p>' }).returning('id').executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(12);
    await t.database.db.deleteFrom('news').where('id', '=', row.id).execute();
  });
});

describe(`start-up rules (${testEngine})`, () => {
  /** An empty migrated database: on PGlite a data directory on disk, so a restart can be tested too. */
  async function emptyDatabase(): Promise<{ database: Database; dir?: string; dispose(): Promise<void> }> {
    if (testEngine === 'postgres') {
      const database = await openTestDatabase();
      return { database, dispose: () => database.dispose() };
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    const database = await openDatabase({ engine: 'pglite', dataDir: dir });
    return {
      database,
      dir,
      dispose: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  it('reference data always; demo sign-ins only in the embedded database or with --demo; seeded once; persisted', async () => {
    const empty = await emptyDatabase();
    let { database } = empty;
    try {
      // A DATABASE_URL database (the rule keys on the engine) without --demo: no demo network.
      const asServer = { ...database, engine: 'postgres' as const };
      const first = await prepareDatabase(asServer, { demo: false, demoOptions: SMALL_DEMO });
      expect(first.seededDemo).toBe(false);
      const rows = await countRows(database.db);
      expect(rows.affiliates).toBe(0);
      expect(rows.countries).toBe(249);

      // The embedded database (or --demo) gets it, once.
      const embedded = await prepareDatabase({ ...database, engine: 'pglite' }, { demo: false, demoOptions: SMALL_DEMO });
      expect(embedded.seededDemo).toBe(true);
      const again = await prepareDatabase(asServer, { demo: true, demoOptions: SMALL_DEMO });
      expect(again).toMatchObject({ seededDemo: false, demoAvailable: true, migrations: [] });

      if (empty.dir) {
        // A restart reopens the same data.
        await database.db.insertInto('page_views').values({ affiliate_id: 100001, screen_name: '/dashboard' }).execute();
        const before = await countRows(database.db);
        await database.close();
        database = await openDatabase({ engine: 'pglite', dataDir: empty.dir });
        const reopened = await prepareDatabase(database, { demo: false, demoOptions: SMALL_DEMO });
        expect(reopened).toMatchObject({ seededDemo: false, demoAvailable: true, migrations: [] });
        expect(await countRows(database.db)).toEqual(before);
        empty.database = database;
      }
    } finally {
      await empty.dispose();
    }
  }, 150_000);
});
