import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A store for @fastify/rate-limit in the database (table rate_limit_hits, migration 0006), so the
 * API's request limits are shared by every server process on one Postgres and survive a restart.
 * One statement per request, atomic on PGlite and Postgres alike: the key's window starts at its
 * first request (like the plugin's own in-memory store) and restarts once expired. A route with its
 * own limit gets a child store whose keys carry the route, as the in-memory store keeps one cache
 * per route. Expired rows are deleted at most once a minute per process.
 */
type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

const PRUNE_EVERY_MS = 60_000;

export function kyselyRateLimitStore(db: Kysely<DB>, clock: () => number = Date.now) {
  let lastPrune = 0;

  async function hit(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = clock();
    const { rows } = await sql<{ hits: number; expires_at: string | number }>`
      insert into rate_limit_hits as r (key, hits, expires_at) values (${key}, 1, ${now + timeWindow})
      on conflict (key) do update set
        hits = case when r.expires_at <= ${now} then 1 else r.hits + 1 end,
        expires_at = case when r.expires_at <= ${now} then ${now + timeWindow} else r.expires_at end
      returning hits, expires_at`.execute(db);
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      // Not awaited: a slow prune must not hold the request; a failed one is retried next minute.
      sql`delete from rate_limit_hits where expires_at < ${now}`.execute(db).catch(() => {});
    }
    return { current: Number(rows[0].hits), ttl: Math.max(0, Number(rows[0].expires_at) - now) };
  }

  async function peek(key: string): Promise<{ current: number; ttl: number }> {
    const now = clock();
    const row = await db.selectFrom('rate_limit_hits').select(['hits', 'expires_at']).where('key', '=', key).executeTakeFirst();
    if (!row || Number(row.expires_at) <= now) return { current: 0, ttl: 0 };
    return { current: row.hits, ttl: Number(row.expires_at) - now };
  }

  class KyselyStore {
    readonly prefix: string;

    // The plugin passes its merged options: routeInfo is there for a route's own limit.
    constructor(options: object = {}) {
      const route = (options as StoreOptions).routeInfo;
      this.prefix = route ? `${[route.method].flat().join(',')} ${route.url}|` : '*|';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      hit(this.prefix + key, timeWindow).then((r) => cb(null, r), (err: Error) => cb(err));
    }

    read(key: string, cb: Callback): void {
      peek(this.prefix + key).then((r) => cb(null, r), (err: Error) => cb(err));
    }

    child(routeOptions: object): KyselyStore {
      return new KyselyStore(routeOptions);
    }
  }
  return KyselyStore;
}
