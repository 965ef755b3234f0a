import type { Kysely } from 'kysely';

/** Referral income (issue 19, docs/referrals.md). Being built. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
