import { sql, type Kysely } from 'kysely';
import type { Default } from '../schema';

/**
 * Joining the network (docs/registration.md).
 * - affiliate_documents.content: the ID images of an application, kept in the database (bytea) and
 *   written in the registration's one transaction, so a refused or failed registration leaves no
 *   file anywhere. file_path stays for documents kept on disk and is '' for these.
 * Numbered 0016, not 0014: kysely refuses a migration list whose already-applied names (0015 on the
 * databases of today) are no longer a prefix of it, so a number below an applied one cannot be used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table affiliate_documents add column content bytea`.execute(db);
  await sql`alter table affiliate_documents alter column file_path set default ''`.execute(db);
  await sql`create index affiliate_documents_affiliate on affiliate_documents (affiliate_id, side)`.execute(db);
  await sql`create index applications_affiliate on applications (affiliate_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index applications_affiliate`.execute(db);
  await sql`drop index affiliate_documents_affiliate`.execute(db);
  await sql`alter table affiliate_documents alter column file_path drop default`.execute(db);
  await sql`alter table affiliate_documents drop column content`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface AffiliateDocumentsTable {
    /** The image itself for registration's ID images (kept in the database, docs/registration.md). */
    content: Default<Buffer | null>;
  }
}
