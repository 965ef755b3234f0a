import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { EarningsRow, ReversalRow } from '../../../src/api/contract/reports';
import { reportCsv, reportCsvParts } from '../../../src/features/reports/reportCsv';
import { INVALID_REPORT_TYPE, reportCsvName } from '../../../src/features/reports/reportTypes';

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
      rate_type: '$ per lead', sales: -20, earnings: -12.5, subid1: '+1', subid2: '-cmd', subid3: '@SUM(A1)', subid4: 'ok', subid5: '', ip_address: '198.51.100.7',
    };
    const parsed = Papa.parse<string[]>(reportCsv('reversals', [reversal]).trim()).data[1];
    expect(parsed[4]).toBe(`'=HYPERLINK("http://x")`);
    expect(parsed.slice(8, 11)).toEqual(["'+1", "'-cmd", "'@SUM(A1)"]);
    expect(parsed[7]).toBe('-12.5');
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
});
