import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastPayableMonthEnd, periodOf, runLedgerJob } from '../../server/modules/ledger/ledger';
import { insertAffiliate, setupTestApp, testEngine, type TestContext } from './helpers';
import { Random } from '../../server/db/demo/random';

/**
 * The earnings job replayed over seven weeks of generated conversions, run every night (and twice at
 * once on some nights), checked line by line against a calculation of its own: Eastern days read with
 * Intl, periods counted by hand from the terms (monthly until the first payment, then Sunday-to-
 * Saturday weeks), sums in cents.
 */
let t: TestContext;
const rnd = new Random(20270101);
const STATUSES = ['approved', 'approved', 'approved', 'pending', 'reversed', 'over_cap'] as const;
interface Generated { affiliate: number; at: Date; status: (typeof STATUSES)[number]; cents: number }
const generated: Generated[] = [];
let monthly: number;
let weekly: number;
const FIRST_PAYMENT = '2027-01-12'; // a Tuesday: weekly periods start after Saturday the 16th

const eastern = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const easternDayOf = (d: Date) => eastern.format(d);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The day each conversion's Earnings line is dated, by the terms (null: its period is still open on `lastRun`). */
function expectedLineDay(affiliate: number, day: string, lastRun: string): string | null {
  let end: string;
  if (affiliate === weekly && day > '2027-01-16') {
    end = '2027-01-16';
    while (end < day) end = plusDays(end, 7);
  } else {
    const [y, m] = day.split('-').map(Number);
    end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    if (affiliate === weekly && end > '2027-01-16') end = '2027-01-16';
  }
  return end < lastRun ? end : null;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  monthly = await insertAffiliate(t.database, { email: `ledger-monthly-${Date.now()}@example.com` });
  weekly = await insertAffiliate(t.database, { email: `ledger-weekly-${Date.now()}@example.com` });
  await db.insertInto('account_balance_lines').values({ affiliate_id: weekly, line_date: FIRST_PAYMENT, type: 'Payment', amount: -150, notes: 'First payment' }).execute();
  const start = Date.parse('2027-01-01T05:00:00Z'); // midnight Eastern
  const end = Date.parse('2027-02-20T05:00:00Z');
  for (const affiliate of [monthly, weekly]) {
    for (let i = 0; i < 400; i++) {
      generated.push({ affiliate, at: new Date(start + Math.floor(rnd.next() * (end - start))), status: STATUSES[Math.floor(rnd.next() * STATUSES.length)], cents: 1 + Math.floor(rnd.next() * 5000) });
    }
  }
  for (let i = 0; i < generated.length; i += 200) {
    await db
      .insertInto('conversions')
      .values(generated.slice(i, i + 200).map((g) => ({
        affiliate_id: g.affiliate, campaign_id: 1001, status: g.status, rate_type: 'F' as const, sale_amount: 0,
        payout: g.status === 'over_cap' ? 0 : g.cents / 100, converted_at: g.at,
      })))
      .execute();
  }
});
afterAll(() => t?.close());

describe(`the earnings ledger (${testEngine})`, () => {
  it('knows its pay periods and the net-15 month', () => {
    expect(periodOf('2027-01-10', null)).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(periodOf('2027-01-10', FIRST_PAYMENT)).toEqual({ start: '2027-01-01', end: '2027-01-16' });
    expect(periodOf('2027-01-17', FIRST_PAYMENT)).toEqual({ start: '2027-01-17', end: '2027-01-23' });
    expect(lastPayableMonthEnd('2027-02-15')).toBe('2027-01-31');
    expect(lastPayableMonthEnd('2027-02-14')).toBe('2026-12-31');
  });

  it('writes every line of seven weeks as an independent calculation does, however often it runs', async () => {
    const db = t.database.db;
    let lastRun = '';
    for (let day = '2027-01-01'; day <= '2027-02-20'; day = plusDays(day, 1)) {
      const night = new Date(`${day}T06:30:00Z`);
      // Every fourth night, two runs at once (two processes): the advisory lock and the sources keep one.
      if (Number(day.slice(8)) % 4 === 0) await Promise.all([runLedgerJob(db, night), runLedgerJob(db, night)]);
      else await runLedgerJob(db, night);
      lastRun = day;
    }
    for (const affiliate of [monthly, weekly]) {
      const expected = new Map<string, number>();
      for (const g of generated) {
        if (g.affiliate !== affiliate || g.status !== 'approved') continue;
        const lineDay = expectedLineDay(affiliate, easternDayOf(g.at), lastRun);
        if (lineDay !== null) expected.set(lineDay, (expected.get(lineDay) ?? 0) + g.cents);
      }
      const lines = await db
        .selectFrom('account_balance_lines')
        .select(['line_date', 'amount'])
        .where('affiliate_id', '=', affiliate)
        .where('type', '=', 'Earnings')
        .orderBy('line_date')
        .execute();
      expect(lines.map((l) => [String(l.line_date).slice(0, 10), Math.round(Number(l.amount) * 100)])).toEqual(
        [...expected].sort(([a], [b]) => a.localeCompare(b)),
      );
    }
    // Every credited conversion is marked with its line; the open periods' ones are not.
    const credited = await db.selectFrom('conversions').select(['affiliate_id', 'converted_at', 'status', 'ledger_line_id']).where('affiliate_id', 'in', [monthly, weekly]).execute();
    for (const c of credited) {
      const due = c.status === 'approved' && expectedLineDay(c.affiliate_id, easternDayOf(new Date(c.converted_at)), lastRun) !== null;
      expect(c.ledger_line_id !== null).toBe(due);
    }
  });
});
