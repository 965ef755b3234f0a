import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { isDatabaseUnavailable } from '../../lib/databaseErrors';
import type { ResolvedLink } from './resolvedLink';

type Load = (db: Kysely<DB>, code: string) => Promise<ResolvedLink | null>;

/** Links a process keeps by default: a resolved link with its rules and pages is about 1-2 KiB. */
export const DEFAULT_LINK_CACHE_ENTRIES = 20_000;

/**
 * The tracking links a server process has resolved, with their campaign's rules and landing pages, so a
 * click needs no query, and so links already known keep redirecting while Postgres is unreachable.
 *
 * - A link younger than `ttlMs` is used as it is.
 * - An older one is still used at once, and a fresh copy is loaded in the background (one load per code
 *   at a time): a paused campaign takes effect within `ttlMs` plus one click. If the database cannot be
 *   reached the old copy stays in use until it can; a link that no longer exists is dropped.
 * - At most `maxEntries` links, the least recently clicked dropped first. Unknown codes are never kept:
 *   random codes cannot push real links out.
 */
export class LinkCache {
  private readonly entries = new Map<string, { at: number; link: ResolvedLink }>();
  private readonly refreshing = new Map<string, Promise<ResolvedLink | null>>();
  /** Counters for tests and benchmarks. */
  readonly stats = { hits: 0, loads: 0, staleServed: 0, refreshFailures: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly load: Load,
    private readonly maxEntries = DEFAULT_LINK_CACHE_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async get(db: Kysely<DB>, code: string): Promise<ResolvedLink | null> {
    if (this.ttlMs <= 0) return this.load(db, code);
    const hit = this.entries.get(code);
    if (!hit) return this.fetch(db, code);
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(code);
    this.entries.set(code, hit);
    if (this.now() - hit.at < this.ttlMs) {
      this.stats.hits++;
      return hit.link;
    }
    this.stats.staleServed++;
    this.fetch(db, code).catch(() => undefined);
    return hit.link;
  }

  /** Loads `code` once however many clicks ask at the same time; keeps what it finds. */
  private fetch(db: Kysely<DB>, code: string): Promise<ResolvedLink | null> {
    let pending = this.refreshing.get(code);
    if (pending) return pending;
    this.stats.loads++;
    pending = this.load(db, code).then(
      (link) => {
        this.refreshing.delete(code);
        if (!link) {
          this.entries.delete(code);
          return null;
        }
        this.entries.delete(code);
        this.entries.set(code, { at: this.now(), link });
        while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return link;
      },
      (err: unknown) => {
        this.refreshing.delete(code);
        if (isDatabaseUnavailable(err)) this.stats.refreshFailures++;
        throw err;
      },
    );
    this.refreshing.set(code, pending);
    return pending;
  }
}
