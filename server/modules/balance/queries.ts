import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The affiliate's ledger total of each year it has lines in, oldest first (full precision). */
export async function yearlyTotals(db: Kysely<DB>, affiliateId: number): Promise<Array<{ year: number; total: number }>> {
  const { rows } = await sql<{ year: number; total: number }>`
      select extract(year from line_date)::int as year, sum(amount)::float8 as total
      from account_balance_lines where affiliate_id = ${affiliateId}
      group by 1 order by 1`.execute(db);
  return rows;
}

/** The affiliate's ledger lines of one year, in date order. */
export function linesOfYear(db: Kysely<DB>, affiliateId: number, year: number) {
  return db
    .selectFrom('account_balance_lines')
    .select(['line_date', 'type', 'amount', 'notes'])
    .where('affiliate_id', '=', affiliateId)
    .where('line_date', '>=', `${year}-01-01`)
    .where('line_date', '<', `${year + 1}-01-01`)
    .orderBy('line_date')
    .orderBy('id')
    .execute();
}
