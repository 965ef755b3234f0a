import { formatInTimeZone } from 'date-fns-tz';

/**
 * Date formats and calendar days of the portal, the server and the stories. Time zones go through
 * date-fns-tz (DESIGN.md, mandated stack). A "day" is a 'YYYY-MM-DD' string: calendar arithmetic on
 * it never involves the machine's time zone.
 */

import { EASTERN_TIME_ZONE } from './timeZone';

export { EASTERN_TIME_ZONE };

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');
}

/**
 * dayInZone, remembered for the current minute (days change on minute boundaries in every zone): for
 * hot paths that ask for the same day thousands of times a second (the tracking engine's clicks and
 * conversions). Each caller keeps its own.
 */
export function dayInZoneByMinute(): (instant: Date, timeZone: string) => string {
  let lastMinute = -1;
  let lastZone = '';
  let lastDay = '';
  return (instant, timeZone) => {
    const minute = Math.floor(instant.getTime() / 60_000);
    if (minute !== lastMinute || timeZone !== lastZone) {
      lastMinute = minute;
      lastZone = timeZone;
      lastDay = dayInZone(instant, timeZone);
    }
    return lastDay;
  };
}

/** 'YYYY-MM-DD HH:MM:SS' (24-hour clock) of an instant in a time zone. */
export function dateTimeInZone(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, 'yyyy-MM-dd HH:mm:ss');
}

/** 'YYYY-MM-DD' of an instant in Eastern time. */
export function easternDay(instant: Date): string {
  return dayInZone(instant, EASTERN_TIME_ZONE);
}

/** Adds days to a 'YYYY-MM-DD' day (calendar arithmetic, no time zone involved). */
export function addDaysTo(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Adds calendar months to a 'YYYY-MM-DD' day; a day missing in the target month (31 -> 30, Feb)
 * becomes the month's last day, as people count "3 months from 30 November".
 */
export function addMonthsTo(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** A range of days, both ends included. */
export interface DayRange {
  start: string;
  end: string;
}

/** The Sunday on or before a day. */
function sundayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDaysTo(day, -weekday);
}

/**
 * 'This Pay Period' of the reports' quick dates (spec 001 §5): "from the day before Monday through
 * the following Saturday", Sunday to Saturday: the seven days from the Sunday on or before the day,
 * so the period always holds today (on a Sunday it starts today). Every day is in exactly one pay
 * period (docs/reports.md, "Pay periods").
 */
export function payPeriod(day: string): DayRange {
  const sunday = sundayOf(day);
  return { start: sunday, end: addDaysTo(sunday, 6) };
}

/**
 * 'Last Pay Period' (spec 001 §5): "the corresponding prior span", the Sunday-to-Saturday week
 * before This Pay Period, ending the day before it starts. The spec's "ending the Friday before"
 * would leave each Saturday in neither period; the span is read as the same seven days as This
 * Pay Period, one week earlier (docs/reports.md, "Pay periods").
 */
export function lastPayPeriod(day: string): DayRange {
  const { start } = payPeriod(day);
  return { start: addDaysTo(start, -7), end: addDaysTo(start, -1) };
}

/**
 * News dates as YYYY/MM/DD (spec 000 §4). The date part is read from the text as sent, never through
 * the local time zone, so an item dated 2026-11-01 reads 2026/11/01 everywhere.
 */
export function formatNewsDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : formatInTimeZone(d, 'UTC', 'yyyy/MM/dd');
}

/** Parses an instant or a 'YYYY-MM-DD' day (midnight UTC); null when it is no date. */
function toDate(value: Date | string): Date | null {
  const d = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'D MMM YYYY' in UTC (spec 001 §9, account balances), e.g. `5 Mar 2026`. Not a date: as given. */
export function formatStatementDate(value: Date | string): string {
  const d = toDate(value);
  return d ? formatInTimeZone(d, 'UTC', 'd MMM yyyy') : String(value);
}

export { formatLongDate } from './longDate';
