import { getLocalTimeZone, parseDate, today as clockToday, type CalendarDate } from '@internationalized/date';

/** ISO `YYYY-MM-DD` → CalendarDate; anything unparseable is `null` rather than a thrown error. */
export function fromIso(iso: string | null | undefined): CalendarDate | null {
  if (!iso) return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
}

/** Controlled props keep `undefined` (uncontrolled) apart from `null` (empty). */
export function fromIsoProp(iso: string | null | undefined): CalendarDate | null | undefined {
  return iso === undefined ? undefined : fromIso(iso);
}

/** The given day, or the real one from the clock (stories pass a fixed day). */
export function resolveToday(iso: string | undefined): CalendarDate {
  return fromIso(iso) ?? clockToday(getLocalTimeZone());
}

export function isWithin(date: CalendarDate, min: CalendarDate | null, max: CalendarDate | null) {
  return (!min || date.compare(min) >= 0) && (!max || date.compare(max) <= 0);
}
