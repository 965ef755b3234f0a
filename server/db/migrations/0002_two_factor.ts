import type { Kysely } from 'kysely';
import type { Default } from '../schema';

/** The last TOTP time step accepted for an affiliate: a code at or before it is a replay (RFC 6238 §5.2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('affiliates').addColumn('otp_last_step', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('affiliates').dropColumn('otp_last_step').execute();
}

// ---------- kysely types (server/db/schema.ts) ----------

declare module './0001_initial' {
  interface AffiliatesTable {
    /** The last TOTP time step accepted: a code at or before it is a replay. */
    otp_last_step: Default<number | null>;
  }
}
