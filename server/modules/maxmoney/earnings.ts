import { sql, type Kysely } from 'kysely';
import type { BybRewards, PromoType } from '../../../src/api/contract/rewards';
import { addDaysTo } from '../../../src/shared/dates';
import type { DB } from '../../db/schema';
import { dayStart, promoWindow } from './calendar';

/**
 * What a promo is worth to one affiliate, from their real conversions (docs/rewards.md). Earnings
 * are the payouts of approved conversions (pending, rejected and reversed ones count for nothing),
 * converted during the promo's days, Eastern.
 */

export interface PromoRow {
  id: number;
  type: PromoType;
  name: string;
  start_date: string;
  end_date: string;
  reward: number;
  top_earnings_threshold: number;
}

export interface PromoTerms extends PromoRow {
  campaignIds: number[];
  tiers: Array<{ reward_threshold: number; reward_pct: number }>;
}

export interface PromoStanding {
  /** Qualifying earnings so far (until `until`, at most the promo's end). */
  earnings: number;
  /** The points they are worth. */
  points: number;
  byb?: BybRewards;
}

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Days in a promo, both ends included. */
function promoLength(p: Pick<PromoRow, 'start_date' | 'end_date'>): number {
  return Math.round((Date.parse(`${p.end_date}T00:00:00Z`) - Date.parse(`${p.start_date}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Approved earnings of an affiliate in [from, to), on `campaignIds` when the list is not empty, and
 * with `newSince` only on campaigns the affiliate had no conversion on (whatever its status) before
 * that instant.
 */
async function earningsBetween(
  db: Kysely<DB>,
  affiliateId: number,
  from: Date,
  to: Date,
  campaignIds: number[],
  newSince?: Date,
): Promise<number> {
  if (to <= from) return 0;
  let q = db
    .selectFrom('conversions as c')
    .select(sql<number>`coalesce(sum(c.payout), 0)::float8`.as('total'))
    .where('c.affiliate_id', '=', affiliateId)
    .where('c.status', '=', 'approved')
    .where('c.converted_at', '>=', from)
    .where('c.converted_at', '<', to);
  if (campaignIds.length > 0) q = q.where('c.campaign_id', 'in', campaignIds);
  if (newSince) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversions as before')
            .select(sql`1`.as('one'))
            .whereRef('before.affiliate_id', '=', 'c.affiliate_id')
            .whereRef('before.campaign_id', '=', 'c.campaign_id')
            .where('before.converted_at', '<', newSince),
        ),
      ),
    );
  }
  const row = await q.executeTakeFirstOrThrow();
  return round2(Number(row.total));
}

/**
 * The best of the 12 spans of the promo's length just before it (our reading of `best_period`,
 * src/api/contract/rewards.ts): the span with the highest earnings, the most recent on a tie.
 */
async function bestPeriod(db: Kysely<DB>, affiliateId: number, p: PromoTerms): Promise<BybRewards['best_period']> {
  const len = promoLength(p);
  const startDays = Array.from({ length: 13 }, (_, i) => addDaysTo(p.start_date, -(12 - i) * len));
  const bounds = startDays.map((d) => dayStart(d).toISOString());
  let q = db
    .selectFrom('conversions')
    .select([
      sql<number>`width_bucket(converted_at, ${sql.val(bounds)}::timestamptz[])`.as('bucket'),
      sql<number>`coalesce(sum(payout), 0)::float8`.as('total'),
    ])
    .where('affiliate_id', '=', affiliateId)
    .where('status', '=', 'approved')
    .where('converted_at', '>=', new Date(bounds[0]))
    .where('converted_at', '<', new Date(bounds[12]))
    .groupBy(sql`1`);
  if (p.campaignIds.length > 0) q = q.where('campaign_id', 'in', p.campaignIds);
  const rows = await q.execute();
  let best = { bucket: 12, total: 0 };
  for (const r of rows) {
    const bucket = Number(r.bucket);
    const total = round2(Number(r.total));
    if (total > best.total || (total === best.total && bucket > best.bucket)) best = { bucket, total };
  }
  return { start_date: startDays[best.bucket - 1], end_date: addDaysTo(startDays[best.bucket], -1), earnings: best.total };
}

/** The highest tier met (earnings ≥ best period + threshold), or null. */
function metTier(tiers: PromoTerms['tiers'], best: number, current: number) {
  let met: PromoTerms['tiers'][number] | null = null;
  for (const t of tiers) if (current >= round2(best + t.reward_threshold) && (!met || t.reward_threshold > met.reward_threshold)) met = t;
  return met;
}

/**
 * The affiliate's standing in a promo at `until` (now, or the promo's end when it is over): its
 * qualifying earnings so far and the points they are worth.
 * - OFFER_SPECIFIC: reward × earnings on the promo's campaigns; NEVER_RUN: reward × earnings on
 *   campaigns (the promo's, or any when it lists none) without a conversion before the promo began.
 *   Both pay nothing below `top_earnings_threshold` when it is above 0.
 * - BEAT_YOUR_BEST: the highest met tier's reward_pct × the promo's earnings.
 */
export async function promoStanding(db: Kysely<DB>, affiliateId: number, p: PromoTerms, until: Date): Promise<PromoStanding> {
  const { from, to } = promoWindow(p.start_date, p.end_date);
  const end = until < to ? until : to;
  if (p.type === 'BEAT_YOUR_BEST') {
    const [current, best] = await Promise.all([
      earningsBetween(db, affiliateId, from, end, p.campaignIds),
      bestPeriod(db, affiliateId, p),
    ]);
    const tier = metTier(p.tiers, best.earnings, current);
    return {
      earnings: current,
      points: tier ? round2(tier.reward_pct * current) : 0,
      byb: { rewards: p.tiers, best_period: best, current_earnings: current },
    };
  }
  const earnings = await earningsBetween(db, affiliateId, from, end, p.campaignIds, p.type === 'NEVER_RUN' ? from : undefined);
  const points = p.top_earnings_threshold > 0 && earnings < p.top_earnings_threshold ? 0 : round2(p.reward * earnings);
  return { earnings, points };
}

/** Promos with their campaigns and tiers. */
export async function loadPromoTerms(db: Kysely<DB>, promos: PromoRow[]): Promise<PromoTerms[]> {
  if (promos.length === 0) return [];
  const ids = promos.map((p) => p.id);
  const [campaigns, tiers] = await Promise.all([
    db.selectFrom('maxmoney_promo_campaigns').select(['promo_id', 'campaign_id']).where('promo_id', 'in', ids).orderBy('campaign_id').execute(),
    db.selectFrom('maxmoney_byb_tiers').select(['promo_id', 'reward_threshold', 'reward_pct']).where('promo_id', 'in', ids).orderBy('reward_threshold').execute(),
  ]);
  return promos.map((p) => ({
    ...p,
    reward: Number(p.reward),
    top_earnings_threshold: Number(p.top_earnings_threshold),
    campaignIds: campaigns.filter((c) => c.promo_id === p.id).map((c) => c.campaign_id),
    tiers: tiers.filter((t) => t.promo_id === p.id).map((t) => ({ reward_threshold: Number(t.reward_threshold), reward_pct: Number(t.reward_pct) })),
  }));
}

export const promoColumns = ['id', 'type', 'name', 'start_date', 'end_date', 'reward', 'top_earnings_threshold'] as const;
