/**
 * A day written out in US English, in UTC, e.g. `December 1, 2026` (a 'YYYY-MM-DD' day or an
 * instant); not a date: as given. Without date-fns-tz, so the campaign cards and tables that say when
 * a campaign expires do not download it (src/app/routeManifest.ts).
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatLongDate(value: Date | string): string {
  const d = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
