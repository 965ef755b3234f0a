import { sql, type Kysely } from 'kysely';
import type { Default } from '../schema';

/**
 * The postback delivery log: a test postback ("Send test postback") is a delivery without
 * a conversion, fired by the same worker through the same SSRF guard. `campaign_id` is the test's
 * campaign (null: the global postback); a real delivery's campaign is its conversion's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table postback_deliveries alter column conversion_id drop not null`.execute(db);
  await sql`alter table postback_deliveries add column is_test boolean not null default false`.execute(db);
  await sql`alter table postback_deliveries add column campaign_id int references campaigns(id) on delete cascade`.execute(db);
  await sql`alter table postback_deliveries add constraint postback_deliveries_conversion_check check (is_test or conversion_id is not null)`.execute(db);
  // The log reads an affiliate's newest deliveries (the existing index is ascending on created_at; the
  // planner reads it backwards), and counts recent tests for the test limit.
  await sql`create index postback_deliveries_tests_idx on postback_deliveries (affiliate_id, created_at) where is_test`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists postback_deliveries_tests_idx`.execute(db);
  await sql`delete from postback_deliveries where is_test`.execute(db);
  await sql`alter table postback_deliveries drop constraint if exists postback_deliveries_conversion_check`.execute(db);
  await sql`alter table postback_deliveries drop column if exists campaign_id`.execute(db);
  await sql`alter table postback_deliveries drop column if exists is_test`.execute(db);
  await sql`alter table postback_deliveries alter column conversion_id set not null`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0003_tracking' {
  interface PostbackDeliveriesTable {
    /** A test postback (no conversion; tried once); its campaign, null for the global postback. */
    is_test: Default<boolean>; campaign_id: Default<number | null>;
  }
}
