/** MaxMoney balance with two decimals (spec 000 §9), e.g. 1,234.50. */
export function formatPoints(value: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * News dates as YYYY/MM/DD (spec 000 §4). The date part is read from the text as sent, never through
 * the local time zone, so an item dated 2026-11-01 reads 2026/11/01 everywhere.
 */
export function formatNewsDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
}
