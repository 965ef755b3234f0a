import { addDaysTo, dayInZone } from '../../../src/shared/dates';

/** Calendar days in the network's reporting time zone (config REPORT_TIME_ZONE). */

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
