import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ConversionRow, EarningsRow, ReversalRow } from '../../../src/api/contract/reports';
import { reportCsv, reportCsvParts } from '../../../src/features/reports/reportCsv';
import { INVALID_REPORT_TYPE, reportCsvName } from '../../../src/features/reports/reportTypes';
import { formatMoney } from '../../../src/shared/format';

const row = (over: Partial<EarningsRow>): EarningsRow => ({ campaign_id: 1205, name: 'NovaLend', clicks: 100, leads: 4, conversion: 4, sales: 0, earnings: 106, epc: 1.06, ...over });

describe('report CSV', () => {
  it('has the headers and one line per row, parsed back as written', () => {
    const csv = reportCsv('earnings', [row({}), row({ campaign_id: 7, name: 'Quote, "fast"' })]);
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual(['Campaign ID', 'Campaign', 'Clicks', 'Leads', 'Conversion %', 'Sales', 'Earnings', 'EPC']);
    expect(parsed[2]).toEqual(['7', 'Quote, "fast"', '100', '4', '4', '0', '106', '1.06']);
  });

  it('neutralises cells a spreadsheet would run as formulas, and leaves negative numbers alone', () => {
    const reversal: ReversalRow = {
      reverse_date: '2026-11-24 10:00:00', lead_date: '2026-11-20 09:00:00', status: 'Reversed', campaign_id: 1, name: '=HYPERLINK("http://x")',
      rate_type: '$ per lead', reason: '=Duplicate', sales: -20, earnings: -12.5, subid1: '+1', subid2: '-cmd', subid3: '@SUM(A1)', subid4: 'ok', subid5: '', ip_address: '198.51.100.7',
    };
    const parsed = Papa.parse<string[]>(reportCsv('reversals', [reversal]).trim()).data[1];
    expect(parsed[3]).toBe(`'=Duplicate`);
    expect(parsed[5]).toBe(`'=HYPERLINK("http://x")`);
    expect(parsed.slice(9, 12)).toEqual(["'+1", "'-cmd", "'@SUM(A1)"]);
    expect(parsed[8]).toBe('-12.5');
  });

  it("has the advertiser's reason beside the status: a reversal's, and a reversed conversion's (empty for the rest)", () => {
    const reversal: ReversalRow = {
      reverse_date: '2026-11-24 10:00:00', lead_date: '2026-11-20 09:00:00', status: 'Reversed', campaign_id: 1, name: 'NovaLend',
      rate_type: '$ per lead', reason: 'Duplicate lead', sales: 0, earnings: -26.5, subid1: '', subid2: '', subid3: '', subid4: '', subid5: '', ip_address: '198.51.100.7',
    };
    const reversals = Papa.parse<string[]>(reportCsv('reversals', [reversal, { ...reversal, reason: '' }]).trim()).data;
    expect(reversals.map((r) => r.slice(2, 4))).toEqual([['Status', 'Reason'], ['Reversed', 'Duplicate lead'], ['Reversed', '']]);
    const conversions = Papa.parse<string[]>(
      reportCsv('conversions', [
        { ...conversion(['x'], [1], 0), status: 'Reversed', reversal_reason: 'Chargeback' },
        { ...conversion(['x'], [1], 0), status: 'Approved', reversal_reason: '' },
      ]).trim(),
    ).data;
    expect(conversions.map((r) => r.slice(4, 6))).toEqual([['Status', 'Reason'], ['Reversed', 'Chargeback'], ['Approved', '']]);
  });

  it('writes a long report in pieces that read back as one file: every row once, in order, one header', () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => row({ campaign_id: i, name: i % 1000 === 0 ? `=bad ${i}` : `Campaign ${i}` }));
    const parts = reportCsvParts('earnings', rows);
    expect(parts.length).toBeGreaterThan(1);
    const parsed = Papa.parse<string[]>(parts.join('')).data;
    expect(parsed).toHaveLength(12_346);
    expect(parsed.filter((r) => r[0] === 'Campaign ID')).toHaveLength(1);
    expect(parsed.slice(1).map((r) => Number(r[0]))).toEqual(rows.map((r) => r.campaign_id));
    expect(parsed[5_001][1]).toBe("'=bad 5000");
    expect(parts.join('')).toBe(reportCsv('earnings', rows));
    // A file begun, then continued without the header, is the same file.
    const halves = [...reportCsvParts('earnings', rows.slice(0, 6_000)), '\r\n', ...reportCsvParts('earnings', rows.slice(6_000), { header: false })];
    expect(halves.join('')).toBe(reportCsv('earnings', rows));
  });

  it('referrals hold the headers only; an unknown type is refused', () => {
    expect(reportCsv('referrals', [{ referral_date: '2026-11-01', affiliates: 2, referral_income: 10 }]).trim()).toBe('Date,Affiliates,Referral Income');
    expect(() => reportCsv('payouts', [])).toThrow(INVALID_REPORT_TYPE);
  });

  it('names the file by type and days', () => {
    expect(reportCsvName('conversions', { start: '2026-11-01', end: '2026-11-30' })).toBe('conversions-report-2026-11-01-to-2026-11-30.csv');
  });

  it('names the referrals file by its type alone: the report has no dates', () => {
    expect(reportCsvName('referrals', { start: '2026-11-01', end: '2026-11-30' })).toBe('referrals-report.csv');
  });

  it('writes the EPC in cents, as the screen shows it ($10.26, not 10.258)', () => {
    const parsed = Papa.parse<string[]>(reportCsv('earnings', [row({ epc: 10.258 }), row({ epc: 0.6625 }), row({ epc: 1.005 }), row({ epc: 2 })]).trim()).data;
    expect(parsed.slice(1).map((r) => r[7])).toEqual(['10.26', '0.66', '1.01', '2']);
    // Every EPC of four decimals reads as the screen's money figure.
    const epcs = Array.from({ length: 3000 }, (_, i) => i / 10_000 + 1);
    const cells = Papa.parse<string[]>(reportCsv('earnings', epcs.map((epc) => row({ epc }))).trim()).data.slice(1).map((r) => r[7]);
    expect(cells.map((c) => formatMoney(Number(c)))).toEqual(epcs.map(formatMoney));
  });

  it("ends with the screen's Totals row, after the rows in the order given", () => {
    const totals = { clicks: 300, leads: 9, conversion: 3, sales: 12.5, earnings: 318.77, epc: 1.06257 };
    const csv = reportCsv('earnings', [row({ campaign_id: 2, name: 'B' }), row({ campaign_id: 1, name: 'A' })], { totals });
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed.map((r) => r[1])).toEqual(['Campaign', 'B', 'A', '']);
    expect(parsed[3]).toEqual(['Totals', '', '300', '9', '3', '12.5', '318.77', '1.06']);
    const clicks = Papa.parse<string[]>(reportCsv('clicks', [{ date: '2026-11-01', ...totals }], { totals }).trim()).data;
    expect(clicks[2]).toEqual(['Totals', '300', '9', '3', '12.5', '318.77', '1.06']);
  });
});

/**
 * The oracle: the conversions CSV as papaparse writes it in one call over arrays of cells (the
 * columns restated here, in the screen's order), with the portal's settings.
 */
const CONVERSION_FIELDS = ['ID', 'Date', 'Campaign ID', 'Campaign', 'Status', 'Reason', 'CPA Type', 'Sales', 'Earnings', 'Sub ID 1', 'Sub ID 2', 'Sub ID 3', 'Sub ID 4', 'Sub ID 5', 'IP Address', 'Country', 'Region', 'City', 'Device', 'OS', 'Browser'];
const conversionCells = (r: ConversionRow): unknown[] => [
  r.key_id, r.date, r.campaign_id, r.name, r.status, r.reversal_reason, r.rate_type, r.sales, r.earnings, r.subid1, r.subid2, r.subid3, r.subid4, r.subid5,
  r.ip_address, r.ip_location.country, r.ip_location.region, r.ip_location.city, r.device.device, r.device.os, r.device.system,
];
const byPapaparse = (rows: ConversionRow[], fields: string[] | null = CONVERSION_FIELDS) =>
  Papa.unparse(fields ? { fields, data: rows.map(conversionCells) } : rows.map(conversionCells), { newline: '\r\n', escapeFormulae: true });

/** A conversion whose 18 text cells and 3 numbers are taken in turn from the lists (rows are `unknown` to the writer). */
function conversion(texts: unknown[], numbers: unknown[], n: number): ConversionRow {
  const t = (k: number) => texts[(n * 18 + k) % texts.length] as string;
  const f = (k: number) => numbers[(n * 3 + k) % numbers.length] as number;
  return {
    key_id: t(0), date: t(1), campaign_id: f(0), name: t(2), status: t(3), rate_type: t(4), sales: f(1), earnings: f(2), reversal_reason: t(17),
    subid1: t(5), subid2: t(6), subid3: t(7), subid4: t(8), subid5: t(9), ip_address: t(10),
    ip_location: { country: t(11), region: t(12), city: t(13) }, device: { device: t(14), os: t(15), system: t(16) },
  };
}

const HOSTILE_TEXT: unknown[] = [
  '', ' ', 'plain', 'a b', ' lead', 'trail ', '"', 'say "hi"', 'a,b', ',', 'line\nbreak', 'cr\rx', 'crlf\r\n', '\n', '\r',
  '=SUM(A1)', '+1', '-cmd', '@x', '\tTab', '\rCR', '=a\nb', '=', '-', '-12.50', "'quoted already", 'x=1', 'a@b.com', '1e5',
  'ℕ€ünï 😀', 'a\u2028b', '\u2029', '\ufeffbom', 'mid\ufeffdle', 'ÿ', '\u0000nul', '""', '"=x"', ' =x', '= spaced ',
  null, undefined, true, false, 0, new Date(0), new Date(NaN), {}, ['a', 'b'],
];
const HOSTILE_NUMBERS: unknown[] = [0, -0, 1, -12.5, 26.5, 0.1 + 0.2, 1e21, 5e-7, -1e-7, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity, null, undefined, '', '-3', '=1'];

/** A small deterministic generator (mulberry32), so a failure is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('report CSV, byte for byte as papaparse writes it', () => {
  it('hostile text, numbers and null-ish values in every column', () => {
    const rows = Array.from({ length: HOSTILE_TEXT.length * 3 }, (_, n) => conversion(HOSTILE_TEXT, HOSTILE_NUMBERS, n));
    const csv = reportCsv('conversions', rows);
    expect(csv).toBe(byPapaparse(rows));
    // The cases the writer must not pass through as they are (guards against an oracle that agrees with anything).
    expect(csv).toContain(`"'=SUM(A1)"`);
    expect(csv).toContain('"say ""hi"""');
    expect(csv).toContain('"line\nbreak"');
    expect(csv).toContain('" lead"');
    expect(csv).toContain('-12.5,');
  });

  it('random text from an alphabet of the characters that matter, over several pieces, with and without the header', () => {
    const next = random(16);
    const alphabet = ['a', 'Z', '0', '.', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', '\ufeff', 'é', '😀', '\u2028', "'"];
    const text = () => Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const texts = Array.from({ length: 4_001 }, text);
    const numbers = Array.from({ length: 997 }, () => Math.round((next() - 0.5) * 1e6) / 100);
    const rows = Array.from({ length: 12_003 }, (_, n) => conversion(texts, numbers, n));
    const parts = reportCsvParts('conversions', rows);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(byPapaparse(rows));
    expect(reportCsvParts('conversions', rows, { header: false }).join('')).toBe(byPapaparse(rows, null));
  });

  it('a report without rows: the header line as papaparse ends it, or nothing', () => {
    expect(reportCsv('conversions', [])).toBe(byPapaparse([]));
    expect(reportCsvParts('conversions', [], { header: false }).join('')).toBe(byPapaparse([], null));
    expect(reportCsv('referrals', [])).toBe(Papa.unparse({ fields: ['Date', 'Affiliates', 'Referral Income'], data: [] }, { newline: '\r\n', escapeFormulae: true }));
  });
});
