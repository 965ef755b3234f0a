import { sql, type Kysely } from 'kysely';
import type { Promo, PromoType, RewardsResponse, Transaction } from '../../../src/api/contract/rewards';
import { formatLongDate } from '../../../src/shared/dates';
import { formatPoints } from '../../../src/shared/format';
import { maxmoneyProgram } from '../../../src/shared/programTerms';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { FLAG_MISSING_DOCUMENTS } from '../dashboard/notices';
import { programDay, redeemWeekOf } from './calendar';
import { loadPromoTerms, promoColumns, promoStanding, round2 } from './earnings';

/** The points program's server rules (docs/rewards.md). */
export interface MaxmoneySettings {
  /** Points an affiliate may redeem per redeem week, pending and paid together (MAXMONEY_REDEEM_LIMIT). */
  redeemLimit: number;
}

/** Past promos shown: the most recently ended ones. */
const PAST_PROMOS_SHOWN = 20;

export const maxmoneyMessages = {
  promoNotFound: 'This promo does not exist.',
  promoEnded: 'This promo has ended: registration is closed.',
  overCap: `You have more than ${maxmoneyProgram.pointCap.toLocaleString('en-US')} MaxMoney points. Please redeem points before registering for another promo.`,
  notActive: 'Your account is not in good standing, so points cannot be redeemed. Please contact your affiliate manager.',
  missingDocuments: 'Points cannot be redeemed until we have received and checked your documents. Please contact your affiliate manager.',
  entryNotFound: 'This redemption does not exist.',
  notPending: 'Only a pending redemption can be cancelled.',
  weekClosed: 'This redemption is already being paid and can no longer be cancelled.',
} as const;

const cents = (n: number) => Math.round(n * 100);
/** Ids the int columns can hold; a larger one names nothing (a 404, not a database error). */
const MAX_ID = 2_147_483_647;

interface Standing {
  balance: number;
  status: string;
  missingDocuments: boolean;
}

async function standingOf(db: Kysely<DB>, affiliateId: number, lock: boolean): Promise<Standing> {
  let q = db
    .selectFrom('affiliates')
    .select(['maxmoney_balance', 'status'])
    .where('id', '=', affiliateId);
  if (lock) q = q.forUpdate();
  const a = await q.executeTakeFirst();
  if (!a) throw notFound('Your account was not found.');
  const flag = await db
    .selectFrom('affiliate_flags')
    .select('flag')
    .where('affiliate_id', '=', affiliateId)
    .where('flag', '=', FLAG_MISSING_DOCUMENTS)
    .executeTakeFirst();
  return { balance: round2(Number(a.maxmoney_balance)), status: a.status, missingDocuments: !!flag };
}

/** Good standing (docs/rewards.md): an active account the network has not flagged for missing documents. */
function blockedReason(s: Standing): string | undefined {
  if (s.status !== 'active') return maxmoneyMessages.notActive;
  if (s.missingDocuments) return maxmoneyMessages.missingDocuments;
  return undefined;
}

/** Points redeemed in the redeem week holding `now` (pending and paid), as a positive number. */
async function redeemedInWeek(db: Kysely<DB>, affiliateId: number, now: Date): Promise<number> {
  const week = redeemWeekOf(now);
  const row = await db
    .selectFrom('maxmoney_transactions')
    .select(sql<number>`coalesce(-sum(amount), 0)::float8`.as('total'))
    .where('affiliate_id', '=', affiliateId)
    .where('entry_type', 'in', ['Redeem', 'Redeemed'])
    .where('entry_date', '>=', week.from)
    .where('entry_date', '<', week.to)
    .executeTakeFirstOrThrow();
  return round2(Number(row.total));
}

type Phase = 'ongoing' | 'future' | 'past';
const phaseOf = (p: { start_date: string; end_date: string }, today: string): Phase =>
  p.end_date < today ? 'past' : p.start_date > today ? 'future' : 'ongoing';

/** GET /maxmoney. */
export async function rewardsOf(db: Kysely<DB>, affiliateId: number, settings: MaxmoneySettings, now: Date): Promise<Omit<RewardsResponse, 'success'>> {
  const today = programDay(now);
  const [standing, redeemed, current, past, registrations, entries] = await Promise.all([
    standingOf(db, affiliateId, false),
    redeemedInWeek(db, affiliateId, now),
    db.selectFrom('maxmoney_promos').select(promoColumns).where('end_date', '>=', today).orderBy('start_date').orderBy('id').execute(),
    db.selectFrom('maxmoney_promos').select(promoColumns).where('end_date', '<', today).orderBy('end_date', 'desc').orderBy('id', 'desc').limit(PAST_PROMOS_SHOWN).execute(),
    db
      .selectFrom('maxmoney_registrations')
      .select(['promo_id', 'credited_at', 'credited_earnings', 'credited_points'])
      .where('affiliate_id', '=', affiliateId)
      .execute(),
    db
      .selectFrom('maxmoney_transactions')
      .select(['id', 'entry_date', 'entry_type', 'amount', 'notes'])
      .where('affiliate_id', '=', affiliateId)
      .orderBy('entry_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const terms = await loadPromoTerms(db, [...current, ...past].map((p) => ({ ...p, start_date: String(p.start_date), end_date: String(p.end_date) })));
  const allCampaigns = [...new Set(terms.flatMap((p) => p.campaignIds))];
  const names = allCampaigns.length
    ? await db.selectFrom('campaigns').select(['id', 'name']).where('id', 'in', allCampaigns).execute()
    : [];
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const regOf = new Map(registrations.map((r) => [r.promo_id, r]));

  const promos = await Promise.all(
    terms.map(async (p): Promise<{ phase: Phase; promo: Promo }> => {
      const phase = phaseOf(p, today);
      const reg = regOf.get(p.id);
      const standing = await promoStanding(db, affiliateId, p, now);
      let earnings = standing.earnings;
      let points = standing.points;
      if (phase === 'past') {
        // What was credited (a promo ends once); not registered: nothing was credited.
        if (reg?.credited_at) {
          earnings = round2(Number(reg.credited_earnings ?? 0));
          points = round2(Number(reg.credited_points ?? 0));
        } else if (!reg) points = 0;
      }
      const promo: Promo = {
        promo_id: p.id,
        promo_type: p.type,
        promo_name: p.name,
        campaigns: p.campaignIds.map((id) => ({ campaign_id: id, name: nameOf.get(id) ?? `Campaign ${id}` })),
        start_date: p.start_date,
        end_date: p.end_date,
        reward: p.reward,
        registered: !!reg,
        top_earnings: earnings,
        top_earnings_threshold: p.top_earnings_threshold,
        total_points: points,
        // A credited past promo shows what was credited, its beat-your-best figures too (the job keeps
        // the credit true to the conversions for PROMO_REVISION_DAYS).
        ...(standing.byb ? { byb_rewards: phase === 'past' && reg?.credited_at ? { ...standing.byb, current_earnings: earnings } : standing.byb } : {}),
      };
      return { phase, promo };
    }),
  );
  const reason = blockedReason(standing);
  return {
    redeem_limit: settings.redeemLimit,
    redeemed_this_week: redeemed,
    balance: standing.balance,
    can_redeem: reason === undefined,
    ...(reason ? { redeem_blocked_reason: reason } : {}),
    ongoing_promos: promos.filter((x) => x.phase === 'ongoing').map((x) => x.promo),
    future_promos: promos.filter((x) => x.phase === 'future').map((x) => x.promo),
    past_promos: promos.filter((x) => x.phase === 'past').map((x) => x.promo),
    transactions: entries.map(
      (e): Transaction => ({
        entry_id: e.id,
        entry_date: new Date(e.entry_date).toISOString(),
        entry_type: e.entry_type,
        amount: round2(Number(e.amount)),
        notes: e.notes,
      }),
    ),
  };
}

/**
 * POST /maxmoney/register: ongoing and future promos only; registering again is a success; above
 * the point cap the affiliate must redeem first (a registration already made stays).
 */
export async function registerForPromo(db: Kysely<DB>, affiliateId: number, promoId: number, promoType: PromoType, now: Date): Promise<string> {
  if (promoId > MAX_ID) throw notFound(maxmoneyMessages.promoNotFound);
  const promo = await db.selectFrom('maxmoney_promos').select(['id', 'type', 'name', 'end_date']).where('id', '=', promoId).executeTakeFirst();
  if (!promo || promo.type !== promoType) throw notFound(maxmoneyMessages.promoNotFound);
  if (String(promo.end_date) < programDay(now)) throw new ApiError(409, maxmoneyMessages.promoEnded);
  const done = `You are registered for ${promo.name}.`;
  const already = await db
    .selectFrom('maxmoney_registrations')
    .select('promo_id')
    .where('promo_id', '=', promoId)
    .where('affiliate_id', '=', affiliateId)
    .executeTakeFirst();
  if (already) return done;
  // The cap is checked under the affiliate's row lock, as redeem and the crediting job take it: a
  // credit landing at the same moment is seen, not raced.
  await db.transaction().execute(async (trx) => {
    const { balance } = await standingOf(trx, affiliateId, true);
    if (balance > maxmoneyProgram.pointCap) throw new ApiError(409, maxmoneyMessages.overCap);
    await trx
      .insertInto('maxmoney_registrations')
      .values({ promo_id: promoId, affiliate_id: affiliateId, registered_at: now })
      .onConflict((oc) => oc.columns(['promo_id', 'affiliate_id']).doNothing())
      .execute();
  });
  return done;
}

/**
 * POST /maxmoney/redeem, in one transaction that holds the affiliate's row lock from the checks to
 * the write: concurrent redeems of one affiliate take turns, so the balance and the weekly limit
 * are checked against what the previous one left (the balance's check constraint is the last guard).
 */
export async function redeem(
  db: Kysely<DB>,
  affiliateId: number,
  amount: number,
  settings: MaxmoneySettings,
  now: Date,
): Promise<{ message: string; entry_id: number; balance: number }> {
  return db.transaction().execute(async (trx) => {
    const standing = await standingOf(trx, affiliateId, true);
    const reason = blockedReason(standing);
    if (reason) throw new ApiError(403, reason);
    const redeemed = await redeemedInWeek(trx, affiliateId, now);
    const left = Math.max(0, cents(settings.redeemLimit) - cents(redeemed));
    if (cents(amount) > left) {
      throw new ApiError(
        409,
        left === 0
          ? `You have reached this week's limit of ${formatPoints(settings.redeemLimit)} points. You can redeem again from Tuesday.`
          : `You can redeem at most ${formatPoints(settings.redeemLimit)} points a week: ${formatPoints(left / 100)} points are left this week.`,
      );
    }
    if (cents(amount) > cents(standing.balance)) {
      throw new ApiError(409, `You cannot redeem more than your balance of ${formatPoints(standing.balance)} points.`);
    }
    const week = redeemWeekOf(now);
    const entry = await trx
      .insertInto('maxmoney_transactions')
      .values({ affiliate_id: affiliateId, entry_date: now, entry_type: 'Redeem', amount: -amount, notes: `Pending: paid with your account balance on ${formatLongDate(week.payDay)}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('affiliates')
      .set({ maxmoney_balance: sql`maxmoney_balance - ${amount}` })
      .where('id', '=', affiliateId)
      .returning('maxmoney_balance')
      .executeTakeFirstOrThrow();
    return {
      message: `${formatPoints(amount)} points redeemed. They will be added to your account balance on ${formatLongDate(week.payDay)}.`,
      entry_id: entry.id,
      balance: round2(Number(after.maxmoney_balance)),
    };
  });
}

/**
 * POST /maxmoney/cancel: the affiliate's own pending 'Redeem' entry of the redeem week under way is
 * removed and its points return to the balance, in one transaction (the affiliate's row lock first,
 * as redeem takes it). Two cancels of one entry: the second finds it gone (404).
 */
export async function cancelRedeem(db: Kysely<DB>, affiliateId: number, entryId: number, now: Date): Promise<{ message: string; balance: number }> {
  if (entryId > MAX_ID) throw notFound(maxmoneyMessages.entryNotFound);
  return db.transaction().execute(async (trx) => {
    await standingOf(trx, affiliateId, true);
    const week = redeemWeekOf(now);
    const removed = await trx
      .deleteFrom('maxmoney_transactions')
      .where('id', '=', entryId)
      .where('affiliate_id', '=', affiliateId)
      .where('entry_type', '=', 'Redeem')
      .where('entry_date', '>=', week.from)
      .returning('amount')
      .executeTakeFirst();
    if (!removed) {
      const entry = await trx
        .selectFrom('maxmoney_transactions')
        .select(['entry_type'])
        .where('id', '=', entryId)
        .where('affiliate_id', '=', affiliateId)
        .executeTakeFirst();
      if (!entry) throw notFound(maxmoneyMessages.entryNotFound);
      throw new ApiError(409, entry.entry_type === 'Redeem' ? maxmoneyMessages.weekClosed : maxmoneyMessages.notPending);
    }
    const points = round2(-Number(removed.amount));
    const after = await trx
      .updateTable('affiliates')
      .set({ maxmoney_balance: sql`maxmoney_balance + ${points}` })
      .where('id', '=', affiliateId)
      .returning('maxmoney_balance')
      .executeTakeFirstOrThrow();
    return { message: `Redemption cancelled: ${formatPoints(points)} points are back in your balance.`, balance: round2(Number(after.maxmoney_balance)) };
  });
}
