import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBalanceResponse } from '../../src/api/contract/balance';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

let t: TestContext;
let demo: string;
let demoId: number;

beforeAll(async () => {
  t = await setupTestApp();
  demo = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  demoId = (await t.database.db.selectFrom('affiliates').select('id').where('email', '=', DEMO_ACCOUNTS.demo).executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const statement = async (year: number | string, token = demo) => {
  const res = await t.app.inject(withToken(token, { method: 'GET', url: `/api/accountBalance/${year}` }));
  expect(res.statusCode, res.body).toBe(200);
  return AccountBalanceResponse.parse(res.json());
};

describe(`GET /api/accountBalance/{year} (${testEngine})`, () => {
  it("gives each year's lines in order, and starting balances that follow from the years before", async () => {
    const first = await statement(new Date().getUTCFullYear());
    const years = first.available_years;
    // The demo registered 800 days ago: more than two years of weekly payments, a whole year between.
    expect(years.length).toBeGreaterThanOrEqual(3);
    const wholeYear = await statement(years[1]);
    expect(wholeYear.account_balances.filter((l) => l.type === 'Payment').length).toBeGreaterThan(30);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    expect(Object.keys(first.starting_balance_by_year).sort()).toEqual(years.map(String).sort());
    const oldest = years.at(-1)!;
    expect(first.starting_balance_by_year[String(oldest)]).toBe(0);
    for (const year of [...years].reverse()) {
      const s = await statement(year);
      expect(s.account_balances.length).toBeGreaterThan(0);
      expect(s.account_balances.every((l) => l.date.startsWith(`${year}-`))).toBe(true);
      expect(s.account_balances.map((l) => l.date)).toEqual([...s.account_balances.map((l) => l.date)].sort());
      const closing = s.starting_balance_by_year[String(year)] + s.account_balances.reduce((sum, l) => sum + l.amount, 0);
      const next = years.filter((y) => y > year).at(-1);
      if (next !== undefined) expect(s.starting_balance_by_year[String(next)]).toBeCloseTo(closing, 2);
    }
  });

  it("counts only the affiliate's own lines; a year of its own appears with the right starts; an empty year is empty", async () => {
    const other = await t.database.db.selectFrom('affiliates').select('id').where('id', '!=', demoId).executeTakeFirstOrThrow();
    const added = await t.database.db
      .insertInto('account_balance_lines')
      .values([
        { affiliate_id: demoId, line_date: '2001-03-04', type: 'Adjustment', amount: '12.345', notes: 'Old correction' },
        { affiliate_id: other.id, line_date: '2001-05-06', type: 'Earnings', amount: '999', notes: 'Not yours' },
      ])
      .returning('id')
      .execute();
    try {
      const s = await statement(2001);
      expect(s.account_balances).toEqual([{ date: '2001-03-04', type: 'Adjustment', amount: 12.35, notes: 'Old correction' }]);
      expect(s.available_years.at(-1)).toBe(2001);
      expect(s.starting_balance_by_year['2001']).toBe(0);
      const second = s.available_years.at(-2)!;
      expect(s.starting_balance_by_year[String(second)]).toBe(12.35);
      expect((await statement(1999)).account_balances).toEqual([]);
    } finally {
      await t.database.db.deleteFrom('account_balance_lines').where('id', 'in', added.map((r) => r.id)).execute();
    }
  });

  it('refuses a year that is not one with a readable 400, and answers nobody without a session', async () => {
    for (const year of ['20x1', '1800', '12345', '-2024']) {
      const res = await t.app.inject(withToken(demo, { method: 'GET', url: `/api/accountBalance/${year}` }));
      expect(res.statusCode, year).toBe(400);
      expect(res.json().errors.message).toMatch(/year/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/accountBalance/2025' })).statusCode).toBe(401);
  });
});
