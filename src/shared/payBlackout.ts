import { EASTERN_TIME_ZONE } from './timeZone';

/**
 * The payment-details blackout (spec 001 §6 and §9): payment details cannot be changed from Tuesday
 * 09:00 to Wednesday 12:00 Eastern. One source for the server, which refuses changes in it, and the
 * portal, which shows it and notices it starting or ending while the Payment Settings modal is open.
 *
 * Decision (docs/settings.md): "Eastern" is America/New_York wall-clock time, so the window moves
 * with daylight saving time (Tuesday 13:00 to Wednesday 16:00 UTC in summer, 14:00 to 17:00 in winter). The warning
 * keeps the spec's words, "EST" included.
 *
 * The window is [Tuesday 09:00:00, Wednesday 12:00:00): 09:00:00 is inside, 12:00:00 is not.
 */
const PAY_BLACKOUT_TIME_ZONE = EASTERN_TIME_ZONE;

/** The warning under the provider buttons during the blackout, and the server's refusal (verbatim, spec 001 §6). */
export const PAY_BLACKOUT_MESSAGE = 'You cannot change payment details from Tuesday 9AM EST to Wednesday 12PM EST.';

/** The label of every provider button during the blackout (spec 001 §4 Payment modal, §6). */
export const PAY_BLACKOUT_LABEL = 'Changes Unavailable (See Below)';

const TUESDAY = 2; // ISO day of week: Monday 1 ... Sunday 7
const WEDNESDAY = 3;
const START_MINUTE = 9 * 60; // Tuesday 09:00
const END_MINUTE = 12 * 60; // Wednesday 12:00

interface Wall {
  isoDay: number;
  /** Minutes since the wall-clock midnight (seconds are not needed: the edges are whole minutes). */
  minute: number;
  day: string;
}

// The wall clock in New York through Intl, not date-fns-tz: the settings page shows the blackout on
// its payment card, and date-fns-tz (8 KiB gzipped) would load with it.
const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: PAY_BLACKOUT_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const ISO_DAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function clockParts(instant: number) {
  const p: Record<string, string> = {};
  for (const part of clock.formatToParts(instant)) p[part.type] = part.value;
  return p;
}

/** The wall-clock reading in New York, without going through the machine's own time zone. */
function wall(now: Date): Wall {
  const p = clockParts(now.getTime());
  return { isoDay: ISO_DAY[p.weekday], minute: Number(p.hour) * 60 + Number(p.minute), day: `${p.year}-${p.month}-${p.day}` };
}

/** How far New York's wall clock is ahead of UTC at this instant (negative: behind), in ms. */
function offsetAt(instant: number): number {
  const p = clockParts(instant);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant New York's wall clock reads `hour`:00 on `day` (never in a daylight-saving gap, see below). */
function atWallClock(day: string, hour: number): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, hour);
  // The offset at the guess can differ from the offset at the answer only across a change of offset;
  // a second reading settles it.
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** Whether payment details are frozen at this instant. */
export function isPayBlackout(now: Date): boolean {
  const w = wall(now);
  return (w.isoDay === TUESDAY && w.minute >= START_MINUTE) || (w.isoDay === WEDNESDAY && w.minute < END_MINUTE);
}

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic in UTC, never in the machine's zone). */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant the blackout next starts (when outside it) or ends (when inside it): strictly after
 * `now`. 09:00 and 12:00 never fall in a daylight-saving gap or overlap (those are at 02:00), so each
 * edge is one well-defined instant.
 */
export function nextBlackoutChange(now: Date): Date {
  const w = wall(now);
  if (isPayBlackout(now)) {
    const days = w.isoDay === TUESDAY ? 1 : 0;
    return atWallClock(addDays(w.day, days), 12);
  }
  let days = (TUESDAY - w.isoDay + 7) % 7;
  // Outside the window on a Tuesday means before 09:00: today. Wednesday afternoon: next week (6 days).
  if (days === 0 && w.minute >= START_MINUTE) days = 7;
  return atWallClock(addDays(w.day, days), 9);
}
