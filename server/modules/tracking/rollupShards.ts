/**
 * Rollup shards (migration 0019, docs/benchmarks.md "Rollup rows without waiting").
 *
 * Every click batch and conversion batch adds its counts to the rollup rows (stats_daily,
 * stats_quarter) of its keys. Two batches in flight at once that touch one key (a busy link's row
 * of today) used to take turns: the second waited for the first's commit and its WAL flush. Each
 * batch now writes the rows of its own shard: a number unique to its server process and to the
 * slot it holds while in flight, so no two batches in flight ever lock the same row. Readers sum a
 * key's rows. Shards are reused (the lowest free slot first), so a key has at most as many rows as
 * batches were ever in flight at once in all processes together: in practice one per process for
 * clicks and one for conversions.
 */

/** Slots per server process: process i owns shards i * SLOTS_PER_PROCESS up to the next process's first. */
export const SLOTS_PER_PROCESS = 16;
/** The largest process index whose shards fit the column (smallint). */
export const MAX_PROCESS_INDEX = Math.floor(32767 / SLOTS_PER_PROCESS) - 1;

/** The shards of one server process: a batch holds one while in flight. */
export class RollupShards {
  private readonly holders = new Array<number>(SLOTS_PER_PROCESS).fill(0);
  readonly base: number;

  constructor(processIndex = 0) {
    if (!Number.isInteger(processIndex) || processIndex < 0 || processIndex > MAX_PROCESS_INDEX) {
      throw new RangeError(`server process index must be a whole number from 0 to ${MAX_PROCESS_INDEX}`);
    }
    this.base = processIndex * SLOTS_PER_PROCESS;
  }

  /**
   * The lowest free shard, held until released. With every slot held (more than SLOTS_PER_PROCESS
   * batches in flight in one process) the least held one is shared: its batches then take turns on
   * their common rows, as all did before shards.
   */
  acquire(): number {
    let best = 0;
    for (let slot = 0; slot < SLOTS_PER_PROCESS; slot++) {
      if (this.holders[slot] === 0) {
        best = slot;
        break;
      }
      if (this.holders[slot] < this.holders[best]) best = slot;
    }
    this.holders[best]++;
    return this.base + best;
  }

  release(shard: number): void {
    const slot = shard - this.base;
    if (slot >= 0 && slot < SLOTS_PER_PROCESS && this.holders[slot] > 0) this.holders[slot]--;
  }

  /** Runs `fn` holding a shard. */
  async with<T>(fn: (shard: number) => Promise<T>): Promise<T> {
    const shard = this.acquire();
    try {
      return await fn(shard);
    } finally {
      this.release(shard);
    }
  }
}

const byProcess = new Map<number, RollupShards>();

/**
 * The shards of the server process with this index (TrackingOptions.processIndex: the primary gives
 * each process it forks its own, server/cluster.ts), shared by every batcher of the process, so a
 * process's click and conversion batches never share a shard while both are in flight.
 */
export function rollupShardsOf(processIndex = 0): RollupShards {
  let shards = byProcess.get(processIndex);
  if (!shards) {
    shards = new RollupShards(processIndex);
    byProcess.set(processIndex, shards);
  }
  return shards;
}
