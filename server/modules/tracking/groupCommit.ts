/** The batch limits of a group commit. */
export interface GroupCommitLimits {
  /** Most items per batch. */
  max: number;
  /** Longest wait for a batch to fill (ms). */
  delayMs: number;
  /** Batches in flight at once. */
  concurrency: number;
}

/** What waits in a group commit's queue: an item's own record, rejected with its batch's error. */
export interface Waiter {
  reject(err: unknown): void;
}

/**
 * Group commit: items queue here and are written a batch at a time, each batch in one transaction
 * (`commit`), and each item's promise settles only after its batch commits, so nothing is answered
 * before it is durable. A batch is flushed when it is full, after `delayMs`, or right after the
 * previous batch commits (items that arrived meanwhile go together), with at most `concurrency`
 * batches in flight. The click batcher and the conversion batcher are two of them.
 */
export abstract class GroupCommit<W extends Waiter> {
  protected readonly queue: W[] = [];
  protected inFlight = 0;
  protected closed = false;
  private timer: NodeJS.Timeout | null = null;
  private idle: Array<() => void> = [];

  constructor(private readonly limits: GroupCommitLimits) {}

  /**
   * Writes one batch and settles each of its waiters (a waiter may fail alone); a rejection rejects
   * every waiter of the batch with it.
   */
  protected abstract commit(batch: W[]): Promise<void>;

  /** Whether anything is still to write (a subclass may hold items outside the queue). */
  protected busy(): boolean {
    return this.inFlight > 0 || this.queue.length > 0;
  }

  /** Queues a waiter and flushes or arms the timer. */
  protected enqueue(waiter: W): void {
    this.queue.push(waiter);
    const limits = this.limits;
    if (this.queue.length >= limits.max) this.flush();
    else if (!this.timer && this.inFlight < limits.concurrency) this.timer = setTimeout(() => this.flush(), limits.delayMs);
  }

  protected flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const limits = this.limits;
    while (this.queue.length > 0 && this.inFlight < limits.concurrency) {
      const batch = this.queue.splice(0, limits.max);
      this.inFlight++;
      this.commit(batch)
        .catch((err: unknown) => {
          for (const w of batch) w.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          if (this.queue.length > 0) this.flush();
          else this.settleIdle();
        });
    }
  }

  /** Resolves those waiting in `drain` once nothing is left to write. */
  protected settleIdle(): void {
    if (!this.busy()) this.idle.splice(0).forEach((f) => f());
  }

  /** Refuses later items, writes what is queued and waits for every batch in flight. */
  protected async drain(): Promise<void> {
    this.closed = true;
    this.flush();
    if (this.busy()) await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
