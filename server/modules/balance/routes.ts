import { balanceEndpoints, type BalanceLine } from '../../../src/api/contract/balance';
import { route } from '../../lib/route';
import { linesOfYear, yearlyTotals } from './queries';
import type { RouteModule, RoutePlugin } from '../../lib/routeModules';

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The yearly statement (spec 001 section 2.6) from the ledger. Sums are taken in the database at
 * full precision and rounded once, so each year's starting balance is exactly the previous year's
 * start plus its lines: the statement's running balance never jumps between years.
 */
export const balanceRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, balanceEndpoints.accountBalance, async (request) => {
    const { affiliateId } = request.auth;
    const { year } = request.params;
    const totals = await yearlyTotals(ctx.db, affiliateId);
    const starting: Record<string, number> = {};
    let before = 0;
    for (const { year: y, total } of totals) {
      starting[String(y)] = cents(before);
      before += total;
    }
    const lines = await linesOfYear(ctx.db, affiliateId, year);
    return {
      success: true as const,
      account_balances: lines.map((l) => ({ date: String(l.line_date), type: l.type as BalanceLine['type'], amount: cents(Number(l.amount)), notes: l.notes })),
      available_years: totals.map((r) => r.year).reverse(),
      starting_balance_by_year: starting,
    };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [balanceRoutes] };
