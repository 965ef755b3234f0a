import { describe, expect, it } from 'vitest';
import {
  addDaysTo,
  addMonthsTo,
  dateTimeInZone,
  dayInZone,
  dayInZoneByMinute,
  easternDay,
  EASTERN_TIME_ZONE,
  formatLongDate,
  formatNewsDate,
  formatStatementDate,
  lastPayPeriod,
  payPeriod,
} from '../../../src/shared/dates';

describe('date formats', () => {
  it('shows news dates as YYYY/MM/DD without a time zone shift (spec 000 §4)', () => {
    expect(formatNewsDate('2026-11-01')).toBe('2026/11/01');
    expect(formatNewsDate('2026-01-31T23:30:00-05:00')).toBe('2026/01/31');
    expect(formatNewsDate('Sat, 31 Jan 2026 23:30:00 GMT')).toBe('2026/01/31');
    expect(formatNewsDate('not a date')).toBe('not a date');
  });
  it("shows statement dates as 'D MMM YYYY' in UTC (spec 001 §9)", () => {
    expect(formatStatementDate('2026-03-05')).toBe('5 Mar 2026');
    expect(formatStatementDate('2026-12-31T23:30:00-05:00')).toBe('1 Jan 2027');
    expect(formatStatementDate(new Date(Date.UTC(2026, 10, 23)))).toBe('23 Nov 2026');
    expect(formatStatementDate('soon')).toBe('soon');
  });
  it('writes a long US date of a day', () => {
    expect(formatLongDate('2026-12-01')).toBe('December 1, 2026');
    expect(formatLongDate('')).toBe('');
  });
});

describe('Eastern time and calendar days', () => {
  // 2026-03-08 07:30 UTC: 02:30 EST does not exist, clocks jump to 03:30 EDT.
  const dstStart = new Date('2026-03-08T07:30:00Z');
  it('reads the day and time of an instant in a zone', () => {
    expect(EASTERN_TIME_ZONE).toBe('America/New_York');
    expect(easternDay(new Date('2026-11-02T04:59:59Z'))).toBe('2026-11-01');
    expect(easternDay(new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    expect(dateTimeInZone(dstStart, EASTERN_TIME_ZONE)).toBe('2026-03-08 03:30:00');
    expect(dateTimeInZone(new Date('2026-01-15T17:05:09Z'), EASTERN_TIME_ZONE)).toBe('2026-01-15 12:05:09');
    expect(dayInZone(new Date('2026-11-02T04:59:59Z'), 'UTC')).toBe('2026-11-02');
  });
  it('adds days and months on the calendar', () => {
    expect(addDaysTo('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysTo('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonthsTo('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsTo('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('pay periods (spec 001 §5)', () => {
  it("runs This Pay Period 'from the day before Monday through the following Saturday': Sunday to Saturday", () => {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    for (const day of ['2026-11-22', '2026-11-23', '2026-11-25', '2026-11-28']) {
      expect(payPeriod(day), day).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    }
  });
  it('on a Sunday This Pay Period starts that day and holds today', () => {
    expect(payPeriod('2026-11-29')).toEqual({ start: '2026-11-29', end: '2026-12-05' });
  });
  it("'Last Pay Period' is the corresponding prior span: the seven days before This Pay Period", () => {
    expect(lastPayPeriod('2026-11-25')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(lastPayPeriod('2026-11-29')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
  });
  it('the two periods tile the calendar: every day, Saturdays and Sundays included, is in exactly one period', () => {
    let day = '2026-01-01';
    let previous = payPeriod('2025-12-31');
    for (let i = 0; i < 800; i += 1, day = addDaysTo(day, 1)) {
      const current = payPeriod(day);
      expect(current.start <= day && day <= current.end, day).toBe(true);
      expect(addDaysTo(current.start, 6), day).toBe(current.end);
      expect(new Date(`${current.start}T00:00:00Z`).getUTCDay(), day).toBe(0);
      // Consecutive periods meet: a new one starts the day after the last one ends, or it is the same.
      if (current.start !== previous.start) expect(current.start, day).toBe(addDaysTo(previous.end, 1));
      const last = lastPayPeriod(day);
      expect(addDaysTo(last.end, 1), day).toBe(current.start);
      expect(addDaysTo(last.start, 6), day).toBe(last.end);
      previous = current;
    }
  });
  it('crosses months and years', () => {
    expect(payPeriod('2027-01-01')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
    expect(lastPayPeriod('2027-01-01')).toEqual({ start: '2026-12-20', end: '2026-12-26' });
  });
});

describe('dayInZoneByMinute', () => {
  it('answers as dayInZone across a midnight, a zone change and a minute change', () => {
    const day = dayInZoneByMinute();
    const beforeMidnight = new Date('2026-11-23T04:59:59Z');
    const afterMidnight = new Date('2026-11-23T05:00:00Z');
    for (const [at, zone] of [
      [beforeMidnight, 'America/New_York'],
      [afterMidnight, 'America/New_York'],
      [afterMidnight, 'Asia/Tokyo'],
      [new Date('2026-11-23T05:00:30Z'), 'Asia/Tokyo'],
      [beforeMidnight, 'America/New_York'],
    ] as const) {
      expect(day(at, zone)).toBe(dayInZone(at, zone));
    }
    expect(day(beforeMidnight, 'America/New_York')).toBe('2026-11-22');
    expect(day(afterMidnight, 'America/New_York')).toBe('2026-11-23');
  });
});
