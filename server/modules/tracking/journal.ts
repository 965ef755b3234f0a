import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CLICK_COLUMNS, CLICK_COLUMN_LIST, ROLLUP_DIMS } from './clickColumns';

/**
 * The click journal (docs/tracking.md "The click journal"): on Postgres a click is made
 * durable by appending it to a local file, not by a Postgres commit, and Postgres takes the file
 * in one COPY a few times a second.
 *
 * - `append` writes a batch's lines to the open segment (one `write`) and the batch is answered then:
 *   its lines are in the kernel's page cache, so no killed process (the server's or Postgres's)
 *   loses an answered click. When they reach the disk is `sync`: with 'segment' (the default) each
 *   segment is fdatasync'd when it closes, so a power cut or a kernel crash can lose at most the
 *   clicks of the last fraction of a second; with 'append' every append is fdatasync'd before its
 *   clicks are answered, so not even a power cut loses one (slower: benchmarks.md).
 * - Every `rotateMs` the open segment is closed and the closed ones are ingested in order, each in
 *   one transaction: COPY into a temporary table, the rows into `clicks` and their counts into
 *   `stats_quarter` and `stats_daily` (the rows of this process's own rollup shard), and the
 *   segment's name into `click_journal_segments`, then the file is deleted. A segment already named
 *   there (the process died between the commit and the delete) is deleted without being read again:
 *   each click is stored once.
 * - At start the process ingests what its directory still holds (a killed process's replacement
 *   takes over its index, hence its directory); a torn last line (a write cut short) is dropped, and
 *   its click was never answered. The first process also takes over the directories of process
 *   indexes that no longer run.
 * - When Postgres is unavailable, clicks are still answered: the segments wait on disk, ingestion is
 *   retried with a growing delay, and once `maxBacklogBytes` wait, appends are refused (the click is
 *   answered 503, as when the queue is full). A segment Postgres refuses for its data is moved to
 *   `rejected/` beside the directories, logged, and the others go on.
 */
export interface ClickJournalOptions {
  /** The root directory; this process's segments live in `<dir>/<processIndex>`. */
  dir: string;
  processIndex: number;
  /** How many server processes run (the first takes over the directories of indexes >= count). */
  processCount: number;
  /** How long a segment stays open (ms): the most a click waits before Postgres has it. */
  rotateMs: number;
  /** Closed segments not yet in Postgres, in bytes, beyond which appends are refused. */
  maxBacklogBytes: number;
  /** When appended lines are fdatasync'd: before their clicks are answered ('append'), or when their segment closes ('segment'). */
  sync: JournalSync;
  /** The rollup shard this journal's ingests write (its own: no other writer waits for its rows). */
  shard: number;
  log: JournalLog;
}

export type JournalSync = 'append' | 'segment';

/** Where the journal reports what an operator must know (the app's logger). */
export interface JournalLog { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
export const consoleLog: JournalLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** The journal cannot take more clicks (backlog full, or the disk refused the write): answered 503. */
export class ClickJournalFullError extends Error {
  constructor(message = 'click journal backlog is full') {
    super(message);
    this.name = 'ClickJournalFullError';
  }
}

const STAGE = 'click_journal_stage';
const STAGE_SQL = `create temporary table if not exists ${STAGE} (
  ${CLICK_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')}, day date, bucket timestamptz
) on commit delete rows`;
/**
 * The staged rows into clicks (a click id already stored is skipped: never twice, even if a segment
 * came back) and the counts of the rows actually inserted into both rollups, rows locked in key order.
 */
const INGEST_SQL = `with inserted as (
  insert into clicks (${CLICK_COLUMN_LIST}) select ${CLICK_COLUMN_LIST} from ${STAGE}
  on conflict (click_key) do nothing returning click_key
),
kept as (select s.* from ${STAGE} s join inserted using (click_key)),
quarter as (
  insert into stats_quarter (bucket, ${ROLLUP_DIMS}, clicks, shard)
  select bucket, ${ROLLUP_DIMS}, count(*), $1::smallint from kept group by bucket, ${ROLLUP_DIMS}
  order by affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1
  on conflict (affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1, shard)
  do update set clicks = stats_quarter.clicks + excluded.clicks
  returning 1
)
insert into stats_daily (day, ${ROLLUP_DIMS}, clicks, shard)
select day, ${ROLLUP_DIMS}, count(*), $1::smallint from kept group by day, ${ROLLUP_DIMS}
order by affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1
on conflict (affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1, shard)
do update set clicks = stats_daily.clicks + excluded.clicks`;

const write = promisify(fs.write);
const fdatasync = promisify(fs.fdatasync);
const close = promisify(fs.close);
const open = promisify(fs.open);

/** Segment names sort in the order they were opened: time (ms), this journal's run id, sequence. */
const SEGMENT = /^\d{15}-[0-9a-f]{12}-\d{9}\.clicks$/;
const isDataError = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
};

export class ClickJournal {
  private readonly own: string;
  private readonly runId = randomBytes(6).toString('hex');
  private seq = 0;
  private fd: number | null = null;
  private file = '';
  private openedAt = 0;
  private size = 0;
  private lines = 0;
  /** The fdatasyncs under way on the open segment. */
  private syncs: Array<Promise<void>> = [];
  /** Closed segments to ingest, oldest first, with their sizes and click counts. */
  private closed: Array<{ file: string; bytes: number; lines: number }> = [];
  private backlog = 0;
  /** Appends and rotations run one after the other. */
  private tail: Promise<unknown> = Promise.resolve();
  private ingesting: Promise<void> | null = null;
  private retryAt = 0;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly stats = { appended: 0, ingested: 0, segments: 0, rejected: 0 };

  constructor(private readonly pool: pg.Pool, private readonly options: ClickJournalOptions) {
    this.own = path.join(options.dir, String(options.processIndex));
  }

  /** Takes over what the directory (and, for the first process, those of indexes no longer run) still holds, and starts ingesting. */
  async open(): Promise<void> {
    await fsp.mkdir(this.own, { recursive: true });
    const dirs = [this.own];
    if (this.options.processIndex === 0) {
      for (const name of await fsp.readdir(this.options.dir).catch(() => [] as string[])) {
        if (/^\d+$/.test(name) && Number(name) >= this.options.processCount) dirs.push(path.join(this.options.dir, name));
      }
    }
    for (const dir of dirs) {
      for (const name of (await fsp.readdir(dir)).filter((n) => SEGMENT.test(n)).sort()) {
        const file = path.join(dir, name);
        const { bytes, lines } = await dropTornTail(file);
        if (bytes === 0) await fsp.unlink(file);
        else this.enqueue(file, bytes, lines);
      }
    }
    await this.pool.query("delete from click_journal_segments where ingested_at < now() - interval '7 days'").catch((err: unknown) => {
      this.options.log.warn({ err }, 'click journal: old segment names not pruned (Postgres unavailable?)');
    });
    this.timer = setInterval(() => void this.tick(), this.options.rotateMs);
    this.timer.unref();
    void this.tick();
  }

  /**
   * Appends a batch's lines (`count` clicks, made by clickEncoding.ts journalLines) and resolves once they are on disk (refused when the backlog is full). Writes go
   * one after the other; their fdatasyncs may overlap (group commit: a batch is written while the
   * previous one's sync is under way, when the batcher allows two in flight).
   */
  async append(lines: string, count: number): Promise<void> {
    const written = this.tail.then(() => this.writeOut(lines, count));
    this.tail = written.catch(() => undefined);
    const { synced } = await written;
    await synced;
  }

  /** How many bytes of closed segments wait for Postgres. */
  get backlogBytes(): number {
    return this.backlog;
  }

  /** Closes the open segment and ingests everything closed; resolves when Postgres has it all (or rejects with why not). */
  async flush(): Promise<void> {
    await this.rotate();
    this.retryAt = 0;
    await this.ingestAll(true);
  }

  /** Stops the timer, then flushes; what Postgres cannot take now stays on disk for the next start. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    try {
      await this.flush();
    } catch (err) {
      this.options.log.error({ err, backlogBytes: this.backlog }, 'click journal: segments left on disk at shutdown (ingested at the next start)');
    }
  }

  private async writeOut(text: string, count: number): Promise<{ synced: Promise<void> }> {
    if (this.stopped) throw new ClickJournalFullError('click journal is closed');
    if (this.backlog >= this.options.maxBacklogBytes) throw new ClickJournalFullError();
    if (this.fd !== null && Date.now() - this.openedAt >= this.options.rotateMs) await this.rotateNow();
    if (this.fd === null) await this.openSegment();
    const buf = Buffer.from(text);
    const fd = this.fd!;
    try {
      let at = 0;
      while (at < buf.length) at += (await write(fd, buf, at, buf.length - at)).bytesWritten;
    } catch (err) {
      // A failed write may have left part of a line: the segment is closed here (its torn tail is
      // dropped when ingested) and the next append opens a new one.
      await this.rotateNow().catch(() => undefined);
      throw new ClickJournalFullError(`click journal write failed: ${(err as Error).message}`);
    }
    this.size += buf.length;
    this.lines += count;
    this.stats.appended += count;
    const synced = this.options.sync === 'append'
      ? fdatasync(fd).catch((err: unknown) => {
        throw new ClickJournalFullError(`click journal sync failed: ${(err as Error).message}`);
      })
      : Promise.resolve();
    // The segment is closed only after its syncs are done.
    this.syncs.push(synced.catch(() => undefined));
    return { synced };
  }

  private async openSegment() {
    const name = `${String(Date.now()).padStart(15, '0')}-${this.runId}-${String(this.seq++).padStart(9, '0')}.clicks`;
    this.file = path.join(this.own, name);
    this.fd = await open(this.file, 'wx');
    this.openedAt = Date.now();
    this.size = 0;
    this.lines = 0;
  }

  private rotate(): Promise<void> {
    const done = this.tail.then(() => this.rotateNow());
    this.tail = done.catch(() => undefined);
    return done;
  }

  private async rotateNow() {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    await Promise.all(this.syncs.splice(0));
    if (this.options.sync === 'segment' && this.size > 0) {
      await fdatasync(fd).catch((err: unknown) => {
        // The lines are still in the page cache and go to Postgres from there.
        this.options.log.warn({ err }, 'click journal: a segment could not be synced to disk');
      });
    }
    await close(fd);
    if (this.size === 0) await fsp.unlink(this.file);
    else this.enqueue(this.file, this.size, this.lines);
  }

  private enqueue(file: string, bytes: number, lines: number) {
    this.closed.push({ file, bytes, lines });
    this.backlog += bytes;
  }

  private async tick() {
    if (this.fd !== null && Date.now() - this.openedAt >= this.options.rotateMs) await this.rotate().catch(() => undefined);
    if (Date.now() < this.retryAt) return;
    await this.ingestAll(false).catch(() => undefined);
  }

  /** Ingests the closed segments in order; one ingest at a time (a second caller waits for the first, then goes on). */
  private async ingestAll(throwOnFailure: boolean): Promise<void> {
    while (this.ingesting) await this.ingesting;
    if (this.closed.length === 0) return;
    const run = (async () => {
      while (this.closed.length > 0) {
        const segment = this.closed[0];
        try {
          await this.ingest(segment.file);
          this.stats.ingested += segment.lines;
          this.stats.segments++;
          this.failures = 0;
          this.retryAt = 0;
        } catch (err) {
          if (isDataError(err)) {
            await this.reject(segment.file, err);
          } else {
            this.failures++;
            // At most 5 s between tries: once Postgres is back the clicks of an outage follow within seconds.
            this.retryAt = Date.now() + Math.min(5_000, this.options.rotateMs * 2 ** Math.min(this.failures, 10));
            if (this.failures === 1 || this.failures % 10 === 0) {
              this.options.log.warn({ err, backlogBytes: this.backlog, failures: this.failures }, 'click journal: Postgres did not take a segment; retrying');
            }
            throw err;
          }
        }
        this.closed.shift();
        this.backlog -= segment.bytes;
      }
    })();
    this.ingesting = run.catch(() => undefined).finally(() => {
      this.ingesting = null;
    });
    if (throwOnFailure) await run;
    else await run.catch(() => undefined);
  }

  private async ingest(file: string) {
    const name = path.basename(file);
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const seen = await client.query('select 1 from click_journal_segments where name = $1', [name]);
      if (seen.rowCount === 0) {
        await client.query(STAGE_SQL);
        await pipeline(fs.createReadStream(file), client.query(copyFrom(`copy ${STAGE} from stdin`)));
        await client.query({ name: 'pp_click_journal_ingest_1', text: INGEST_SQL, values: [this.options.shard] });
        await client.query('insert into click_journal_segments (name) values ($1)', [name]);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch((rollbackErr: unknown) => {
        broken = rollbackErr as Error;
      });
      throw err;
    } finally {
      client.release(broken);
    }
    await fsp.unlink(file);
  }

  private async reject(file: string, err: unknown) {
    const dir = path.join(this.options.dir, 'rejected');
    await fsp.mkdir(dir, { recursive: true });
    const to = path.join(dir, path.basename(file));
    await fsp.rename(file, to);
    this.stats.rejected++;
    this.options.log.error({ err, file: to }, 'click journal: Postgres refused a segment for its data; it was set aside');
  }
}

/**
 * Hands Postgres what every process directory under `dir` still holds (npm start's primary, once its
 * server processes have stopped: a process killed and replaced just before a stop, whose replacement
 * never opened its journal, leaves its segments behind). Returns how many clicks went in.
 */
export async function drainClickJournals(pool: pg.Pool, dir: string, log: JournalLog): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let clicks = 0;
  for (const name of names.filter((n) => /^\d+$/.test(n))) {
    const journal = new ClickJournal(pool, {
      dir, processIndex: Number(name), processCount: Number.MAX_SAFE_INTEGER, rotateMs: 1000, maxBacklogBytes: Number.MAX_SAFE_INTEGER,
      sync: 'segment', shard: 0, log,
    });
    await journal.open();
    // Postgres unavailable: close() logs it and the segments stay for the next start.
    await journal.close();
    clicks += journal.stats.ingested;
  }
  return clicks;
}

/**
 * Whether any server process's journal under `dir` holds a segment opened more than `olderThanMs` ago
 * (its name starts with the time it was opened): clicks answered that Postgres has not taken yet,
 * because it was unreachable or is catching up. Normally every segment is taken within a second.
 */
export async function clicksWaitingInJournals(dir: string, olderThanMs: number, now = Date.now()): Promise<boolean> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => /^\d+$/.test(n))) {
    const files = await fsp.readdir(path.join(dir, name)).catch(() => [] as string[]);
    if (files.some((f) => SEGMENT.test(f) && Number(f.slice(0, 15)) < now - olderThanMs)) return true;
  }
  return false;
}

/** Cuts a segment after its last complete line (a write cut short by a crash); returns its size and lines. */
async function dropTornTail(file: string): Promise<{ bytes: number; lines: number }> {
  const buf = await fsp.readFile(file);
  const end = buf.lastIndexOf(10) + 1;
  if (end < buf.length) await fsp.truncate(file, end);
  let lines = 0;
  for (let i = buf.indexOf(10); i !== -1 && i < end; i = buf.indexOf(10, i + 1)) lines++;
  return { bytes: end, lines };
}
