import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { runLedgerJob } from './modules/ledger/ledger';
import { runMaxmoneyJobs } from './modules/maxmoney/jobs';
import { runReferralJobs } from './modules/referrals/jobs';

/**
 * The network's periodic money jobs: approved earnings credited per closed pay period, promo points credited when a promo ends, redeemed
 * points turned into account-balance lines, referral income from the referred publishers' earnings.
 * Each job is safe to run twice (it records what it did in the database, never in memory), so every
 * server process may run them and a restart loses nothing. `npm start` runs them at start and hourly.
 */
export async function runMoneyJobs(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  // One job failing does not keep the other from running; both failures are reported.
  const results = await Promise.allSettled([runLedgerJob(db, now), runMaxmoneyJobs(db, now), runReferralJobs(db, now)]);
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'money jobs failed');
}

/** Runs the jobs now and then every `everyMs`; the timer does not keep the process alive. */
export function startMoneyJobs(db: Kysely<DB>, onError: (err: unknown) => void, everyMs = 3_600_000): () => void {
  const run = () => runMoneyJobs(db).catch(onError);
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
