import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shardsMigration from '../../server/db/migrations/0019_rollup_shards';
import { foldRollupShards } from '../../server/db/rollups';
import { ClickBatcher } from '../../server/modules/tracking/clickBatcher';
import type { ClickRow } from '../../server/modules/tracking/clickColumns';
import { newOpaqueId } from '../../server/modules/tracking/clickIds';
import { writeClicks } from '../../server/modules/tracking/clickWrite';
import { ConversionBatcher } from '../../server/modules/tracking/conversions';
import { SLOTS_PER_PROCESS } from '../../server/modules/tracking/rollupShards';
import { openTestDatabase, testEngine, type TestDatabase } from './helpers';
import { linkOf, seedMinimalNetwork, type MinimalNetwork } from './trackingNetwork';

/**
 * Rollup shards (migration 0019): each batch in flight writes the rollup rows of its own
 * shard, so batches of two server processes (or a process's click and conversion batches) never
 * wait for each other's row locks, and every reader still gets the sums.
 */
const ZONE = 'America/New_York';
let database: TestDatabase;
let net: MinimalNetwork;
let tracking: { id: number; landing: number };

beforeAll(async () => {
  database = await openTestDatabase(false);
  net = await seedMinimalNetwork(database.db);
  tracking = await linkOf(database.db, net);
});
afterAll(() => database?.dispose());

const click = (sub1: string, clickKey = newOpaqueId()): ClickRow => ({
  click_key: clickKey, affiliate_id: net.affiliateId, campaign_id: net.campaignId, tracking_link_id: tracking.id,
  landing_page_id: tracking.landing, sub1, clicked_at: new Date(),
});

async function rollup(sub1: string) {
  const sum = async (table: 'stats_daily' | 'stats_quarter') => {
    const rows = await database.db.selectFrom(table).select(['shard', 'clicks', 'leads', 'earnings'])
      .where('affiliate_id', '=', net.affiliateId).where('sub1', '=', sub1).orderBy('shard').execute();
    return {
      shards: [...new Set(rows.map((r) => r.shard))],
      clicks: rows.reduce((n, r) => n + Number(r.clicks), 0),
      leads: rows.reduce((n, r) => n + Number(r.leads), 0),
      earnings: rows.reduce((n, r) => n + Number(r.earnings), 0),
    };
  };
  return { daily: await sum('stats_daily'), quarter: await sum('stats_quarter') };
}

describe(`rollup shards (${testEngine})`, () => {
  it('gives each server process its own shards; the rows of one key add up to every click and conversion', async () => {
    const first = new ClickBatcher(database.db, { clickBatchMax: 50, clickBatchDelayMs: 5, clickBatchConcurrency: 1, timeZone: ZONE, processIndex: 0 });
    const second = new ClickBatcher(database.db, { clickBatchMax: 50, clickBatchDelayMs: 5, clickBatchConcurrency: 1, timeZone: ZONE, processIndex: 1 });
    const rows = Array.from({ length: 40 }, () => click('shards'));
    await Promise.all(rows.map((r, i) => (i % 2 === 0 ? first : second).record(r)));
    const conversions = new ConversionBatcher(database.db, { max: 10, delayMs: 5, concurrency: 1, queueMax: 100, processIndex: 1 });
    const results = await Promise.all(rows.slice(0, 6).map((r, i) =>
      conversions.record({ clickId: r.click_key, txid: `SHARD-${i}`, amount: undefined, status: undefined, secret: net.secret, reason: undefined, via: 'postback', at: new Date(), timeZone: ZONE })));
    expect(results.every((r) => !r.duplicate)).toBe(true);
    await Promise.all([first.close(), second.close(), conversions.close()]);

    const { daily, quarter } = await rollup('shards');
    // Process 0 writes shards 0-15, process 1 shards 16-31.
    expect(daily.shards.some((s) => s < SLOTS_PER_PROCESS)).toBe(true);
    expect(daily.shards.some((s) => s >= SLOTS_PER_PROCESS && s < 2 * SLOTS_PER_PROCESS)).toBe(true);
    expect(daily).toMatchObject({ clicks: 40, leads: 6, earnings: 60 });
    expect(quarter).toMatchObject({ clicks: 40, leads: 6, earnings: 60 });
  });

  it.runIf(testEngine === 'postgres')('lets a batch add to a key whose row another batch holds locked, when their shards differ', async () => {
    // A batch of process 0 in flight: its transaction holds the key's rows of shard 0 until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = database.db.transaction().execute(async (trx) => {
      await writeClicks(trx, [click('locked')], ZONE, 0);
      holding();
      await released;
    });
    await held;
    const within = <T>(ms: number, p: Promise<T>) =>
      Promise.race([p.then(() => 'done' as const), new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);
    try {
      // Another process's batch (its first shard) does not wait for that lock...
      expect(await within(3000, writeClicks(database.db, [click('locked')], ZONE, SLOTS_PER_PROCESS))).toBe('done');
      // ...where a batch on the same shard does (what every batch did before shards).
      const sameShard = writeClicks(database.db, [click('locked')], ZONE, 0);
      expect(await within(300, sameShard)).toBe('waiting');
      release();
      await sameShard;
    } finally {
      release();
      await holder;
    }
    expect((await rollup('locked')).daily).toMatchObject({ clicks: 3, shards: [0, SLOTS_PER_PROCESS] });
  });

  it('folds the shards of the days before yesterday into shard 0, leaving the days still written to as they are', async () => {
    const old = new Date(Date.now() - 4 * 86_400_000);
    const at = (sub1: string, clicked_at: Date): ClickRow => ({ ...click(sub1), clicked_at });
    await writeClicks(database.db, [at('fold', old), at('fold', old)], ZONE, 0);
    await writeClicks(database.db, [at('fold', old)], ZONE, 3);
    await writeClicks(database.db, [at('fold', old), at('fold', new Date())], ZONE, 20);
    await writeClicks(database.db, [at('fold', new Date())], ZONE, 5);
    const rowsOf = (table: 'stats_daily' | 'stats_quarter', when: 'old' | 'now') =>
      database.db.selectFrom(table).select(['shard', 'clicks']).where('affiliate_id', '=', net.affiliateId).where('sub1', '=', 'fold')
        .where(table === 'stats_daily' ? 'day' : 'bucket', when === 'old' ? '<' : '>=', (table === 'stats_daily' ? new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) : new Date(Date.now() - 2 * 86_400_000)) as never)
        .orderBy('shard').execute();
    expect(await rowsOf('stats_daily', 'old')).toEqual([{ shard: 0, clicks: 2 }, { shard: 3, clicks: 1 }, { shard: 20, clicks: 1 }]);

    expect(await foldRollupShards(database.db, new Date(Date.now() - 2 * 86_400_000))).toBe(4);
    expect(await rowsOf('stats_daily', 'old')).toEqual([{ shard: 0, clicks: 4 }]);
    expect(await rowsOf('stats_quarter', 'old')).toEqual([{ shard: 0, clicks: 4 }]);
    expect(await rowsOf('stats_daily', 'now')).toEqual([{ shard: 5, clicks: 1 }, { shard: 20, clicks: 1 }]);
    expect(await foldRollupShards(database.db, new Date(Date.now() - 2 * 86_400_000))).toBe(0);
  });

  it('folds the shards into one row per key when migrated down, and splits nothing when migrated up again', async () => {
    const scratch = await openTestDatabase(false);
    try {
      const db = scratch.db;
      const own = await seedMinimalNetwork(db);
      const row = (sub1: string): ClickRow => ({ click_key: newOpaqueId(), affiliate_id: own.affiliateId, campaign_id: own.campaignId, sub1, clicked_at: new Date() });
      await writeClicks(db, [row('a'), row('a')], ZONE, 0);
      await writeClicks(db, [row('a'), row('b')], ZONE, 17);
      await shardsMigration.down(db as Kysely<unknown>);
      const folded = await sql<{ sub1: string; n: number; clicks: number }>`
        select sub1, count(*)::int as n, sum(clicks)::int as clicks from stats_daily where affiliate_id = ${own.affiliateId} group by sub1 order by sub1`.execute(db);
      expect(folded.rows).toEqual([{ sub1: 'a', n: 1, clicks: 3 }, { sub1: 'b', n: 1, clicks: 1 }]);
      await shardsMigration.up(db as Kysely<unknown>);
      const shards = await db.selectFrom('stats_quarter').select(['sub1', 'shard', 'clicks']).where('affiliate_id', '=', own.affiliateId).orderBy('sub1').execute();
      expect(shards).toEqual([{ sub1: 'a', shard: 0, clicks: 3 }, { sub1: 'b', shard: 0, clicks: 1 }]);
    } finally {
      await scratch.dispose();
    }
  });
});
