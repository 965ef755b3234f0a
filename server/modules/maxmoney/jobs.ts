import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Credits the points of promos that have ended and settles redemptions (issue 19). Being built. */
export async function runMaxmoneyJobs(_db: Kysely<DB>, _now: Date): Promise<void> {}
