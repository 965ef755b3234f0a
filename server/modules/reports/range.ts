import { fromZonedTime } from 'date-fns-tz';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { addDaysTo } from '../../../src/shared/dates';
import { dayOf, MAX_RANGE_DAYS, profileZone, RANGE_TOO_LONG, zoneLabel, type ReportZone } from '../../../src/shared/reportDates';
import { badRequest } from '../../lib/errors';

/**
 * A report's range of days in the affiliate's own zone, and how to read it from the rollups
 * (docs/reports.md "Days and zones"):
 * - the zone is the profile's (`affiliates.time_zone`, 'id,offsetHours' from the spec's list: a fixed
 *   UTC offset), or the network's zone (REPORT_TIME_ZONE) when the profile has none;
 * - the range runs from startDate 00:00 to endDate 00:00 in that zone (endDate is the day after the
 *   last day, as the portal sends it);
 * - the network days wholly inside that span are read from `stats_daily`; the rest (at most a day at
 *   each end) from `stats_quarter`, whose quarters of an hour line up with every offset of the list.
 */

export type { ReportZone };
export { dayOf, profileZone, zoneLabel };

/** The zone of an affiliate's days: their profile's, or the network's when the profile has none. */
export async function affiliateZone(db: Kysely<DB>, affiliateId: number, networkZone: string): Promise<ReportZone> {
  const row = await db.selectFrom('affiliates').select('time_zone').where('id', '=', affiliateId).executeTakeFirst();
  return profileZone(row?.time_zone) ?? { kind: 'iana', name: networkZone };
}


/** The instant a day starts in a zone. */
export function dayStart(day: string, zone: ReportZone): Date {
  if (zone.kind === 'iana') return fromZonedTime(`${day}T00:00:00`, zone.name);
  return new Date(Date.parse(`${day}T00:00:00Z`) - zone.minutes * 60_000);
}

/** A date of the query ('YYYY-MM-DD', or with ' 00:00:00'), checked to be a real day. */
function queryDay(value: string): string {
  const day = value.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) throw badRequest(`${day} is not a real date.`);
  return day;
}

export interface ReportRange {
  zone: ReportZone;
  /** First day and the day after the last one, in the zone. */
  start: string;
  end: string;
  from: Date;
  to: Date;
  /** Network days read from stats_daily, both ends included; null when none lies wholly inside. */
  daily: { first: string; last: string } | null;
  /** Spans read from stats_quarter (instants; start included, end excluded). */
  quarters: Array<{ from: Date; to: Date }>;
  /** Every day of the zone is a network day: per-day reports can read stats_daily as it is. */
  sameDays: boolean;
}

export function reportRange(startValue: string, endValue: string, zone: ReportZone, networkZone: string): ReportRange {
  const start = queryDay(startValue);
  const end = queryDay(endValue);
  if (end <= start) throw badRequest('The end date must be after the start date.');
  if (addDaysTo(start, MAX_RANGE_DAYS) < end) throw badRequest(RANGE_TOO_LONG);
  const from = dayStart(start, zone);
  const to = dayStart(end, zone);
  const network: ReportZone = { kind: 'iana', name: networkZone };

  // The first network day starting at or after `from`, and the last one ending at or before `to`.
  let first = dayOf(from, network);
  if (dayStart(first, network).getTime() < from.getTime()) first = addDaysTo(first, 1);
  let last = dayOf(new Date(to.getTime() - 1), network);
  if (dayStart(addDaysTo(last, 1), network).getTime() > to.getTime()) last = addDaysTo(last, -1);
  const daily = first <= last ? { first, last } : null;
  const quarters: Array<{ from: Date; to: Date }> = [];
  if (!daily) quarters.push({ from, to });
  else {
    const dailyFrom = dayStart(first, network);
    const dailyTo = dayStart(addDaysTo(last, 1), network);
    if (from < dailyFrom) quarters.push({ from, to: dailyFrom });
    if (dailyTo < to) quarters.push({ from: dailyTo, to });
  }

  let sameDays = zone.kind === 'iana' && zone.name === networkZone;
  if (!sameDays && daily && quarters.length === 0) {
    sameDays = true;
    for (let day = start; day < end && sameDays; day = addDaysTo(day, 1)) {
      sameDays = dayStart(day, zone).getTime() === dayStart(day, network).getTime();
    }
  }
  return { zone, start, end, from, to, daily, quarters, sameDays };
}
