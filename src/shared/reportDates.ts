import { addDaysTo, addMonthsTo, dayInZone, EASTERN_TIME_ZONE, lastPayPeriod, payPeriod, type DayRange } from './dates';

/**
 * The reports' dates (spec 001 sections 2.1, 5, 7): the quick-date choices, the default
 * range (the current month), and the query dates the API takes (the end sent as the day after the
 * last day, "the next day at 00:00:00"). Days are 'YYYY-MM-DD' in the affiliate's own zone; the
 * caller passes today's day in that zone. Pure: the screen, its stories and the unit tests use it.
 */

export const QUICK_DATES = ['today', 'yesterday', 'thisMonth', 'lastMonth', 'thisPayPeriod', 'lastPayPeriod', 'custom'] as const;
export type QuickDate = (typeof QUICK_DATES)[number];

export const QUICK_DATE_LABELS: Record<QuickDate, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  thisPayPeriod: 'This Pay Period',
  lastPayPeriod: 'Last Pay Period',
  custom: 'Custom',
};

/** The month of a day, first to last day. */
function monthOf(day: string): DayRange {
  const start = `${day.slice(0, 7)}-01`;
  return { start, end: addDaysTo(addMonthsTo(start, 1), -1) };
}

/**
 * The days of a quick date, both ends included. Pay periods are Sunday-to-Saturday weeks
 * (src/shared/dates.ts `payPeriod` and `lastPayPeriod`). 'custom' has no range of its own: null.
 */
export function quickRange(quick: QuickDate, today: string): DayRange | null {
  switch (quick) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const day = addDaysTo(today, -1);
      return { start: day, end: day };
    }
    case 'thisMonth':
      return monthOf(today);
    case 'lastMonth':
      return monthOf(addMonthsTo(`${today.slice(0, 7)}-01`, -1));
    case 'thisPayPeriod':
      return payPeriod(today);
    case 'lastPayPeriod':
      return lastPayPeriod(today);
    case 'custom':
      return null;
  }
}

/** With no dates in the URL a report covers the current month (spec 001 section 2.1). */
export const defaultRange = (today: string): DayRange => monthOf(today);

/** The quick date a range is, else 'custom' (the dropdown shows what the URL holds). */
export function quickDateOf(range: DayRange, today: string): QuickDate {
  return QUICK_DATES.find((q) => {
    const r = quickRange(q, today);
    return r !== null && r.start === range.start && r.end === range.end;
  }) ?? 'custom';
}

/** The API's dates of a range: the first day, and the day after the last. */
export function apiDates(range: DayRange): { startDate: string; endDate: string } {
  return { startDate: range.start, endDate: addDaysTo(range.end, 1) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => v !== null && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/**
 * The range of a report URL's startDate and endDate (both shown days, as the links of other screens
 * write them: /reports/earnings?startDate=2026-11-01&endDate=2026-11-30). Missing or broken dates,
 * or an end before the start, give the current month.
 */
/**
 * What to tell the affiliate when the address names dates the report cannot use (a day that does not
 * exist such as 2026-02-30, a half range, an end before the start): the report falls back to the
 * current month, and says so instead of doing it silently. Null when the address names no dates or
 * usable ones.
 */
export function rangeProblem(params: URLSearchParams): string | null {
  const start = params.get('startDate');
  const end = params.get('endDate');
  if (start === null && end === null) return null;
  if (isDay(start) && isDay(end) && start <= end) return null;
  const named = [start, end].filter((v) => v !== null).join(' to ');
  return `The dates in the address (${named}) are not a valid date range, so this month is shown instead.`;
}

export function rangeFromParams(params: URLSearchParams, today: string): DayRange {
  const start = params.get('startDate');
  const end = params.get('endDate');
  if (isDay(start) && isDay(end) && start <= end) return { start, end };
  return defaultRange(today);
}

/**
 * The zone a report's days are cut in: the profile's fixed UTC offset (spec 001 section 3 time zone
 * list, 'id,offsetHours'), or a named zone (the network's, REPORT_TIME_ZONE) when the profile has none.
 */
export type ReportZone = { kind: 'offset'; minutes: number } | { kind: 'iana'; name: string };

/** The zone of a profile's 'id,offsetHours' value, or null when it holds none. */
export function profileZone(value: string | null | undefined): ReportZone | null {
  const m = /^\s*\d+\s*,\s*([+-]?\d+(?:\.\d+)?)\s*$/.exec(value ?? '');
  if (!m) return null;
  const minutes = Math.round(Number(m[1]) * 60);
  if (!Number.isFinite(minutes) || Math.abs(minutes) > 14 * 60 || minutes % 15 !== 0) return null;
  return { kind: 'offset', minutes };
}

export function zoneLabel(zone: ReportZone): string {
  if (zone.kind === 'iana') return zone.name;
  const sign = zone.minutes < 0 ? '-' : '+';
  const abs = Math.abs(zone.minutes);
  return `GMT${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The day an instant falls on in a zone. */
export function dayOf(instant: Date, zone: ReportZone): string {
  if (zone.kind === 'iana') return dayInZone(instant, zone.name);
  return new Date(instant.getTime() + zone.minutes * 60_000).toISOString().slice(0, 10);
}

/**
 * Today in the affiliate's days: the profile's zone, or the network's (Eastern, the server's default
 * REPORT_TIME_ZONE) when the profile has none — the day the reports and the earnings summary call today.
 */
export function affiliateToday(profileTimeZone: string | null | undefined, now: Date = new Date()): string {
  return dayOf(now, profileZone(profileTimeZone) ?? { kind: 'iana', name: EASTERN_TIME_ZONE });
}

/** Two years and a day (a leap year inside): the longest range a report covers, in days. */
export const MAX_RANGE_DAYS = 731;
export const RANGE_TOO_LONG = 'A report can cover at most two years.';
