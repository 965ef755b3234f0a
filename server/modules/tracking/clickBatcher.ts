import type { Kysely } from 'kysely';
import { pgPoolOf } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ClickRow } from './clickColumns';
import { journalLines } from './clickEncoding';
import { writeClicks } from './clickWrite';
import { GroupCommit } from './groupCommit';
import { ClickJournal, consoleLog, type JournalLog } from './journal';
import type { ClickJournalSettings, TrackingOptions } from './options';
import { rollupShardsOf, type RollupShards } from './rollupShards';

/** The click queue is full (the database is not keeping up): the click is answered 503. */
export class ClickQueueFullError extends Error {
  constructor() {
    super('click queue is full');
    this.name = 'ClickQueueFullError';
  }
}
interface Pending { row: ClickRow; resolve: () => void; reject: (err: unknown) => void }

/** What a click batcher is given: TrackingOptions' batch settings, and its journal when clicks go through one. */
export type ClickBatcherOptions = Pick<TrackingOptions, 'clickBatchMax' | 'clickBatchDelayMs' | 'clickBatchConcurrency' | 'timeZone'> & {
  clickQueueMax?: number;
  processIndex?: number;
  clickJournal?: ClickJournalSettings | null;
  log?: JournalLog;
};

/**
 * The group commit of clicks (groupCommit.ts): a batch's clicks and their stats_daily and
 * stats_quarter increments are written in one statement, and each click's promise settles only
 * after its batch commits, so a 302 is never sent for a click that is not durable. With the click
 * journal a batch is made durable by one append to it instead.
 */
export class ClickBatcher extends GroupCommit<Pending> {
  /** Counters for benchmarks and tests. */
  readonly stats = { batches: 0, clicks: 0, failures: 0, refused: 0 };

  private readonly shards: RollupShards;
  /** The click journal, when clicks are made durable by it (Postgres, CLICK_JOURNAL not off). */
  readonly journal: ClickJournal | null = null;
  private opened: Promise<void> | null = null;
  private readonly queueMax: number;

  constructor(private readonly db: Kysely<DB>, private readonly options: ClickBatcherOptions) {
    super({ max: options.clickBatchMax, delayMs: options.clickBatchDelayMs, concurrency: Math.max(1, options.clickBatchConcurrency) });
    this.queueMax = options.clickQueueMax && options.clickQueueMax > 0 ? options.clickQueueMax : 10 * options.clickBatchMax;
    this.shards = rollupShardsOf(options.processIndex);
    const pool = options.clickJournal ? pgPoolOf(db) : undefined;
    if (options.clickJournal && pool) {
      // The journal's ingests write rollup rows of a shard of their own, held for the process's life.
      this.journal = new ClickJournal(pool, {
        ...options.clickJournal, processIndex: options.processIndex ?? 0, shard: this.shards.acquire(), log: options.log ?? consoleLog,
      });
    }
  }

  /** Opens the journal (takes over what an earlier process left); a no-op without one. */
  start(): Promise<void> {
    this.opened ??= this.journal ? this.journal.open() : Promise.resolve();
    return this.opened;
  }

  record(row: ClickRow): Promise<void> {
    if (this.closed) return Promise.reject(new Error('click recorder is closed'));
    // Back-pressure: a database that cannot keep up answers 503 at once instead of queueing
    // clicks (and their sockets) without bound.
    if (this.queue.length >= this.queueMax) {
      this.stats.refused++;
      return Promise.reject(new ClickQueueFullError());
    }
    return new Promise((resolve, reject) => this.enqueue({ row, resolve, reject }));
  }

  protected commit(batch: Pending[]): Promise<void> {
    if (this.journal) return this.appendToJournal(this.journal, batch);
    // The batch's own rollup rows while it is in flight: it never waits for another batch's lock.
    const shard = this.shards.acquire();
    return writeClicks(this.db, batch.map((p) => p.row), this.options.timeZone, shard).then(
      () => {
        this.stats.batches++;
        this.stats.clicks += batch.length;
        for (const p of batch) p.resolve();
      },
      async (err: unknown) => {
        this.stats.failures++;
        if (batch.length === 1) return batch[0].reject(err);
        // One bad row must not fail the others: write the batch's rows one by one (one
        // statement each, so each row commits or fails alone).
        for (const p of batch) {
          try {
            await writeClicks(this.db, [p.row], this.options.timeZone, shard);
            this.stats.clicks++;
            p.resolve();
          } catch (rowErr) {
            p.reject(rowErr);
          }
        }
      },
    ).finally(() => this.shards.release(shard));
  }

  /** A batch made durable by the journal: each click is answered once its line is on disk. */
  private appendToJournal(journal: ClickJournal, batch: Pending[]): Promise<void> {
    const lines = journalLines(batch.map((p) => p.row), this.options.timeZone);
    return this.start()
      .then(() => journal.append(lines, batch.length))
      .then(
        () => {
          this.stats.batches++;
          this.stats.clicks += batch.length;
          for (const p of batch) p.resolve();
        },
        (err: unknown) => {
          this.stats.failures++;
          for (const p of batch) p.reject(err);
        },
      );
  }

  /** Writes what is queued and waits for every batch in flight; later clicks are refused. Then the journal hands Postgres what it holds. */
  async close(): Promise<void> {
    await this.drain();
    if (this.journal && this.opened) await this.journal.close();
  }
}
