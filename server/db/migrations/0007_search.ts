import { sql, type Kysely } from 'kysely';

/**
 * Campaign search (issue 14, docs/campaigns.md "Search"):
 * - the extensions pg_trgm and unaccent, in a schema of their own (`extensions`), so a test schema
 *   dropped with cascade, or `db:reset` dropping `public`, never takes them from another schema
 *   (PGlite loads both from @electric-sql/pglite/contrib, server/db/database.ts);
 * - immutable_unaccent(text): unaccent() is only STABLE (its dictionary could change), so it cannot
 *   appear in an index; this wrapper names the dictionary and is declared IMMUTABLE;
 * - a GIN trigram index on lower(immutable_unaccent(name)): name matching (LIKE '%term%') by both
 *   quick search and full search, tolerant of case and accents;
 * - stats_daily (affiliate_id, campaign_id): the "Never Promoted Before" filter looks up one
 *   affiliate's rows of one campaign (the primary key leads with affiliate_id, day);
 * - campaigns (created_at desc, id desc) of active campaigns: the default order of search and browse.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Extensions belong to the database, not to a schema: parallel migrations of several schemas
  // (the tests on Postgres) would race on `create extension`; one advisory lock orders them.
  await sql`select pg_advisory_xact_lock(1400700)`.execute(db);
  await sql`create schema if not exists extensions`.execute(db);
  await sql`create extension if not exists pg_trgm with schema extensions`.execute(db);
  await sql`create extension if not exists unaccent with schema extensions`.execute(db);
  // Already installed elsewhere by an administrator: use them where they are.
  const { rows } = await sql<{ trgm: string; unaccent: string }>`
    select (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm') as trgm,
           (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent') as unaccent`.execute(db);
  const trgm = sql.id(rows[0].trgm);
  const u = quoteIdent(rows[0].unaccent);
  await sql
    .raw(
      `create or replace function immutable_unaccent(text) returns text language sql immutable parallel safe strict
       as $fn$ select ${u}.unaccent('${u}.unaccent'::regdictionary, $1) $fn$`,
    )
    .execute(db);
  await sql`create index campaigns_name_trgm_idx on campaigns using gin (lower(immutable_unaccent(name)) ${trgm}.gin_trgm_ops)`.execute(db);
  await sql`create index stats_daily_affiliate_campaign_idx on stats_daily (affiliate_id, campaign_id)`.execute(db);
  await sql`create index campaigns_active_created_idx on campaigns (created_at desc, id desc) where status = 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists campaigns_active_created_idx`.execute(db);
  await sql`drop index if exists stats_daily_affiliate_campaign_idx`.execute(db);
  await sql`drop index if exists campaigns_name_trgm_idx`.execute(db);
  await sql`drop function if exists immutable_unaccent(text)`.execute(db);
  // The extensions stay: other schemas of the same database may use them.
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
