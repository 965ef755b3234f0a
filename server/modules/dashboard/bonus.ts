import { sql, type Kysely } from 'kysely';
import {
  FLAG_PERFORMANCE_BONUS,
  PERFORMANCE_BONUS_PROGRESS_MONTHS,
  PERFORMANCE_BONUS_PROMO_MONTHS,
  PERFORMANCE_BONUS_TIERS,
  type PerformanceBonusDisplay,
  type PerformanceBonusResponse,
} from '../../../src/api/contract/dashboard';
import type { DB } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { addDaysTo, addMonthsTo, dayInZone } from '../../../src/shared/dates';

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface BonusPeriod {
  /** First day of the promo: the registration day (reporting time zone). */
  start: string;
  /** First day after the promo (3 months) and after the progress bar (4 months). */
  promoEnd: string;
  progressEnd: string;
  today: string;
}

export function bonusPeriod(registeredAt: Date, now: Date, timeZone: string): BonusPeriod {
  const start = dayInZone(registeredAt, timeZone);
  return {
    start,
    promoEnd: addMonthsTo(start, PERFORMANCE_BONUS_PROMO_MONTHS),
    progressEnd: addMonthsTo(start, PERFORMANCE_BONUS_PROGRESS_MONTHS),
    today: dayInZone(now, timeZone),
  };
}

/** Highest progress shown for a tier not yet completed. */
const NOT_YET_COMPLETE = 99.99;

/**
 * The tier rules of spec 000 section 9, from cumulative earnings of the promo period.
 *
 * Spec 000 section 9 states the rule: tier 1 "needs above $5,000", tier 2 "needs above $50,000",
 * so a tier is completed only when earnings are strictly above its target; exactly $5,000.00 is
 * not yet tier 1. Section 4 only colours the bar ("green at 100% or more"), so the bar follows the
 * tier rule: progress reaches 100% only when the tier is completed. Below that it is
 * earnings / target x 100 with two decimals, held at 99.99 (at exactly the target, or when
 * rounding would show 100.00 for $4,999.99), so a green bar always means a completed tier.
 */
export function bonusTiers(earnings: number) {
  const completed = PERFORMANCE_BONUS_TIERS.filter((t) => earnings > t.target).length;
  const current = PERFORMANCE_BONUS_TIERS[Math.min(completed, PERFORMANCE_BONUS_TIERS.length - 1)];
  const percent = round2((earnings / current.target) * 100);
  return {
    completed_tier: completed,
    current_tier: current.tier,
    current_target: current.target,
    // current_tier <= completed_tier only once the last tier is completed (then earnings > target).
    progress_percent: completed >= current.tier ? Math.max(percent, 100) : Math.min(percent, NOT_YET_COMPLETE),
    bonus_amount: completed > 0 ? PERFORMANCE_BONUS_TIERS[completed - 1].bonus : 0,
  };
}

/**
 * Spec 000 section 4: a promo banner before 3 months; an opted-in affiliate sees the progress bar up
 * to 4 months; after 3 months the bar reads 'Promo Ended', or 'Performance Bonus Unlocked!' when a
 * tier is completed.
 */
export function bonusDisplay(period: BonusPeriod, optedIn: boolean, completedTier: number): PerformanceBonusDisplay {
  if (period.today < period.promoEnd) return optedIn ? 'progress' : 'promo';
  if (optedIn && period.today < period.progressEnd) return completedTier > 0 ? 'unlocked' : 'ended';
  return 'none';
}

async function affiliateBonusFacts(db: Kysely<DB>, affiliateId: number) {
  const row = await db
    .selectFrom('affiliates as a')
    .select([
      'a.registration_date',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('affiliate_flags as f')
              .select(sql`1`.as('one'))
              .whereRef('f.affiliate_id', '=', 'a.id')
              .where('f.flag', '=', FLAG_PERFORMANCE_BONUS),
          )
          .as('opted_in'),
    ])
    .where('a.id', '=', affiliateId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return { registeredAt: new Date(row.registration_date), optedIn: Boolean(row.opted_in) };
}

/** GET /bonus/performance: computed from the affiliate's earnings in the report rollup. */
export async function loadPerformanceBonus(
  db: Kysely<DB>,
  affiliateId: number,
  now: Date,
  timeZone: string,
): Promise<PerformanceBonusResponse> {
  const { registeredAt, optedIn } = await affiliateBonusFacts(db, affiliateId);
  const period = bonusPeriod(registeredAt, now, timeZone);
  // Earnings of the promo period so far (approved and pending, as in the reports; the spec says
  // they are finalized a month after the period).
  const sum = await db
    .selectFrom('stats_daily')
    .select(sql<number | null>`sum(earnings)`.as('earnings'))
    .where('affiliate_id', '=', affiliateId)
    .where('day', '>=', period.start)
    .where('day', '<', period.promoEnd)
    .executeTakeFirst();
  const earnings = round2(Number(sum?.earnings ?? 0));
  const tiers = bonusTiers(earnings);
  return {
    success: true,
    ...tiers,
    promotion_earnings: earnings,
    opted_in: optedIn,
    display: bonusDisplay(period, optedIn, tiers.completed_tier),
    promo_end_date: addDaysTo(period.promoEnd, -1),
    progress_end_date: addDaysTo(period.progressEnd, -1),
  };
}

/** POST /bonus/performance/optin: sets flag 185 while the promo runs (idempotent). */
export async function optInPerformanceBonus(db: Kysely<DB>, affiliateId: number, now: Date, timeZone: string): Promise<void> {
  const { registeredAt } = await affiliateBonusFacts(db, affiliateId);
  const period = bonusPeriod(registeredAt, now, timeZone);
  if (period.today >= period.promoEnd) {
    throw badRequest('The performance bonus promotion has ended: it is open during your first 3 months.');
  }
  await db
    .insertInto('affiliate_flags')
    .values({ affiliate_id: affiliateId, flag: FLAG_PERFORMANCE_BONUS, created_at: now })
    .onConflict((oc) => oc.columns(['affiliate_id', 'flag']).doNothing())
    .execute();
}
