import { sql, type Kysely } from 'kysely';

/**
 * Campaign search (docs/campaigns.md "Search"):
 * - the extensions pg_trgm and unaccent, in a schema of their own (`extensions`), so a test schema
 *   dropped with cascade, or `db:reset` dropping `public`, never takes them from another schema
 *   (PGlite loads both from @electric-sql/pglite/contrib, server/db/database.ts);
 * - immutable_unaccent(text): unaccent() is only STABLE (its dictionary could change), so it cannot
 *   appear in an index; this wrapper names the dictionary and is declared IMMUTABLE;
 * - campaigns.search_name, a stored generated column lower(immutable_unaccent(name)), with a GIN
 *   trigram index: name matching (LIKE '%term%') by both quick search and full search, tolerant of
 *   case and accents. Stored rather than an expression index because the index only narrows the
 *   candidates: every candidate row is rechecked, and calling the (not inlinable) SQL function once
 *   per candidate cost about 18 µs each, two thirds of a search's time with 20,000 campaigns
 *   (docs/benchmarks.md); the column is computed once per write;
 * - campaign_rates (campaign_id) of default rates, with type and rate: the CPA type filter and the
 *   rate order read the default rate without touching the table;
 * - stats_daily (affiliate_id, campaign_id): the "Never Promoted Before" filter looks up one
 *   affiliate's rows of one campaign (the primary key leads with affiliate_id, day);
 * - campaigns (created_at desc, id desc) of active campaigns: the default order of search and browse.
 * Every step may run again (a test replays migrations from an earlier one).
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
  await sql`alter table campaigns add column if not exists search_name text generated always as (lower(immutable_unaccent(name))) stored`.execute(db);
  await sql`create index if not exists campaigns_search_name_trgm_idx on campaigns using gin (search_name ${trgm}.gin_trgm_ops)`.execute(db);
  await sql`create index if not exists campaign_rates_default_idx on campaign_rates (campaign_id) include (rate_type, rate) where is_default`.execute(db);
  await sql`create index if not exists stats_daily_affiliate_campaign_idx on stats_daily (affiliate_id, campaign_id)`.execute(db);
  await sql`create index if not exists campaigns_active_created_idx on campaigns (created_at desc, id desc) where status = 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists campaigns_active_created_idx`.execute(db);
  await sql`drop index if exists stats_daily_affiliate_campaign_idx`.execute(db);
  await sql`drop index if exists campaign_rates_default_idx`.execute(db);
  await sql`drop index if exists campaigns_search_name_trgm_idx`.execute(db);
  await sql`alter table campaigns drop column if exists search_name`.execute(db);
  await sql`drop function if exists immutable_unaccent(text)`.execute(db);
  // The extensions stay: other schemas of the same database may use them.
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
