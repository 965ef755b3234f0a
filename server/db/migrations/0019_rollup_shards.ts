import { sql, type Kysely } from 'kysely';
import type { Default } from '../schema';

/**
 * Rollup shards (docs/benchmarks.md "Rollup rows without waiting"): every click batch and
 * conversion batch adds to the rollup row of its (day or quarter, campaign, creative, landing page,
 * sub1), and two batches in flight at once (two server processes, or a click batch and a conversion
 * batch of one) took turns on the row of a busy link, each waiting for the other's commit. A row is
 * now also keyed by `shard`: each batch in flight writes the rows of its own shard (a number unique
 * to its process and slot, tracking/rollupShards.ts), so no two batches ever wait for one row. Readers
 * already sum the rows of a key (reports, dashboard, campaigns); the primary keys keep their order,
 * with shard last, so they stay the readers' index. Existing rows are shard 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, time] of [['stats_daily', 'day'], ['stats_quarter', 'bucket']] as const) {
    await sql.raw(`alter table ${table} add column shard smallint not null default 0`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_pkey`).execute(db);
    await sql
      .raw(`alter table ${table} add primary key (affiliate_id, ${time}, campaign_id, creative_id, landing_page_id, sub1, shard)`)
      .execute(db);
    // The rows still to fold (db/rollups.ts foldRollupShards, hourly): found without reading the table.
    await sql.raw(`create index ${table}_unfolded on ${table} (${time}) where shard <> 0`).execute(db);
  }
}

/** Folds every key's shards into one row again, then restores the earlier key. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, time] of [['stats_daily', 'day'], ['stats_quarter', 'bucket']] as const) {
    const key = `${time}, affiliate_id, campaign_id, creative_id, landing_page_id, sub1`;
    await sql.raw(`drop index if exists ${table}_unfolded`).execute(db);
    await sql.raw(`create temporary table folded as
      select ${key}, sum(clicks)::int as clicks, sum(leads)::int as leads, sum(sales) as sales, sum(earnings) as earnings
      from ${table} group by ${key}`).execute(db);
    await sql.raw(`delete from ${table}`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_pkey`).execute(db);
    await sql.raw(`alter table ${table} drop column shard`).execute(db);
    await sql.raw(`insert into ${table} (${key}, clicks, leads, sales, earnings) select ${key}, clicks, leads, sales, earnings from folded`).execute(db);
    await sql.raw('drop table folded').execute(db);
    await sql.raw(`alter table ${table} add primary key (affiliate_id, ${time}, campaign_id, creative_id, landing_page_id, sub1)`).execute(db);
  }
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface StatsDailyTable {
    /** The batch slot that wrote the row (tracking/rollupShards.ts); a key's rows are summed. */
    shard: Default<number>;
  }
}

declare module './0011_report_buckets' {
  interface StatsQuarterTable {
    /** As stats_daily's. */
    shard: Default<number>;
  }
}
