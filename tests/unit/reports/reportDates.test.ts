import { describe, expect, it } from 'vitest';
import { apiDates, defaultRange, quickDateOf, quickRange, rangeFromParams, rangeProblem } from '../../../src/shared/reportDates';

describe('quick dates', () => {
  it('today, yesterday, this and last month, across a year boundary', () => {
    expect(quickRange('today', '2027-01-01')).toEqual({ start: '2027-01-01', end: '2027-01-01' });
    expect(quickRange('yesterday', '2027-01-01')).toEqual({ start: '2026-12-31', end: '2026-12-31' });
    expect(quickRange('thisMonth', '2027-01-15')).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(quickRange('lastMonth', '2027-01-15')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(quickRange('custom', '2027-01-15')).toBeNull();
  });

  it('February in leap and common years; month ends of 30 and 31 days', () => {
    expect(quickRange('lastMonth', '2028-03-31')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(quickRange('lastMonth', '2027-03-31')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(quickRange('thisMonth', '2026-11-30')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
  });

  it('pay periods (spec 001 §5), across the daylight-saving change and the year', () => {
    // US daylight saving ended on Sunday 2026-11-01: days are calendar days, unaffected.
    expect(quickRange('thisPayPeriod', '2026-11-02')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(quickRange('lastPayPeriod', '2026-11-02')).toEqual({ start: '2026-10-25', end: '2026-10-31' });
    // A Sunday is in This Pay Period, and the Saturday before it in Last Pay Period.
    expect(quickRange('thisPayPeriod', '2026-11-08')).toEqual({ start: '2026-11-08', end: '2026-11-14' });
    expect(quickRange('lastPayPeriod', '2026-11-08')).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(quickRange('thisPayPeriod', '2026-03-09')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(quickRange('thisPayPeriod', '2027-01-01')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
  });

  it('names the quick date a range is, else custom', () => {
    expect(quickDateOf({ start: '2026-11-24', end: '2026-11-24' }, '2026-11-24')).toBe('today');
    expect(quickDateOf({ start: '2026-11-01', end: '2026-11-30' }, '2026-11-24')).toBe('thisMonth');
    expect(quickDateOf({ start: '2026-11-03', end: '2026-11-09' }, '2026-11-24')).toBe('custom');
  });

  it('sends the end as the day after the last day', () => {
    expect(apiDates({ start: '2026-12-01', end: '2026-12-31' })).toEqual({ startDate: '2026-12-01', endDate: '2027-01-01' });
  });

  it('invalid dates in the address (2026-02-30) are said, not silently replaced by the current month', () => {
    expect(rangeProblem(new URLSearchParams('startDate=2026-02-30&endDate=2026-03-01'))).toBe(
      'The dates in the address (2026-02-30 to 2026-03-01) are not a valid date range, so this month is shown instead.',
    );
    for (const q of ['startDate=2026-11-03', 'startDate=2026-11-09&endDate=2026-11-03', 'startDate=x&endDate=y']) expect(rangeProblem(new URLSearchParams(q)), q).not.toBeNull();
    for (const q of ['', 'type=1', 'startDate=2026-11-03&endDate=2026-11-09']) expect(rangeProblem(new URLSearchParams(q)), q).toBeNull();
  });

  it('reads the URL, and falls back to the current month on missing, broken or reversed dates', () => {
    expect(rangeFromParams(new URLSearchParams('startDate=2026-11-03&endDate=2026-11-09'), '2026-11-24')).toEqual({ start: '2026-11-03', end: '2026-11-09' });
    for (const q of ['', 'startDate=2026-11-03', 'startDate=2026-02-30&endDate=2026-03-01', 'startDate=2026-11-09&endDate=2026-11-03', 'startDate=x&endDate=y']) {
      expect(rangeFromParams(new URLSearchParams(q), '2026-11-24'), q).toEqual(defaultRange('2026-11-24'));
    }
  });
});
