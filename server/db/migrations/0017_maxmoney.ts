import type { Kysely } from 'kysely';

/** MaxMoney points (issue 19, docs/rewards.md). Being built. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
