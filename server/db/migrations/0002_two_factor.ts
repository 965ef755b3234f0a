import type { Kysely } from 'kysely';

/** The last TOTP time step accepted for an affiliate: a code at or before it is a replay (RFC 6238 §5.2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('affiliates').addColumn('otp_last_step', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('affiliates').dropColumn('otp_last_step').execute();
}
