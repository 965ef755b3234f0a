import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatPercentNumber, formatPoints, formatWholeDollars } from '../../../src/shared/format';

describe('number formats (spec 000 §9, 001 §9)', () => {
  it('writes money with a $ sign, grouping and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5230.75)).toBe('$5,230.75');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(-12.3)).toBe('-$12.30');
    expect(formatMoney(0.005)).toMatch(/^\$0\.0[01]$/);
  });
  it('writes round amounts in whole dollars', () => {
    expect(formatWholeDollars(5000)).toBe('$5,000');
    expect(formatWholeDollars(10_000)).toBe('$10,000');
  });
  it('writes MaxMoney points with two decimals and no sign', () => {
    expect(formatPoints(0)).toBe('0.00');
    expect(formatPoints(1234.5)).toBe('1,234.50');
    expect(formatPoints(10.005)).toMatch(/^10\.0[01]$/);
  });
  it('writes counts in en-GB: grouped, whole', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
  it('writes percentages with at most two decimals', () => {
    expect(formatPercentNumber(27)).toBe('27');
    expect(formatPercentNumber(12.5)).toBe('12.5');
    expect(formatPercentNumber(33.333)).toBe('33.33');
  });
});
