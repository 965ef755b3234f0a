import { fromZonedTime } from 'date-fns-tz';
import { addDaysTo, dayInZone, EASTERN_TIME_ZONE } from '../../../src/shared/dates';

/**
 * The points program's calendar (docs/rewards.md). Its days are Eastern days (America/New_York), the
 * zone of the program's terms ("redeemed before Monday 11:59 pm", src/shared/programTerms.ts), whatever
 * REPORT_TIME_ZONE says: promos start and end, and redeem weeks close, at Eastern midnight.
 */
const PROGRAM_TIME_ZONE = EASTERN_TIME_ZONE;

/** Today's day ('YYYY-MM-DD') in the program's zone. */
export const programDay = (now: Date): string => dayInZone(now, PROGRAM_TIME_ZONE);

/** The instant a program day starts (Eastern midnight; 23 or 25 hours long on DST days). */
export const dayStart = (day: string): Date => fromZonedTime(`${day}T00:00:00`, PROGRAM_TIME_ZONE);

/** The instants of a promo's days, both ends included: [start of its first day, start of the day after its last). */
export function promoWindow(startDay: string, endDay: string): { from: Date; to: Date } {
  return { from: dayStart(startDay), to: dayStart(addDaysTo(endDay, 1)) };
}

export interface RedeemWeek {
  /** Tuesday, the week's first day. */
  startDay: string;
  /** Monday, its last day: redemptions until Monday 23:59:59 Eastern belong to it. */
  endDay: string;
  from: Date;
  to: Date;
  /** The Wednesday after the cutoff: the day its redemptions are added to the account balance. */
  payDay: string;
}

/** The redeem week (Tuesday 00:00 to Monday 23:59:59 Eastern) holding a day. */
export function redeemWeekOfDay(day: string): RedeemWeek {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  const startDay = addDaysTo(day, -((weekday + 5) % 7)); // back to Tuesday
  const endDay = addDaysTo(startDay, 6);
  return { startDay, endDay, from: dayStart(startDay), to: dayStart(addDaysTo(startDay, 7)), payDay: addDaysTo(startDay, 8) };
}

/** The redeem week holding an instant. */
export const redeemWeekOf = (instant: Date): RedeemWeek => redeemWeekOfDay(programDay(instant));
