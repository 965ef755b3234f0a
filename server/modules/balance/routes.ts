import { sql } from 'kysely';
import { balanceEndpoints, type BalanceLine } from '../../../src/api/contract/balance';
import { route } from '../../lib/route';
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
    const totals = await sql<{ year: number; total: number }>`
      select extract(year from line_date)::int as year, sum(amount)::float8 as total
      from account_balance_lines where affiliate_id = ${affiliateId}
      group by 1 order by 1`.execute(ctx.db);
    const starting: Record<string, number> = {};
    let before = 0;
    for (const { year: y, total } of totals.rows) {
      starting[String(y)] = cents(before);
      before += total;
    }
    const lines = await ctx.db
      .selectFrom('account_balance_lines')
      .select(['line_date', 'type', 'amount', 'notes'])
      .where('affiliate_id', '=', affiliateId)
      .where('line_date', '>=', `${year}-01-01`)
      .where('line_date', '<', `${year + 1}-01-01`)
      .orderBy('line_date')
      .orderBy('id')
      .execute();
    return {
      success: true as const,
      account_balances: lines.map((l) => ({ date: String(l.line_date), type: l.type as BalanceLine['type'], amount: cents(Number(l.amount)), notes: l.notes })),
      available_years: totals.rows.map((r) => r.year).reverse(),
      starting_balance_by_year: starting,
    };
  });
};

/** Registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [balanceRoutes] };
