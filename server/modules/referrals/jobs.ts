import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Computes referral income from the referred publishers' tracked earnings (issue 19). Being built. */
export async function runReferralJobs(_db: Kysely<DB>, _now: Date): Promise<void> {}
