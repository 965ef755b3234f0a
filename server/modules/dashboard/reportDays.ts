/** Calendar days in the network's reporting time zone (config REPORT_TIME_ZONE). */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(instant);
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

export interface ReportDays {
  today: string;
  yesterday: string;
  monthStart: string;
  yearStart: string;
}

export function reportDays(now: Date, timeZone: string): ReportDays {
  const today = dayInZone(now, timeZone);
  return {
    today,
    yesterday: addDaysTo(today, -1),
    monthStart: `${today.slice(0, 7)}-01`,
    yearStart: `${today.slice(0, 4)}-01-01`,
  };
}
