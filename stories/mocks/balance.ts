import { delay } from 'msw';
import { balanceEndpoints, type AccountBalanceResponse, type BalanceLine } from '../../src/api/contract/balance';
import { failureResponse, mock, mocksOf, perRender, type MockOptions } from './http';

/**
 * MSW handlers and fixtures of the Account Balances page, typed by the contract. The
 * ledger is consistent: each year's starting balance is the previous start plus its lines
 * (2024 starts at $0.00 and ends at $60.00, 2025 ends at $100.00).
 */
const E = balanceEndpoints.accountBalance;
const on = mocksOf(E);

const line = (date: string, type: BalanceLine['type'], amount: number, notes: string): BalanceLine => ({ date, type, amount, notes });

export const ledger: Record<number, BalanceLine[]> = {
  2024: [
    line('2024-11-02', 'Earnings', 160, 'Earnings for the week of 2024-10-27'),
    line('2024-11-06', 'Payment', -160, 'Weekly payment via Tipalti (ACH)'),
    line('2024-12-14', 'Bonus', 100, 'First payment bonus'),
    line('2024-12-20', 'Adjustment', -40, 'Duplicate lead removed after review'),
  ],
  2025: [
    line('2025-03-01', 'Earnings', 540.3, 'Earnings for the week of 2025-02-23'),
    line('2025-03-05', 'Payment', -600.3, 'Weekly payment via Tipalti (ACH)'),
    line('2025-06-07', 'Earnings', 95.1, 'Earnings for the week of 2025-06-01'),
    line('2025-07-12', 'Referral', 72.4, 'Referral income (10%)'),
    line('2025-08-02', 'Adjustment', -67.5, 'Chargeback on an approved sale'),
  ],
  2026: [
    line('2026-01-03', 'Earnings', 412.5, 'Earnings for the week of 2025-12-28'),
    line('2026-01-07', 'Payment', -512.5, 'Weekly payment via Tipalti (ACH)'),
    line('2026-02-03', 'Adjustment', -25, 'Chargeback on an approved sale'),
    line('2026-02-07', 'Earnings', 290, 'Earnings for the week of 2026-02-01'),
    line('2026-02-08', 'Referral', 46.75, 'Referral income (10%)'),
    line('2026-02-11', 'Payment', -311.75, 'Weekly payment via Tipalti (ACH)'),
    line('2026-03-05', 'Adjustment', 15, 'Goodwill credit for a late payment'),
  ],
};

/** A new affiliate's first months: one year of lines, from nothing, never below zero. */
export const firstYear: Record<number, BalanceLine[]> = {
  2026: [
    line('2026-08-01', 'Earnings', 184.2, 'Earnings for the week of 2026-07-26'),
    line('2026-08-05', 'Payment', -184.2, 'Weekly payment via Tipalti (ACH)'),
    line('2026-08-08', 'Earnings', 96.4, 'Earnings for the week of 2026-08-02'),
    line('2026-08-15', 'Earnings', 131.1, 'Earnings for the week of 2026-08-09'),
    line('2026-08-19', 'Payment', -227.5, 'Weekly payment via Tipalti (ACH)'),
    line('2026-09-01', 'Referral', 18.6, 'Referral income (10%)'),
    line('2026-09-04', 'Adjustment', -6, 'Duplicate lead removed after review'),
  ],
};

const sum = (lines: BalanceLine[]) => Math.round(lines.reduce((s, l) => s + l.amount * 100, 0)) / 100;

/** The server's answer for `year` from a ledger of some years: the starts follow from the years before. */
export function statementOf(year: number, book: Record<number, BalanceLine[]> = ledger): AccountBalanceResponse {
  const years = Object.keys(book).map(Number).sort((a, b) => a - b);
  const starting: Record<string, number> = {};
  let before = 0;
  for (const y of years) {
    starting[String(y)] = before;
    before = Math.round((before + sum(book[y])) * 100) / 100;
  }
  return { success: true, account_balances: book[year] ?? [], available_years: [...years].reverse(), starting_balance_by_year: starting };
}

const yearOf = (params: Record<string, string>) => Number(params.year);

export const balanceHandlers = {
  /** The answer of each year from `book` (every year of the fixture by default); `slowYears` answer after `ms`. */
  statement: (book: Record<number, BalanceLine[]> = ledger, options?: MockOptions & { slowYears?: number[]; ms?: number }) =>
    mock(
      E,
      async ({ params }) => {
        if (options?.slowYears?.includes(yearOf(params))) await delay(options.ms ?? 400);
        return statementOf(yearOf(params), book);
      },
      options,
    ),
  /** No line at all yet: no years. */
  empty: (options?: MockOptions) => on.answer({ success: true, account_balances: [], available_years: [], starting_balance_by_year: {} }, options),
  pending: (options?: MockOptions) => on.pending(options),
  failure: (options?: MockOptions) => on.failure('An internal error occurred. Please try again later', 500, options),
  unauthorized: () => on.failure('Your session has ended. Please sign in again.', 401),
  networkError: () => on.networkError(),
  /** The first request fails (500), the next ones answer from the fixture: Try again works. */
  failsOnce: (options?: MockOptions) => {
    const state = perRender(() => ({ count: 0 }));
    return mock(
      E,
      ({ params }) => {
        state().count += 1;
        if (state().count === 1) return failureResponse('An internal error occurred. Please try again later', 500);
        return statementOf(yearOf(params));
      },
      options,
    );
  },
};
