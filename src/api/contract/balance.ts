import { z } from 'zod';
import { endpoint } from './endpoint';
import { successEnvelope } from './envelope';

/** Line types of the account balance ledger (the account_balance_lines table). */
export const BALANCE_LINE_TYPES = ['Earnings', 'Payment', 'Referral', 'Bonus', 'Adjustment', 'Reversal', 'MaxMoney'] as const;

/** A line of the statement (spec 001 section 3): its day (YYYY-MM-DD, UTC), type, amount (2 decimals; payments negative) and notes. */
export const BalanceLine = z.object({
  date: z.string(),
  type: z.enum(BALANCE_LINE_TYPES),
  amount: z.number(),
  notes: z.string(),
});
export type BalanceLine = z.infer<typeof BalanceLine>;

export const AccountBalanceResponse = successEnvelope({
  /** The lines of the year asked for, in order (day, then as written). */
  account_balances: z.array(BalanceLine),
  /** Years with at least one line, newest first. */
  available_years: z.array(z.number().int()),
  /** For each available year (as a string key), the balance at its start: the closing balance of the years before it. */
  starting_balance_by_year: z.record(z.string(), z.number()),
});
export type AccountBalanceResponse = z.infer<typeof AccountBalanceResponse>;

const YEAR = 'Please choose a year from the list.';

export const balanceEndpoints = {
  accountBalance: endpoint({
    method: 'GET',
    path: '/accountBalance/:year',
    access: 'session',
    tags: ['balance'],
    summary: "The signed-in affiliate's statement for one year (spec 001 sections 2.6, 3, 7): its lines, the years that have lines and each year's starting balance",
    params: z.object({ year: z.string().regex(/^\d{4}$/, YEAR).transform(Number).pipe(z.number().int().min(1970, YEAR).max(9999, YEAR)) }),
    response: AccountBalanceResponse,
  }),
};
