import { sql, type Kysely } from 'kysely';
import { addDaysTo, formatLongDate } from '../../../src/shared/dates';
import { formatPoints } from '../../../src/shared/format';
import { maxmoneyProgram } from '../../../src/shared/programTerms';
import type { DB } from '../../db/schema';
import { programDay, redeemWeekOf, redeemWeekOfDay } from './calendar';
import { loadPromoTerms, promoColumns, promoStanding, round2, type PromoTerms } from './earnings';

/**
 * The points program's jobs (docs/rewards.md), run hourly by every server process (server/jobs.ts).
 * Each is safe to run twice and from two processes at once: what was done is recorded in the
 * database, each unit of work in its own transaction behind a guarded update, never in memory.
 * Called with a transaction (the demo seed), they run inside it.
 */
export async function runMaxmoneyJobs(db: Kysely<DB>, now: Date): Promise<void> {
  await creditEndedPromos(db, now);
  await reviseCreditedPromos(db, now);
  await settleRedemptions(db, now);
}

/**
 * For how many days after a promo's last day its credited points follow the conversions: an
 * advertiser may still approve a pending conversion, or reverse an approved one (docs/rewards.md
 * "Revisions"). After that the credit is final.
 */
export const PROMO_REVISION_DAYS = maxmoneyProgram.revisionDays;

/**
 * Runs one unit of work (one affiliate's promo, one week's settlement) after another; a unit that
 * fails does not stop the others (it is tried again at the next run), and the failures are thrown
 * together at the end so the caller logs them.
 */
async function eachUnit<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  const failures: unknown[] = [];
  for (const item of items) {
    try {
      await fn(item);
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} of ${items.length} units of a MaxMoney job failed`);
}

const inTransaction = <T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

interface Registration { promo_id: number; affiliate_id: number }

/** Promo registrations (promo and affiliate) joined to their promo, in promo then affiliate order. */
const registrations = (db: Kysely<DB>) =>
  db
    .selectFrom('maxmoney_registrations as r')
    .innerJoin('maxmoney_promos as p', 'p.id', 'r.promo_id')
    .select(['r.promo_id', 'r.affiliate_id'])
    .orderBy('r.promo_id')
    .orderBy('r.affiliate_id');

/**
 * Runs `fn` for each registration, each in its own transaction (eachUnit), with its promo's terms;
 * answers for how many `fn` answered true.
 */
async function eachRegistration(
  db: Kysely<DB>,
  regs: readonly Registration[],
  fn: (trx: Kysely<DB>, d: Registration, promo: PromoTerms) => Promise<boolean>,
): Promise<number> {
  if (regs.length === 0) return 0;
  const promoIds = [...new Set(regs.map((d) => d.promo_id))];
  const rows = await db.selectFrom('maxmoney_promos').select(promoColumns).where('id', 'in', promoIds).execute();
  const terms = new Map((await loadPromoTerms(db, rows.map((r) => ({ ...r, start_date: String(r.start_date), end_date: String(r.end_date) })))).map((p) => [p.id, p]));
  let done = 0;
  await eachUnit(regs, async (d) => {
    if (await inTransaction(db, (trx) => fn(trx, d, terms.get(d.promo_id)!))) done++;
  });
  return done;
}

const addToBalance = (trx: Kysely<DB>, affiliateId: number, points: number) =>
  trx.updateTable('affiliates').set({ maxmoney_balance: sql`maxmoney_balance + ${points}` }).where('id', '=', affiliateId).execute();

/**
 * Credits every registration of a promo that has ended (its last Eastern day is over) and is not
 * credited yet: the points of the affiliate's approved earnings in it, as one 'Promo' entry naming
 * the promo, with the balance raised, in one transaction. The registration's `credited_at` is set by
 * an update guarded by `credited_at is null` first: a second run (or process) waits for the first's
 * row lock and then updates nothing, so it credits nothing. Answers the number of registrations credited.
 */
export async function creditEndedPromos(db: Kysely<DB>, now: Date): Promise<number> {
  const today = programDay(now);
  const due = await registrations(db)
    .where('r.credited_at', 'is', null)
    .where('p.end_date', '<', today)
    .execute();
  return eachRegistration(db, due, async (trx, d, promo) => {
    const standing = await promoStanding(trx, d.affiliate_id, promo, now);
    const mark = await trx
      .updateTable('maxmoney_registrations')
      .set({ credited_at: now, credited_earnings: standing.earnings, credited_points: standing.points })
      .where('promo_id', '=', d.promo_id)
      .where('affiliate_id', '=', d.affiliate_id)
      .where('credited_at', 'is', null)
      .returning('promo_id')
      .executeTakeFirst();
    if (!mark) return false;
    if (standing.points > 0) {
      await trx
        .insertInto('maxmoney_transactions')
        .values({
          affiliate_id: d.affiliate_id,
          entry_date: now,
          entry_type: 'Promo',
          amount: standing.points,
          promo_id: promo.id,
          notes: `${promo.name} (${formatLongDate(promo.start_date)} to ${formatLongDate(promo.end_date)}): ${formatPoints(standing.points)} points on $${formatPoints(standing.earnings)} of earnings`,
        })
        .execute();
      await addToBalance(trx, d.affiliate_id, standing.points);
    }
    return true;
  });
}

/**
 * Keeps credited promos true to the conversions for PROMO_REVISION_DAYS after their end
 * ("reversed conversions taken back"): a registration whose points, computed again, differ from what
 * was credited gets one 'Adjustment' entry of the difference, and its credited figures are updated,
 * in one transaction under the registration's row lock (a second run, or process, then finds nothing
 * to do). Points taken back never take the balance below zero (points already redeemed stay
 * redeemed): the entry records what was actually taken. Answers the number of registrations revised.
 */
export async function reviseCreditedPromos(db: Kysely<DB>, now: Date): Promise<number> {
  const today = programDay(now);
  const credited = await registrations(db)
    .where('r.credited_at', 'is not', null)
    .where('p.end_date', '>=', addDaysTo(today, -PROMO_REVISION_DAYS))
    .execute();
  return eachRegistration(db, credited, async (trx, d, promo) => {
    const reg = await trx
      .selectFrom('maxmoney_registrations')
      .select(['credited_points'])
      .where('promo_id', '=', d.promo_id)
      .where('affiliate_id', '=', d.affiliate_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const standing = await promoStanding(trx, d.affiliate_id, promo, now);
    const diff = round2(standing.points - Number(reg.credited_points ?? 0));
    if (diff === 0) return false;
    await trx
      .updateTable('maxmoney_registrations')
      .set({ credited_earnings: standing.earnings, credited_points: standing.points })
      .where('promo_id', '=', d.promo_id)
      .where('affiliate_id', '=', d.affiliate_id)
      .execute();
    const { maxmoney_balance } = await trx.selectFrom('affiliates').select('maxmoney_balance').where('id', '=', d.affiliate_id).forUpdate().executeTakeFirstOrThrow();
    const applied = diff > 0 ? diff : -Math.min(-diff, round2(Number(maxmoney_balance)));
    if (applied === 0) return true;
    await trx
      .insertInto('maxmoney_transactions')
      .values({
        affiliate_id: d.affiliate_id,
        entry_date: now,
        entry_type: 'Adjustment',
        amount: applied,
        promo_id: promo.id,
        notes:
          diff > 0
            ? `${promo.name}: ${formatPoints(applied)} points added for conversions approved after the promo was credited`
            : `${promo.name}: ${formatPoints(-applied)} points taken back for conversions reversed after the promo was credited`,
      })
      .execute();
    await addToBalance(trx, d.affiliate_id, applied);
    return true;
  });
}

/**
 * Settles the redemptions of every redeem week that has closed (Monday 23:59:59 Eastern has
 * passed): per affiliate and week, its pending 'Redeem' entries become 'Redeemed' and one
 * 'MaxMoney' account-balance line of their total is written, dated the Wednesday after the cutoff
 * (a positive amount: money owed to the affiliate). The update only takes entries still 'Redeem'
 * (a second run waits for the first's row locks, then finds none), so each is paid once.
 * Answers the number of lines written.
 */
export async function settleRedemptions(db: Kysely<DB>, now: Date): Promise<number> {
  const current = redeemWeekOf(now);
  const pending = await db
    .selectFrom('maxmoney_transactions')
    .select(['id', 'affiliate_id', 'entry_date'])
    .where('entry_type', '=', 'Redeem')
    .where('entry_date', '<', current.from)
    .orderBy('affiliate_id')
    .orderBy('id')
    .execute();
  const groups = new Map<string, { affiliateId: number; day: string; ids: number[] }>();
  for (const p of pending) {
    const week = redeemWeekOf(new Date(p.entry_date));
    const key = `${p.affiliate_id}:${week.startDay}`;
    const g = groups.get(key) ?? { affiliateId: p.affiliate_id, day: week.startDay, ids: [] };
    g.ids.push(p.id);
    groups.set(key, g);
  }
  let written = 0;
  await eachUnit([...groups.values()], async (g) => {
    const week = redeemWeekOfDay(g.day);
    const done = await inTransaction(db, async (trx) => {
      const paid = await trx
        .updateTable('maxmoney_transactions')
        .set({ entry_type: 'Redeemed', notes: `Paid with your account balance on ${formatLongDate(week.payDay)}` })
        .where('id', 'in', g.ids)
        .where('entry_type', '=', 'Redeem')
        .where('affiliate_id', '=', g.affiliateId)
        .returning(['id', 'amount'])
        .execute();
      if (paid.length === 0) return false;
      const total = round2(paid.reduce((s, r) => s - Number(r.amount), 0));
      const line = await trx
        .insertInto('account_balance_lines')
        .values({
          affiliate_id: g.affiliateId,
          line_date: week.payDay,
          type: 'MaxMoney',
          amount: total,
          notes: `MaxMoney points redeemed from ${formatLongDate(week.startDay)} to ${formatLongDate(week.endDay)}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('maxmoney_transactions').set({ balance_line_id: line.id }).where('id', 'in', paid.map((r) => r.id)).execute();
      return true;
    });
    if (done) written++;
  });
  return written;
}

