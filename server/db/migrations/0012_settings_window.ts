import { sql, type Kysely } from 'kysely';
import type { ColumnType } from 'kysely';

/**
 * The settings verification window (docs/settings.md "Verification window"): a session that
 * has passed the settings code check may save profile changes until `settings_verified_until`.
 * Kept on the session row, so the window belongs to that sign-in only, ends with it, and is checked
 * by every save in the save's own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column settings_verified_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column if exists settings_verified_until`.execute(db);
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface SessionsTable {
    /** Saves of the profile are accepted until then (after a settings code check). */
    settings_verified_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  }
}
