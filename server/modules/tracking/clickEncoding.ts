import { dayInZoneByMinute } from '../../../src/shared/dates';
import type { ClickRow } from './clickColumns';

/** The report day of an instant, remembered for the current minute (the click engine, its COPY lines and its batch statement share it). */
export const clickDay = dayInZoneByMinute();

/** The quarter of an hour (UTC) an instant falls in, as the ISO time of its start: the stats_quarter key. */
export function quarterOf(instant: Date): string {
  return new Date(Math.floor(instant.getTime() / 900_000) * 900_000).toISOString();
}

const COPY_SPECIAL = /[\\\t\n\r]/;
/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
function copyText(v: string): string {
  return COPY_SPECIAL.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
}

/**
 * The click journal's lines of clicks (COPY text format, one line per click): every column in
 * CLICK_COLUMNS order, its time as ISO text, then its report day and its quarter (the staging
 * table's last two columns, journal.ts).
 */
export function journalLines(rows: readonly ClickRow[], timeZone: string): string {
  let out = '';
  for (const r of rows) {
    out += `${copyText(r.click_key)}\t${r.affiliate_id}\t${r.campaign_id}\t${r.tracking_link_id ?? '\\N'}\t${r.creative_id ?? 0}\t${r.landing_page_id ?? 0}\t${copyText(r.sub1 ?? '')}\t${copyText(r.sub2 ?? '')}\t${copyText(r.sub3 ?? '')}\t${copyText(r.sub4 ?? '')}\t${copyText(r.sub5 ?? '')}\t${copyText(r.ip ?? '')}\t${copyText(r.country_code ?? '')}\t${copyText(r.region ?? '')}\t${copyText(r.city ?? '')}\t${copyText(r.device ?? '')}\t${copyText(r.os ?? '')}\t${copyText(r.browser ?? '')}\t${copyText(r.referrer ?? '')}\t${copyText(r.user_agent ?? '')}\t${copyText(r.traffic_type ?? '')}\t${r.clicked_at.toISOString()}\t${clickDay(r.clicked_at, timeZone)}\t${quarterOf(r.clicked_at)}\n`;
  }
  return out;
}

const ARRAY_SPECIAL = /["\\]/;
/** A Postgres array literal of strings (every element quoted; `"` and `\` escaped): cheaper than pg's own array encoding. */
export function textArray(values: string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += `${i === 0 ? '' : ','}"${ARRAY_SPECIAL.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}
/** A Postgres array literal of integers (null: NULL). */
export function intArray(values: Array<string | number | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}
