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
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
/** A week's earnings, credited on the Saturday that ends the week (the week starts on the Sunday six days before). */
const earnings = (date: string, amount: number) => line(date, 'Earnings', amount, `Earnings for the week of ${daysBefore(date, 6)}`);
const payment = (date: string, amount: number) => line(date, 'Payment', amount, 'Weekly payment via Tipalti (ACH)');
const referral = (date: string, amount: number) => line(date, 'Referral', amount, 'Referral income (10%)');

export const ledger: Record<number, BalanceLine[]> = {
  2024: [
    earnings('2024-11-02', 160),
    payment('2024-11-06', -160),
    line('2024-12-14', 'Bonus', 100, 'First payment bonus'),
    line('2024-12-20', 'Adjustment', -40, 'Duplicate lead removed after review'),
  ],
  2025: [
    earnings('2025-03-01', 540.3),
    payment('2025-03-05', -600.3),
    earnings('2025-06-07', 95.1),
    referral('2025-07-12', 72.4),
    line('2025-08-02', 'Adjustment', -67.5, 'Chargeback on an approved sale'),
  ],
  2026: [
    earnings('2026-01-03', 412.5),
    payment('2026-01-07', -512.5),
    line('2026-02-03', 'Adjustment', -25, 'Chargeback on an approved sale'),
    earnings('2026-02-07', 290),
    referral('2026-02-08', 46.75),
    payment('2026-02-11', -311.75),
    line('2026-03-05', 'Adjustment', 15, 'Goodwill credit for a late payment'),
  ],
};

/** A new affiliate's first months: one year of lines, from nothing, never below zero. */
export const firstYear: Record<number, BalanceLine[]> = {
  2026: [
    earnings('2026-08-01', 184.2),
    payment('2026-08-05', -184.2),
    earnings('2026-08-08', 96.4),
    earnings('2026-08-15', 131.1),
    payment('2026-08-19', -227.5),
    referral('2026-09-01', 18.6),
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
