import { sql, type Kysely, type Transaction } from 'kysely';
import { fromZonedTime } from 'date-fns-tz';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../lib/errors';
import { addDaysTo, easternDay, EASTERN_TIME_ZONE, lastPayPeriod, payPeriod, type DayRange } from '../../../src/shared/dates';
import { formatLongDate } from '../../../src/shared/longDate';
import { networkFacts } from '../../../src/shared/programTerms';

/**
 * The account balance ledger written from real events (docs/ledger.md): approved earnings become one
 * 'Earnings' line per closed pay period, a reversal of earnings already credited becomes a negative
 * 'Reversal' line, and the payout run records 'Payment' lines through recordPayment. Referral income
 * and MaxMoney redemptions are their own jobs' lines. Every line the engine writes carries a source
 * unique per affiliate, so a job that runs twice, or in two processes at once, writes each line once.
 *
 * Amounts are summed in whole ten-thousandths (the ledger's numeric(14, 4)), never in floats.
 */

/** The advisory lock key of the earnings job ('ldgr'). */
const LEDGER_JOB_LOCK = 0x6c646772;
/** The first key of an affiliate's payment lock ('paym'; the second is the affiliate id). */
const PAYMENT_LOCK = 0x7061796d;

const units = (amount: number | string) => Math.round(Number(amount) * 10_000);
const fromUnits = (n: number) => n / 10_000;

function monthRange(day: string): DayRange {
  const start = `${day.slice(0, 7)}-01`;
  const [y, m] = day.split('-').map(Number);
  const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { start, end };
}

/** The Saturday on or after a day (the end of its pay period). */
const saturdayOf = (day: string) => payPeriod(day).end;

/**
 * The pay period of a day for an affiliate (spec 002 §1): calendar months until the first payment,
 * then the network's Sunday-to-Saturday weeks (Eastern, the reports' pay periods). The week of the
 * first payment closes the monthly period it falls in, so every day is in exactly one period.
 */
export function periodOf(day: string, firstPaymentDay: string | null): DayRange {
  const cut = firstPaymentDay === null ? null : saturdayOf(firstPaymentDay);
  if (cut === null || day <= cut) {
    const month = monthRange(day);
    return cut !== null && cut < month.end ? { start: month.start, end: cut } : month;
  }
  return payPeriod(day);
}

/** 'Earnings November 1 – November 30, 2026'. */
export function earningsNote(period: DayRange): string {
  return `Earnings ${formatLongDate(period.start)} \u2013 ${formatLongDate(period.end)}`;
}

interface Uncredited { id: number; affiliate_id: number; payout: string | number; converted_at: Date | string }

/**
 * Credits every closed pay period's approved, not yet credited conversions to the ledger: one
 * 'Earnings' line per affiliate and period (dated its last day), each conversion marked with its
 * line. A conversion that reaches a period already credited (its commit raced the job) is credited
 * on a line of its own dated today. Answers the number of lines written.
 */
export async function runLedgerJob(db: Kysely<DB>, now: Date): Promise<number> {
  const today = easternDay(now);
  const todayStarts = fromZonedTime(`${today}T00:00:00`, EASTERN_TIME_ZONE);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LEDGER_JOB_LOCK}::bigint)`.execute(trx);
    const { rows } = await sql<Uncredited>`
      select id, affiliate_id, payout, converted_at from conversions
      where status = 'approved' and ledger_line_id is null and converted_at < ${todayStarts}
      order by affiliate_id, id
      for update`.execute(trx);
    if (rows.length === 0) return 0;
    const firstPayments = new Map(
      (
        await trx
          .selectFrom('account_balance_lines')
          .select(['affiliate_id', sql<string>`to_char(min(line_date), 'YYYY-MM-DD')`.as('day')])
          .where('type', '=', 'Payment')
          .where('affiliate_id', 'in', [...new Set(rows.map((r) => r.affiliate_id))])
          .groupBy('affiliate_id')
          .execute()
      ).map((r) => [r.affiliate_id, r.day]),
    );
    const groups = new Map<string, { affiliateId: number; period: DayRange; ids: number[]; total: number }>();
    for (const r of rows) {
      const period = periodOf(easternDay(new Date(r.converted_at)), firstPayments.get(r.affiliate_id) ?? null);
      if (period.end >= today) continue;
      const key = `${r.affiliate_id}|${period.end}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { affiliateId: r.affiliate_id, period, ids: [], total: 0 }));
      group.ids.push(Number(r.id));
      group.total += units(r.payout);
    }
    let written = 0;
    for (const g of groups.values()) {
      const line = (await insertLine(trx, g.affiliateId, g.period.end, 'Earnings', fromUnits(g.total), earningsNote(g.period), `earnings:${g.period.end}`))
        ?? (await insertLine(trx, g.affiliateId, today, 'Earnings', fromUnits(g.total), `${earningsNote(g.period)} (received late)`, `earnings:${g.period.end}:${g.ids[0]}`));
      if (line === undefined) continue;
      written++;
      await trx.updateTable('conversions').set({ ledger_line_id: line }).where('id', 'in', g.ids).execute();
    }
    return written;
  });
}

/** Inserts a line unless its source is already written; answers its id, or undefined when it was. */
async function insertLine(
  trx: Transaction<DB>, affiliateId: number, day: string, type: DB['account_balance_lines']['type'],
  amount: number, notes: string, source: string,
): Promise<number | undefined> {
  const row = await trx
    .insertInto('account_balance_lines')
    .values({ affiliate_id: affiliateId, line_date: day, type, amount, notes, source })
    .onConflict((oc) => oc.columns(['affiliate_id', 'source']).where('source', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/**
 * A reversal of a conversion whose earnings were already credited: a negative 'Reversal' line on the
 * day of the reversal, with the advertiser's reason (in the reversal's transaction; once per reversal).
 */
export async function writeLateReversalLine(
  trx: Transaction<DB>,
  r: { reversalId: number; affiliateId: number; amount: number; at: Date; reason: string; txid: string },
): Promise<void> {
  const notes = `Reversal of transaction ${r.txid}${r.reason ? `: ${r.reason}` : ''}`.slice(0, 300);
  await insertLine(trx, r.affiliateId, easternDay(r.at), 'Reversal', -r.amount, notes, `reversal:${r.reversalId}`);
}

/** The affiliate's balance: the sum of every line (the running balance of the statement ends here). */
export async function balanceOf(db: Kysely<DB>, affiliateId: number): Promise<number> {
  const row = await db
    .selectFrom('account_balance_lines')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('affiliate_id', '=', affiliateId)
    .executeTakeFirstOrThrow();
  return fromUnits(units(row.total));
}

/** The last month end whose net-15 payment is due by `today`. */
export function lastPayableMonthEnd(today: string): string {
  const lastMonthEnd = addDaysTo(`${today.slice(0, 7)}-01`, -1);
  return addDaysTo(lastMonthEnd, networkFacts.firstPaymentNetDays) <= today ? lastMonthEnd : addDaysTo(`${lastMonthEnd.slice(0, 7)}-01`, -1);
}

export interface PayoutDue { affiliate_id: number; amount: number; through: string }

/**
 * What the payout run pays today (spec 002 §1): before the first payment, the lines through the last
 * month end at least 15 days ago (monthly, net 15); after it, through the last closed week. Only a
 * total of at least the $100 minimum is due (a smaller one rolls over), and never more than the
 * balance (a later reversal or payment counts). Amounts in cents, rounded down.
 */
export async function payoutsDue(db: Kysely<DB>, now: Date): Promise<PayoutDue[]> {
  const today = easternDay(now);
  const monthly = lastPayableMonthEnd(today);
  const weekly = lastPayPeriod(today).end;
  const { rows } = await sql<{ affiliate_id: number; paid_before: boolean; through_monthly: string; through_weekly: string; balance: string }>`
    select affiliate_id,
           bool_or(type = 'Payment') as paid_before,
           coalesce(sum(amount) filter (where line_date <= ${monthly}::date), 0) as through_monthly,
           coalesce(sum(amount) filter (where line_date <= ${weekly}::date), 0) as through_weekly,
           sum(amount) as balance
    from account_balance_lines group by affiliate_id order by affiliate_id`.execute(db);
  const due: PayoutDue[] = [];
  for (const r of rows) {
    const through = r.paid_before ? weekly : monthly;
    const owed = Math.min(units(r.paid_before ? r.through_weekly : r.through_monthly), units(r.balance));
    const cents = Math.floor(owed / 100);
    if (cents >= networkFacts.minimumPayout * 100) due.push({ affiliate_id: Number(r.affiliate_id), amount: cents / 100, through });
  }
  return due;
}

export interface PaymentInput { affiliateId: number; amount: number; reference: string; day: string; notes?: string }

/**
 * Records a payment the network made (the back office's payout run calls it): a 'Payment' line of
 * minus the amount. Once per reference (a second call answers the first line), never more than the
 * balance, one payment of an affiliate at a time. Answers the line id.
 */
export async function recordPayment(db: Kysely<DB>, p: PaymentInput): Promise<number> {
  const reference = p.reference.trim();
  if (reference === '' || reference.length > 100) throw badRequest('reference: give the payment reference (at most 100 characters).');
  if (!(p.amount > 0) || units(p.amount) % 100 !== 0) throw badRequest('amount: must be a positive amount in dollars and cents.');
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PAYMENT_LOCK}::int, ${p.affiliateId}::int)`.execute(trx);
    const source = `payment:${reference}`;
    const existing = await trx
      .selectFrom('account_balance_lines')
      .select('id')
      .where('affiliate_id', '=', p.affiliateId)
      .where('source', '=', source)
      .executeTakeFirst();
    if (existing) return Number(existing.id);
    const balance = await balanceOf(trx, p.affiliateId);
    if (units(p.amount) > units(balance)) throw new ApiError(409, `amount: ${p.amount.toFixed(2)} is more than the balance of ${balance.toFixed(2)}.`);
    const id = await insertLine(trx, p.affiliateId, p.day, 'Payment', -p.amount, p.notes ?? `Payment ${reference}`, source);
    return id!;
  });
}
