/**
 * Number formats of the portal, the server and the stories (spec 000 §9, spec 001 §9).
 *
 * Locales: money and points are en-US (money must read `$1,234.50`: en-GB would print `US$`);
 * counts are en-GB as spec 001 §9 says. For whole numbers en-GB and en-US print the same
 * (`1,234`), so the two locales never disagree on screen.
 */

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const points = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Money with a $ sign and two decimals (spec 000 §9, 001 §9), e.g. `$1,234.50`. */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** Whole dollars, for round amounts such as the bonus tiers, e.g. `$5,000`. */
export function formatWholeDollars(value: number): string {
  return wholeDollars.format(value);
}

/** MaxMoney points with two decimals (spec 000 §9), e.g. `1,234.50`. */
export function formatPoints(value: number): string {
  return points.format(value);
}

/** Counts (clicks, leads, rows) in en-GB (spec 001 §9), e.g. `12,345`. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A percentage with at most two decimals and no trailing zeros, without the sign: `27`, `12.5`. */
export function formatPercentNumber(value: number): string {
  return percent.format(value);
}
