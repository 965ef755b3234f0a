import { describe, expect, it } from 'vitest';
import { isPayBlackout, nextBlackoutChange, PAY_BLACKOUT_MESSAGE } from '../../../src/shared/payBlackout';

const at = (iso: string) => new Date(iso);

describe('isPayBlackout: Tuesday 09:00 to Wednesday 12:00 New York time', () => {
  // 2026-07-07 is a Tuesday in daylight saving time (EDT, UTC-4); 2026-01-06 one in standard time (EST, UTC-5).
  it.each([
    ['daylight saving time', 'Tuesday 08:59:59 EDT', '2026-07-07T12:59:59Z', false],
    ['daylight saving time', 'Tuesday 09:00:00 EDT', '2026-07-07T13:00:00Z', true],
    ['daylight saving time', 'Wednesday 11:59:59 EDT', '2026-07-08T15:59:59Z', true],
    ['daylight saving time', 'Wednesday 12:00:00 EDT', '2026-07-08T16:00:00Z', false],
    ['daylight saving time', 'Tuesday 23:59:59 EDT', '2026-07-08T03:59:59Z', true],
    ['daylight saving time', 'Monday 09:00 EDT', '2026-07-06T13:00:00Z', false],
    ['daylight saving time', 'Thursday 10:00 EDT', '2026-07-09T14:00:00Z', false],
    ['standard time', 'Tuesday 08:59:59 EST', '2026-01-06T13:59:59Z', false],
    ['standard time', 'Tuesday 09:00:00 EST', '2026-01-06T14:00:00Z', true],
    ['standard time', 'Wednesday 11:59:59 EST', '2026-01-07T16:59:59Z', true],
    ['standard time', 'Wednesday 12:00:00 EST', '2026-01-07T17:00:00Z', false],
    ['standard time', 'Tuesday 13:30 UTC (08:30 EST): the UTC-4 reading would be wrong', '2026-01-06T13:30:00Z', false],
  ])('%s: %s', (_zone, _name, iso, expected) => {
    expect(isPayBlackout(at(iso))).toBe(expected);
  });
});

describe('nextBlackoutChange', () => {
  it.each([
    ['before the start, same Tuesday (EDT)', '2026-07-07T12:59:59Z', '2026-07-07T13:00:00Z'],
    ['at the start: the end, Wednesday noon (EDT)', '2026-07-07T13:00:00Z', '2026-07-08T16:00:00Z'],
    ['one second before the end (EDT)', '2026-07-08T15:59:59Z', '2026-07-08T16:00:00Z'],
    ['at the end: next Tuesday (EDT)', '2026-07-08T16:00:00Z', '2026-07-14T13:00:00Z'],
    ['before the start (EST)', '2026-01-06T13:59:59Z', '2026-01-06T14:00:00Z'],
    ['at the start (EST)', '2026-01-06T14:00:00Z', '2026-01-07T17:00:00Z'],
    ['at the end (EST)', '2026-01-07T17:00:00Z', '2026-01-13T14:00:00Z'],
    ['a Sunday (EST)', '2026-01-11T12:00:00Z', '2026-01-13T14:00:00Z'],
    // The clocks go forward on Sunday 2026-03-08: the next start is at 09:00 EDT, an hour earlier in UTC.
    ['across spring forward', '2026-03-04T17:00:00Z', '2026-03-10T13:00:00Z'],
    // The clocks go back on Sunday 2026-11-01: the next start is at 09:00 EST.
    ['across fall back', '2026-10-28T16:00:00Z', '2026-11-03T14:00:00Z'],
  ])('%s', (_name, now, expected) => {
    expect(nextBlackoutChange(at(now)).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('the DST-switch week keeps the wall-clock edges', () => {
    // Week of 2026-03-08 (spring forward on Sunday): Tuesday 2026-03-10 is EDT.
    expect(isPayBlackout(at('2026-03-10T12:59:59Z'))).toBe(false);
    expect(isPayBlackout(at('2026-03-10T13:00:00Z'))).toBe(true);
    expect(isPayBlackout(at('2026-03-11T15:59:59Z'))).toBe(true);
    expect(isPayBlackout(at('2026-03-11T16:00:00Z'))).toBe(false);
    // Week of 2026-11-01 (fall back on Sunday): Tuesday 2026-11-03 is EST.
    expect(isPayBlackout(at('2026-11-03T13:59:59Z'))).toBe(false);
    expect(isPayBlackout(at('2026-11-03T14:00:00Z'))).toBe(true);
    expect(isPayBlackout(at('2026-11-04T16:59:59Z'))).toBe(true);
    expect(isPayBlackout(at('2026-11-04T17:00:00Z'))).toBe(false);
  });

  it('over a whole year: the state flips exactly at the change and holds until it', () => {
    const start = Date.parse('2026-01-01T00:17:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 3_600_000 + 7_000) {
      const now = new Date(t);
      const change = nextBlackoutChange(now);
      expect(change.getTime()).toBeGreaterThan(t);
      expect(change.getTime() - t).toBeLessThanOrEqual(7 * 86_400_000);
      expect(isPayBlackout(change)).toBe(!isPayBlackout(now));
      expect(isPayBlackout(new Date(change.getTime() - 1000))).toBe(isPayBlackout(now));
    }
    // Nearly 9,000 instants, each through Intl: a busy CI machine took more than Vitest's 5 s.
  }, 30_000);

  it('keeps the warning of the spec verbatim', () => {
    expect(PAY_BLACKOUT_MESSAGE).toBe('You cannot change payment details from Tuesday 9AM EST to Wednesday 12PM EST.');
  });
});
