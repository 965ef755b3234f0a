import { describe, expect, it } from 'vitest';
import { cpaTypeOf, formatRate, RATE_TYPE_LABELS, rateText } from '../../../src/shared/rateText';

describe('rate text (spec 000 §3, §9)', () => {
  it('writes a per-lead rate as money with two decimals, grouped above 1,000', () => {
    expect(rateText('F', 12.5)).toBe('$12.50 per lead');
    expect(rateText('F', 1500)).toBe('$1,500.00 per lead');
    expect(rateText('F', 1234.567)).toBe('$1,234.57 per lead');
    expect(rateText('F', 25_000)).toBe('$25,000.00 per lead');
  });
  it('writes a share of sale with at most two decimals', () => {
    expect(rateText('P', 27)).toBe('27% of sale');
    expect(rateText('P', 12.5)).toBe('12.5% of sale');
    expect(rateText('P', 7.125)).toBe('7.13% of sale');
    expect(rateText('P', 0.25)).toBe('0.25% of sale');
  });
  it('writes zero rates', () => {
    expect(rateText('F', 0)).toBe('$0.00 per lead');
    expect(rateText('P', 0)).toBe('0% of sale');
  });
  it('reads the wire labels as well as the codes', () => {
    expect(rateText(RATE_TYPE_LABELS.F, 1500)).toBe('$1,500.00 per lead');
    expect(rateText(RATE_TYPE_LABELS.P, 27)).toBe('27% of sale');
    expect(cpaTypeOf('% of sale')).toBe('P');
    expect(cpaTypeOf('$ per lead')).toBe('F');
    expect(formatRate('P', 35)).toBe('35%');
    expect(formatRate('F', 42)).toBe('$42.00');
  });
});
