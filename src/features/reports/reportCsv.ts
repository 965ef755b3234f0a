import Papa from 'papaparse';
import type {
  ClicksRow,
  ConversionRow,
  CreativeRow,
  EarningsRow,
  LandingPageRow,
  ReversalRow,
  SubIdRow,
} from '../../api/contract/reports';
import { isReportType, INVALID_REPORT_TYPE, type ReportRows, type ReportType } from './reportTypes';

/**
 * CSV of a report (spec 001 section 4): built with papaparse, never by hand; a text cell
 * that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is neutralised with a leading apostrophe by papaparse's `escapeFormulae` (OWASP's advice on CSV
 * injection). Numbers stay numbers (a reversal's -12.50 is not a formula).
 * The referrals CSV holds the headers only (spec 001 section 4); an unknown type is 'Invalid report type'.
 * The file is the table on screen: the rows in the order given (the screen's sort), EPC in cents,
 * and, when the screen has one, the Totals row last ('Totals' in the first column, the figures in
 * theirs, the other columns empty).
 */

type Column<R> = [header: string, value: (row: R) => string | number];

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
/** A money figure rounded to cents as the screen rounds it (`formatMoney`: 10.258 is $10.26). */
const cents = (value: number): number => Number(twoDecimals.format(value));

/** The figures of a Totals row (the screen's, under the table). */
export interface CsvTotals {
  clicks: number;
  leads: number;
  conversion: number;
  sales: number;
  earnings: number;
  epc: number;
}
const FIGURE_HEADERS = new Set(['Clicks', 'Leads', 'Conversion %', 'Sales', 'Earnings', 'EPC']);

const figures = <R extends EarningsRow | ClicksRow>(): Array<Column<R>> => [
  ['Clicks', (r) => r.clicks],
  ['Leads', (r) => r.leads],
  ['Conversion %', (r) => r.conversion],
  ['Sales', (r) => r.sales],
  ['Earnings', (r) => r.earnings],
  ['EPC', (r) => cents(r.epc)],
];
const campaign = <R extends Pick<EarningsRow, 'campaign_id' | 'name'>>(): Array<Column<R>> => [
  ['Campaign ID', (r) => r.campaign_id],
  ['Campaign', (r) => r.name],
];
/** A conversion's or a reversal's sale: its CPA type, figures, sub ids and IP address. */
const sale = <R extends ConversionRow | ReversalRow>(): Array<Column<R>> => [
  ['CPA Type', (r) => r.rate_type],
  ['Sales', (r) => r.sales],
  ['Earnings', (r) => r.earnings],
  ...([1, 2, 3, 4, 5] as const).map((n): Column<R> => [`Sub ID ${n}`, (r) => r[`subid${n}`]]),
  ['IP Address', (r) => r.ip_address],
];

const COLUMNS: { [T in ReportType]: Array<Column<ReportRows[T]>> } = {
  earnings: [...campaign<EarningsRow>(), ...figures<EarningsRow>()],
  creatives: [...campaign<CreativeRow>(), ['Creative ID', (r) => r.creative_id], ['Creative', (r) => r.creative_name], ...figures<CreativeRow>()],
  subid: [...campaign<SubIdRow>(), ['Sub ID 1', (r) => r.subid1], ...figures<SubIdRow>()],
  landingPages: [...campaign<LandingPageRow>(), ['Landing Page ID', (r) => r.landing_page_id], ['Landing Page', (r) => r.landing_page], ...figures<LandingPageRow>()],
  clicks: [['Date', (r) => r.date], ...figures<ClicksRow>()],
  conversions: [
    ['ID', (r) => r.key_id],
    ['Date', (r) => r.date],
    ...campaign<ConversionRow>(),
    ['Status', (r) => r.status],
    // The advertiser's reason, on a reversed conversion only ('' for the rest).
    ['Reason', (r) => r.reversal_reason],
    ...sale<ConversionRow>(),
    ['Country', (r) => r.ip_location.country],
    ['Region', (r) => r.ip_location.region],
    ['City', (r) => r.ip_location.city],
    ['Device', (r) => r.device.device],
    ['OS', (r) => r.device.os],
    ['Browser', (r) => r.device.system],
  ],
  reversals: [
    ['Reversal Date', (r) => r.reverse_date],
    ['Lead Date', (r) => r.lead_date],
    ['Status', (r) => r.status],
    ['Reason', (r) => r.reason],
    ...campaign<ReversalRow>(),
    ...sale<ReversalRow>(),
  ],
  referrals: [
    ['Date', (r) => r.referral_date],
    ['Affiliates', (r) => r.affiliates],
    ['Referral Income', (r) => r.referral_income],
  ],
};

/** Rows per piece of the file: short-lived strings, not 100,000 lines of them at once. */
const CHUNK_ROWS = 5_000;

const CONFIG = { newline: '\r\n', escapeFormulae: true } as const;

/**
 * A text cell that papaparse could write differently from the text itself: one it would quote (a
 * quote, the comma, a line break or a byte-order mark inside; a space at either end) or one whose first
 * character `escapeFormulae` looks at. Any other text is written by papaparse as it is.
 */
const NEEDS_PAPAPARSE = /^[=+\-@\t\r ]|[",\r\n\ufeff]| $/;

/**
 * One cell as papaparse writes it. Its per-cell work (a formula test, a quote replace and five
 * searches on every cell, numbers included) was most of a 100,000-row CSV: here a number
 * is its String() (what papaparse writes for one), text that cannot need quoting or escaping is
 * itself, and everything else (text to quote or neutralise, null, undefined, anything unexpected)
 * goes to papaparse itself. tests/unit/reports/reportCsv.test.ts holds it to papaparse's own output.
 */
function csvCell(value: unknown): string {
  if (typeof value === 'string' && !NEEDS_PAPAPARSE.test(value)) return value;
  if (typeof value === 'number') return String(value);
  return Papa.unparse([[value]], CONFIG);
}

/** The Totals line of a report whose columns hold the figures; null for one without them. */
function totalsLine(columns: Array<Column<unknown>>, totals: CsvTotals): string | null {
  if (!columns.some(([h]) => FIGURE_HEADERS.has(h))) return null;
  return columns.map(([h, value], i) => (i === 0 ? 'Totals' : FIGURE_HEADERS.has(h) ? csvCell(value(totals)) : '')).join(',');
}

export interface CsvOptions {
  /** Without it, the lines of the rows only (to append to a file already begun). */
  header?: boolean;
  /** The report's Totals row, written after the rows. */
  totals?: CsvTotals;
}

/**
 * The CSV of a report's rows as consecutive pieces of text (a Blob takes them as they are, so the
 * whole file is never one string). Throws 'Invalid report type' for a type that is not one.
 */
export function reportCsvParts(type: string, rows: readonly unknown[], { header = true, totals }: CsvOptions = {}): string[] {
  if (!isReportType(type)) throw new Error(INVALID_REPORT_TYPE);
  const columns = COLUMNS[type] as Array<Column<unknown>>;
  const fields = columns.map(([h]) => h);
  // The referrals CSV holds the headers only (spec 001 section 4).
  const all = type === 'referrals' ? [] : rows;
  const last = all.length > 0 && totals ? totalsLine(columns, totals) : null;
  // Without rows, the file as papaparse writes it (the header line ends with its line break).
  if (all.length === 0) return [header ? Papa.unparse({ fields, data: [] }, CONFIG) : ''];
  const values = columns.map(([, value]) => value);
  const parts = header ? [Papa.unparse([fields], CONFIG)] : [];
  // One array of cells reused for every line; each piece is its lines joined (joins of flat strings
  // are much cheaper than growing one string cell by cell).
  const cells: string[] = new Array<string>(values.length);
  for (let start = 0; start < all.length; start += CHUNK_ROWS) {
    const end = Math.min(all.length, start + CHUNK_ROWS);
    const lines: string[] = new Array<string>(end - start);
    for (let i = start; i < end; i += 1) {
      const row = all[i];
      for (let c = 0; c < values.length; c += 1) cells[c] = csvCell(values[c](row));
      lines[i - start] = cells.join(',');
    }
    const piece = lines.join(CONFIG.newline);
    parts.push(parts.length === 0 ? piece : CONFIG.newline + piece);
  }
  if (last !== null) parts.push(CONFIG.newline + last);
  return parts;
}

/** The CSV text of a report's rows. Throws 'Invalid report type' for a type that is not one. */
export function reportCsv(type: string, rows: readonly unknown[], options: Omit<CsvOptions, 'header'> = {}): string {
  return reportCsvParts(type, rows, options).join('');
}
