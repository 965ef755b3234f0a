/** A day as the console writes it: 'Nov 23, 2026' (UTC). */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** An instant as the console writes it: 'Nov 30, 2026, 12:00 PM UTC'. */
export const formatInstant = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
