import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolOf } from '../../server/db/database';
import { ClickBatcher } from '../../server/modules/tracking/clickBatcher';
import type { ClickRow } from '../../server/modules/tracking/clickColumns';
import { journalLines } from '../../server/modules/tracking/clickEncoding';
import { newOpaqueId } from '../../server/modules/tracking/clickIds';
import { ConversionBatcher } from '../../server/modules/tracking/conversions';
import { ClickJournal, ClickJournalFullError, type JournalLog } from '../../server/modules/tracking/journal';
import type { ClickJournalSettings } from '../../server/modules/tracking/options';
import { openTestDatabase, testEngine, type TestDatabase } from './helpers';
import { linkOf, seedMinimalNetwork, type MinimalNetwork } from './trackingNetwork';

/**
 * The click journal (tracking/journal.ts): on Postgres a click is durable once its line is
 * on local disk; Postgres takes the segments a few times a second, each once, in order, with the
 * rollup counts. Postgres only (PGlite writes each batch before its answers).
 */
const ZONE = 'America/New_York';
let database: TestDatabase;
let net: MinimalNetwork;
let tracking: { id: number; landing: number };
const dirs: string[] = [];
const logged: Array<{ level: string; msg: string }> = [];
const log: JournalLog = {
  warn: (_obj, msg) => logged.push({ level: 'warn', msg }),
  error: (_obj, msg) => logged.push({ level: 'error', msg }),
};

function journalDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'click-journal-'));
  dirs.push(dir);
  return dir;
}
const settings = (dir: string, over: Partial<ClickJournalSettings> = {}): ClickJournalSettings => ({
  dir, rotateMs: 50, maxBacklogBytes: 64 * 1024 * 1024, sync: 'append', processCount: 1, ...over,
});
const batcher = (dir: string, over: Partial<ClickJournalSettings> = {}, processIndex = 0) =>
  new ClickBatcher(database.db, {
    clickBatchMax: 50, clickBatchDelayMs: 2, clickBatchConcurrency: 1, timeZone: ZONE, processIndex, clickJournal: settings(dir, over), log,
  });

/** Appends clicks as the batcher does. */
const append = (j: ClickJournal, rows: ClickRow[]) => j.append(journalLines(rows, ZONE), rows.length);
const click = (sub1: string, clickKey = newOpaqueId()): ClickRow => ({
  click_key: clickKey, affiliate_id: net.affiliateId, campaign_id: net.campaignId, tracking_link_id: tracking.id,
  landing_page_id: tracking.landing, sub1, sub2: 'tab\there', referrer: 'back\\slash\nnew line', clicked_at: new Date(),
});

async function stored(sub1: string) {
  const clicks = await database.db.selectFrom('clicks').select(['click_key', 'sub2', 'referrer']).where('sub1', '=', sub1).execute();
  const sum = async (table: 'stats_daily' | 'stats_quarter') => {
    const row = await database.db.selectFrom(table).select((eb) => eb.fn.sum<number>('clicks').as('n'))
      .where('affiliate_id', '=', net.affiliateId).where('sub1', '=', sub1).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return { keys: clicks.map((c) => c.click_key).sort(), clicks, daily: await sum('stats_daily'), quarter: await sum('stats_quarter') };
}
const segmentsIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.clicks')) : [];

beforeAll(async () => {
  database = await openTestDatabase(false);
  net = await seedMinimalNetwork(database.db);
  tracking = await linkOf(database.db, net);
});
afterEach(() => {
  logged.length = 0;
});
afterAll(async () => {
  await database?.dispose();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testEngine !== 'postgres')(`click journal (${testEngine})`, () => {
  for (const sync of ['append', 'segment'] as const) it(`answers a click once its line is written (synced: ${sync}); Postgres gets every click, as given, with its rollup counts, and the files go`, async () => {
    const dir = journalDir();
    const b = batcher(dir, { sync });
    await b.start();
    const rows = Array.from({ length: 120 }, () => click(`journal-basic-${sync}`));
    await Promise.all(rows.map((r) => b.record(r)));
    // Answered: on disk (the journal's own directory), not necessarily in Postgres yet.
    expect(b.journal!.stats.appended).toBe(120);
    await b.close();
    const s = await stored(`journal-basic-${sync}`);
    expect(s.keys).toEqual(rows.map((r) => r.click_key).sort());
    expect(s.clicks.every((c) => c.sub2 === 'tab\there' && c.referrer === 'back\\slash\nnew line')).toBe(true);
    expect({ daily: s.daily, quarter: s.quarter }).toEqual({ daily: 120, quarter: 120 });
    expect(segmentsIn(dir)).toEqual([]);
    expect(b.journal!.stats.ingested).toBe(120);
  });

  it('ingests while running, a few times a second, without being asked', async () => {
    const dir = journalDir();
    const b = batcher(dir);
    await b.start();
    await Promise.all(Array.from({ length: 30 }, () => b.record(click('journal-timer'))));
    const until = Date.now() + 5000;
    while ((await stored('journal-timer')).keys.length < 30 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect((await stored('journal-timer')).keys).toHaveLength(30);
    await b.close();
  });

  it('after a crash: the next process takes the segments left behind, drops a torn last line (never answered) and stores each click once', async () => {
    const dir = journalDir();
    const pool = pgPoolOf(database.db)!;
    // A process that answered 40 clicks and died before Postgres took them: its segment stays.
    const dead = new ClickJournal(pool, { ...settings(dir, { rotateMs: 60_000 }), processIndex: 0, shard: 7, log });
    await dead.open();
    const rows = Array.from({ length: 40 }, () => click('journal-crash'));
    await append(dead, rows);
    // Its last write was cut short: half a line with no end.
    const [segment] = segmentsIn(dir).map((f) => path.join(dir, f));
    fs.appendFileSync(segment, 'half-a-click\t1\t2');
    // ...and a second segment, already taken by Postgres before the crash (its name recorded), still on disk.
    const again = segment.replace(/-\d{9}\.clicks$/, '-999999999.clicks');
    fs.copyFileSync(segment, again);
    await pool.query('insert into click_journal_segments (name) values ($1)', [path.basename(again)]);

    const next = batcher(dir);
    await next.start();
    await next.close();
    const s = await stored('journal-crash');
    expect(s.keys).toEqual(rows.map((r) => r.click_key).sort());
    expect({ daily: s.daily, quarter: s.quarter }).toEqual({ daily: 40, quarter: 40 });
    expect(segmentsIn(dir)).toEqual([]);
  });

  it('keeps answering while Postgres is unreachable; the clicks wait on disk and go in once it is back', async () => {
    const dir = journalDir();
    // A pool to a port where nothing listens: every ingest fails.
    const down = new pg.Pool({ host: '127.0.0.1', port: 9, connectionTimeoutMillis: 500 });
    const j = new ClickJournal(down, { ...settings(dir), processIndex: 0, shard: 8, log });
    await j.open();
    const rows = Array.from({ length: 25 }, () => click('journal-outage'));
    await append(j, rows);
    await expect(j.flush()).rejects.toThrow();
    expect(logged.some((l) => l.level === 'warn' && /did not take a segment/.test(l.msg))).toBe(true);
    await j.close();
    await down.end();
    expect(segmentsIn(dir)).toHaveLength(1);
    expect((await stored('journal-outage')).keys).toEqual([]);

    const back = batcher(dir);
    await back.start();
    await back.close();
    expect((await stored('journal-outage')).keys).toEqual(rows.map((r) => r.click_key).sort());
  });

  it('refuses clicks (answered 503) once the backlog waiting for Postgres is full', async () => {
    const dir = journalDir();
    const down = new pg.Pool({ host: '127.0.0.1', port: 9, connectionTimeoutMillis: 300 });
    const j = new ClickJournal(down, { ...settings(dir, { maxBacklogBytes: 2000 }), processIndex: 0, shard: 9, log });
    await j.open();
    await append(j, Array.from({ length: 20 }, () => click('journal-full')));
    await j.flush().catch(() => undefined);
    expect(j.backlogBytes).toBeGreaterThanOrEqual(2000);
    await expect(append(j, [click('journal-full')])).rejects.toBeInstanceOf(ClickJournalFullError);
    await j.close();
    await down.end();
  });

  it('sets aside a segment Postgres refuses for its data, logs it, and goes on with the others', async () => {
    const dir = journalDir();
    const good = Array.from({ length: 5 }, () => click('journal-bad'));
    fs.mkdirSync(path.join(dir, '0'), { recursive: true });
    fs.writeFileSync(path.join(dir, '0', '000000000000001-aaaaaaaaaaaa-000000000.clicks'), 'not-a-number-row\tx\ty\n');
    const b = batcher(dir);
    await b.start();
    await Promise.all(good.map((r) => b.record(r)));
    await b.close();
    expect((await stored('journal-bad')).keys).toEqual(good.map((r) => r.click_key).sort());
    expect(fs.readdirSync(path.join(dir, 'rejected'))).toEqual(['000000000000001-aaaaaaaaaaaa-000000000.clicks']);
    expect(logged.some((l) => l.level === 'error' && /refused a segment/.test(l.msg))).toBe(true);
  });

  it('the first process takes over the directory of a process index that no longer runs', async () => {
    const dir = journalDir();
    const gone = batcher(dir, { rotateMs: 60_000 }, 3);
    await gone.start();
    const rows = Array.from({ length: 10 }, () => click('journal-orphan'));
    await Promise.all(rows.map((r) => gone.record(r)));
    // Process 3 is killed (its segment stays); WEB_CONCURRENCY is now 2.
    const first = batcher(dir, { processCount: 2 }, 0);
    await first.start();
    await first.close();
    expect((await stored('journal-orphan')).keys).toEqual(rows.map((r) => r.click_key).sort());
  });

  it('a conversion that comes before its click reached Postgres waits for it instead of being refused', async () => {
    const dir = journalDir();
    const b = batcher(dir, { rotateMs: 150 });
    await b.start();
    const conversions = new ConversionBatcher(database.db, { max: 10, delayMs: 2, concurrency: 1, queueMax: 100, missGraceMs: 750 });
    const r = click('journal-conversion');
    await b.record(r);
    const result = await conversions.record({
      clickId: r.click_key, txid: 'JOURNAL-1', amount: undefined, status: undefined, secret: net.secret, reason: undefined, via: 'postback', at: new Date(), timeZone: ZONE,
    });
    expect(result.duplicate).toBe(false);
    // A click that never existed is still refused (after the one wait).
    await expect(conversions.record({
      clickId: newOpaqueId(), txid: 'JOURNAL-2', amount: undefined, status: undefined, secret: net.secret, reason: undefined, via: 'postback', at: new Date(), timeZone: ZONE,
    })).rejects.toMatchObject({ statusCode: 404 });
    await Promise.all([b.close(), conversions.close()]);
  });
});
