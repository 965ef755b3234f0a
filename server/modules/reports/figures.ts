import type { ReportTotals } from '../../../src/api/contract/reports';

/**
 * The figures of a report row and of its totals, computed in one place: sums of clicks,
 * leads, sales and earnings; `conversion` the conversion rate in percent (leads / clicks × 100) and
 * `epc` the earnings per click, both 0 without clicks. Money to cents, the rate to 2 decimals, EPC
 * to 4 (a cent spread over many clicks).
 */
export interface Sums {
  clicks: number;
  leads: number;
  sales: number;
  earnings: number;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

export function figures(s: Sums): ReportTotals {
  const clicks = Number(s.clicks);
  const leads = Number(s.leads);
  const sales = Number(s.sales);
  const earnings = Number(s.earnings);
  return {
    clicks,
    leads,
    conversion: clicks > 0 ? round((leads / clicks) * 100, 2) : 0,
    sales: round(sales, 2),
    earnings: round(earnings, 2),
    epc: clicks > 0 ? round(earnings / clicks, 4) : 0,
  };
}

/** Totals of rows: the sums first, then the figures (never a sum of rounded rates). */
export function totalsOf(rows: Sums[]): ReportTotals {
  return figures(
    rows.reduce((t, r) => ({ clicks: t.clicks + Number(r.clicks), leads: t.leads + Number(r.leads), sales: t.sales + Number(r.sales), earnings: t.earnings + Number(r.earnings) }), {
      clicks: 0,
      leads: 0,
      sales: 0,
      earnings: 0,
    }),
  );
}
