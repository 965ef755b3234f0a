import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import {
  CLICK_ID_SHAPE, DUPLICATE, checkConversion, recorded, type Checked, type ConversionInput, type ConversionResult,
} from './conversionRules';
import { writeCapped, type CappedWrite } from './caps';
import { loadClicks, reverse, writeConversions } from './conversionWrite';
import { GroupCommit } from './groupCommit';
import { rollupShardsOf, type RollupShards } from './rollupShards';

/**
 * Conversion intake: payout from the campaign's rate, one conversion per (campaign, transaction id),
 * the rollup and the affiliate's postback in the same statement (conversionRules.ts checks and
 * prices, conversionWrite.ts writes).
 */

/**
 * Records one conversion (or, with status 'reversed', its reversal) at `input.at`: the conversion,
 * its stats_daily increment and its outbox row in one statement. The demo seed calls it (via
 * 'demo', inside its own transaction) for the demo history, so demo reports come from the same code
 * as live ones; live intake goes through the ConversionBatcher, which runs the same checks and
 * statement for many at once.
 */
export async function recordConversion(db: Kysely<DB>, input: ConversionInput, shard = 0): Promise<ConversionResult> {
  if (!input.clickId) throw badRequest('click_id: is required');
  if (!CLICK_ID_SHAPE.test(input.clickId)) throw notFound('click_id: unknown click id.');
  const clicks = await loadClicks(db, [input.clickId]);
  const checked = checkConversion(clicks.get(input.clickId), input);
  if (checked.kind === 'reverse') return reverse(db, checked.campaignId, checked.txid, input, shard);
  if (checked.caps) return cappedResult(checked, (await writeCapped(db, [checked], shard))[0]);
  const ids = await writeConversions(db, [checked.row], shard);
  const id = ids.get(0);
  return id === undefined ? DUPLICATE : recorded(checked, id);
}

/** The answer to a conversion written on a capped campaign. */
function cappedResult(checked: Extract<Checked, { kind: 'write' }>, written: CappedWrite): ConversionResult {
  if (written.id === undefined) return DUPLICATE;
  const result = recorded(written.over ? { ...checked, html: null, row: { ...checked.row, status: 'over_cap', url: null } } : checked, written.id);
  return written.reached ? { ...result, capReached: true } : result;
}

/** The conversion queue is full (the database is not keeping up): answered 503. */
class ConversionQueueFullError extends ApiError {
  constructor() {
    super(503, 'Too many conversions are waiting to be recorded; please retry.');
  }
}

interface PendingConversion { input: ConversionInput; resolve: (r: ConversionResult) => void; reject: (err: unknown) => void; waited?: boolean }

export interface ConversionBatchOptions {
  /** Most conversions per batch, longest wait for a batch to fill (ms), batches in flight, most waiting. */
  max: number;
  delayMs: number;
  concurrency: number;
  queueMax: number;
  /** TrackingOptions.processIndex: whose rollup shards its batches write. */
  processIndex?: number;
  /**
   * With the click journal a click reaches Postgres a moment after its 302 (tracking/journal.ts): a
   * conversion whose click is not found yet waits this long (ms) once and is looked up again before
   * it is refused as an unknown click. 0: refused at once (clicks committed before their answer).
   */
  missGraceMs?: number;
  /**
   * Whether clicks answered earlier still wait in a click journal for Postgres (after an outage):
   * then a conversion whose click is not found is answered 503 to retry, not refused as unknown.
   */
  clicksWaiting?: () => Promise<boolean>;
}

/** The click may be one of those still waiting for Postgres: the advertiser is asked to send it again. */
export const CLICK_NOT_RECORDED_YET =
  'click_id: this click is not recorded yet (the network is catching up after a database outage). Please send the conversion again in a few seconds.';

/**
 * The group commit of conversions (groupCommit.ts): postbacks and pixels queue here; a batch loads
 * all its clicks in one query, checks each conversion alone (one bad one fails alone with its 4xx),
 * and writes the rest in one statement. Each answer is given only after its batch commits. If the
 * statement fails, the batch's conversions are written again one by one, so one bad row fails
 * alone. Conversions on capped campaigns are written in one transaction per batch under their caps'
 * row locks (caps.ts); reversals are rare and keep their own transaction.
 */
export class ConversionBatcher extends GroupCommit<PendingConversion> {
  /** Conversions waiting for their click to reach Postgres (missGraceMs). */
  private waiting = 0;
  readonly stats = { batches: 0, conversions: 0, failures: 0 };

  private readonly shards: RollupShards;

  constructor(private readonly db: Kysely<DB>, private readonly options: ConversionBatchOptions) {
    super(options);
    this.shards = rollupShardsOf(options.processIndex);
  }

  record(input: ConversionInput): Promise<ConversionResult> {
    if (input.status === 'reversed' || !input.clickId || !CLICK_ID_SHAPE.test(input.clickId)) {
      return this.shards.with((shard) => recordConversion(this.db, input, shard));
    }
    if (this.closed) return Promise.reject(new ApiError(503, 'The server is stopping; please retry.'));
    if (this.queue.length >= this.options.queueMax) return Promise.reject(new ConversionQueueFullError());
    return new Promise((resolve, reject) => this.enqueue({ input, resolve, reject }));
  }

  protected commit(batch: PendingConversion[]): Promise<void> {
    return this.shards.with((shard) => this.run(batch, shard));
  }

  protected override busy(): boolean {
    return super.busy() || this.waiting > 0;
  }

  /** Conversions whose click is not in Postgres yet: looked up again after missGraceMs. */
  private waitForClicks(pending: PendingConversion[]) {
    this.waiting += pending.length;
    setTimeout(() => {
      this.waiting -= pending.length;
      this.queue.unshift(...pending);
      this.flush();
    }, this.options.missGraceMs);
  }

  private async run(batch: PendingConversion[], shard: number) {
    const clicks = await loadClicks(this.db, [...new Set(batch.map((p) => p.input.clickId!))]);
    const writes: Array<{ p: PendingConversion; checked: Extract<Checked, { kind: 'write' }> }> = [];
    const capped: typeof writes = [];
    const later: PendingConversion[] = [];
    const copies: PendingConversion[] = [];
    const unseen: PendingConversion[] = [];
    const unknown: PendingConversion[] = [];
    const seen = new Set<string>();
    for (const p of batch) {
      if (!p.waited && this.options.missGraceMs && !clicks.has(p.input.clickId!)) {
        p.waited = true;
        unseen.push(p);
        continue;
      }
      if (!clicks.has(p.input.clickId!) && this.options.clicksWaiting) {
        unknown.push(p);
        continue;
      }
      let checked: Checked;
      try {
        checked = checkConversion(clicks.get(p.input.clickId!), p.input);
      } catch (err) {
        p.reject(err);
        continue;
      }
      if (checked.kind === 'reverse') {
        later.push(p);
        continue;
      }
      // A second copy of the same transaction in one batch is a duplicate of the first.
      const key = `${checked.row.campaign_id}\u0000${checked.row.advertiser_ref}`;
      if (seen.has(key)) copies.push(p);
      else {
        seen.add(key);
        (checked.caps ? capped : writes).push({ p, checked });
      }
    }
    // Conversions on capped campaigns: one transaction for the batch's, under their caps' row locks (caps.ts).
    if (capped.length > 0) {
      try {
        const written = await writeCapped(this.db, capped.map((w) => w.checked), shard);
        this.stats.batches++;
        capped.forEach((w, i) => {
          if (written[i].id !== undefined) this.stats.conversions++;
          w.p.resolve(cappedResult(w.checked, written[i]));
        });
      } catch {
        this.stats.failures++;
        for (const w of capped) later.push(w.p);
      }
    }
    if (writes.length > 0) {
      try {
        const ids = await writeConversions(this.db, writes.map((w) => w.checked.row), shard);
        this.stats.batches++;
        writes.forEach((w, i) => {
          const id = ids.get(i);
          if (id !== undefined) this.stats.conversions++;
          w.p.resolve(id === undefined ? DUPLICATE : recorded(w.checked, id));
        });
        for (const p of copies) p.resolve(DUPLICATE);
      } catch {
        this.stats.failures++;
        for (const w of writes) later.push(w.p);
        later.push(...copies);
      }
    } else {
      // Copies of capped conversions: after the first is written, each alone (a duplicate then).
      later.push(...copies);
    }
    if (unseen.length > 0) this.waitForClicks(unseen);
    if (unknown.length > 0) {
      const waiting = this.options.clicksWaiting ? await this.options.clicksWaiting().catch(() => false) : false;
      for (const p of unknown) p.reject(waiting ? new ApiError(503, CLICK_NOT_RECORDED_YET, 5) : notFound('click_id: unknown click id.'));
    }
    // Reversals, and the conversions of a failed batch: one at a time, each alone.
    for (const p of later) {
      try {
        p.resolve(await recordConversion(this.db, p.input, shard));
      } catch (err) {
        p.reject(err);
      }
    }
  }

  /** Writes what is queued and waits for every batch in flight; later conversions are refused. */
  close(): Promise<void> {
    return this.drain();
  }
}
