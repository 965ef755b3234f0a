import { sql, type Kysely, type Transaction } from 'kysely';
import { easternDay } from '../../../src/shared/dates';
import { referralProgram } from '../../../src/shared/programTerms';
import type { DB } from '../../db/schema';
import { COUNTED_REFERRAL_STATUSES, computeReferralCommissions, incomeLineDay, incomeNote, monthOf } from './income';

/**
 * The referral program's money job (docs/referrals.md), run hourly by server/jobs.ts:
 * 1. recomputes referral_commissions from the referred publishers' conversions (upsert per referrer,
 *    referred publisher and month; rows of months whose earnings went away are removed), except for
 *    months already credited, which stay as they were paid;
 * 2. credits each referrer a 'Referral' line per month once the month is over (Eastern);
 * 3. credits the $100 'Bonus' when a referrer reaches 10 approved referrals;
 * 4. credits a referred publisher the 10% 'Bonus' on their first payment.
 * Every credit is claimed in referral_credits (unique) in the same transaction as its ledger line, so
 * it happens once even when the job runs twice or in two processes at the same time; one run at a
 * time holds a transaction-scoped advisory lock, so two runs never recompute the same rows together.
 */
export async function runReferralJobs(db: Kysely<DB>, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${REFERRAL_JOB_LOCK}::bigint)`.execute(trx);
    await recomputeCommissions(trx, now);
    await creditMonthlyIncome(trx, now);
    await creditReferralBonus(trx, now);
    await creditFirstPaymentBonus(trx, now);
  });
}

/** The advisory lock key of the job ('refj'). */
const REFERRAL_JOB_LOCK = 0x7265666a;

type Kind = DB['referral_credits']['kind'];

/** Claims a credit: true when this call made the claim, false when it was already made. */
async function claim(trx: Transaction<DB>, affiliateId: number, kind: Kind, periodDate: string): Promise<boolean> {
  const row = await trx
    .insertInto('referral_credits')
    .values({ affiliate_id: affiliateId, kind, period_date: periodDate })
    .onConflict((oc) => oc.doNothing())
    .returning('affiliate_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims a credit and, when claimed here, writes its ledger line and links it. */
async function creditOnce(
  trx: Transaction<DB>,
  credit: { affiliateId: number; kind: Kind; periodDate: string; lineDate: string; type: 'Referral' | 'Bonus'; amount: number; notes: string },
): Promise<void> {
  if (!(await claim(trx, credit.affiliateId, credit.kind, credit.periodDate))) return;
  const line = await trx
    .insertInto('account_balance_lines')
    .values({ affiliate_id: credit.affiliateId, line_date: credit.lineDate, type: credit.type, amount: credit.amount, notes: credit.notes })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('referral_credits')
    .set({ line_id: line.id })
    .where('affiliate_id', '=', credit.affiliateId)
    .where('kind', '=', credit.kind)
    .where('period_date', '=', credit.periodDate)
    .execute();
}

async function recomputeCommissions(trx: Transaction<DB>, now: Date): Promise<void> {
  const fresh = await computeReferralCommissions(trx, now);
  const credited = await trx.selectFrom('referral_credits').select(['affiliate_id', 'period_date']).where('kind', '=', 'income').execute();
  const paid = new Set(credited.map((c) => `${c.affiliate_id}|${c.period_date}`));
  const open = fresh.filter((r) => !paid.has(`${r.referrer_id}|${r.period_date}`));
  // Rows of months not yet credited that no longer have earnings (all reversed, say).
  await sql`
    delete from referral_commissions rc
    where not exists (
      select 1 from referral_credits p where p.affiliate_id = rc.referrer_id and p.kind = 'income' and p.period_date = rc.period_date)
    and not exists (
      select 1 from json_to_recordset(${JSON.stringify(open.map(({ referrer_id, referred_id, period_date }) => ({ referrer_id, referred_id, period_date })))}::json)
        as f(referrer_id int, referred_id int, period_date date)
      where f.referrer_id = rc.referrer_id and f.referred_id = rc.referred_id and f.period_date = rc.period_date)`.execute(trx);
  for (let i = 0; i < open.length; i += 500) {
    await trx
      .insertInto('referral_commissions')
      .values(open.slice(i, i + 500).map(({ referrer_id, referred_id, period_date, amount }) => ({ referrer_id, referred_id, period_date, amount })))
      .onConflict((oc) =>
        oc
          .columns(['referrer_id', 'period_date', 'referred_id'])
          .doUpdateSet({ amount: (eb) => eb.ref('excluded.amount') })
          .where('referral_commissions.amount', '<>', (eb) => eb.ref('excluded.amount')),
      )
      .execute();
  }
}

async function creditMonthlyIncome(trx: Transaction<DB>, now: Date): Promise<void> {
  const { rows } = await sql<{ referrer_id: number; period_date: string; total: number }>`
    select rc.referrer_id, to_char(rc.period_date, 'YYYY-MM-DD') as period_date, sum(rc.amount)::float8 as total
    from referral_commissions rc
    where rc.period_date < ${monthOf(now)}::date
      and not exists (
        select 1 from referral_credits p where p.affiliate_id = rc.referrer_id and p.kind = 'income' and p.period_date = rc.period_date)
    group by rc.referrer_id, rc.period_date
    having sum(rc.amount) > 0
    order by rc.referrer_id, rc.period_date`.execute(trx);
  for (const r of rows) {
    await creditOnce(trx, {
      affiliateId: r.referrer_id, kind: 'income', periodDate: r.period_date, lineDate: incomeLineDay(r.period_date),
      type: 'Referral', amount: round2(Number(r.total)), notes: incomeNote(r.period_date),
    });
  }
}

async function creditReferralBonus(trx: Transaction<DB>, now: Date): Promise<void> {
  const rows = await trx
    .selectFrom('referrals as r')
    .innerJoin('affiliates as a', 'a.id', 'r.referred_id')
    .select('r.referrer_id')
    .where('r.approved_at', 'is not', null)
    .where('a.status', 'in', COUNTED_REFERRAL_STATUSES)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('referral_credits as p').select('p.affiliate_id').whereRef('p.affiliate_id', '=', 'r.referrer_id').where('p.kind', '=', 'referral_bonus'))),
    )
    .groupBy('r.referrer_id')
    .having((eb) => eb.fn.countAll(), '>=', referralProgram.bonusReferrals)
    .orderBy('r.referrer_id')
    .execute();
  const today = easternDay(now);
  for (const r of rows) {
    await creditOnce(trx, {
      affiliateId: r.referrer_id, kind: 'referral_bonus', periodDate: today, lineDate: today, type: 'Bonus',
      amount: referralProgram.bonusDollars, notes: `Referral bonus: ${referralProgram.bonusReferrals} approved referrals`,
    });
  }
}

async function creditFirstPaymentBonus(trx: Transaction<DB>, now: Date): Promise<void> {
  const { rows } = await sql<{ referred_id: number; paid: number }>`
    select r.referred_id, -first.amount::float8 as paid
    from referrals r
    join lateral (
      select l.amount from account_balance_lines l
      where l.affiliate_id = r.referred_id and l.type = 'Payment' and l.amount < 0
      order by l.line_date, l.id limit 1
    ) first on true
    where r.approved_at is not null
      and not exists (select 1 from referral_credits p where p.affiliate_id = r.referred_id and p.kind = 'first_payment_bonus')
    order by r.referred_id`.execute(trx);
  const today = easternDay(now);
  for (const r of rows) {
    // In whole cents, rounded half up: 10% of 123.45 is 12.35.
    const amount = Math.round((Math.round(Number(r.paid) * 100) * referralProgram.firstPaymentBonusPercent) / 100) / 100;
    if (amount <= 0) continue;
    await creditOnce(trx, {
      affiliateId: r.referred_id, kind: 'first_payment_bonus', periodDate: today, lineDate: today, type: 'Bonus', amount,
      notes: `Referral welcome bonus: ${referralProgram.firstPaymentBonusPercent}% of your first payment`,
    });
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
