import { sql, type Kysely } from 'kysely';

/**
 * The click journal (docs/tracking.md "The click journal"): the name of every journal
 * segment Postgres has taken, written in the same transaction as its clicks, so a segment whose file
 * outlived its commit (the process died in between) is never taken twice. Names older than a week
 * are forgotten (tracking/journal.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table click_journal_segments (
    name text primary key,
    ingested_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index click_journal_segments_at on click_journal_segments (ingested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists click_journal_segments`.execute(db);
}
