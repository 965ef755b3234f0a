import type { Insertable } from 'kysely';
import { formatDay } from '../../lib/dates';
import type { ClickRow } from '../../modules/tracking/clickColumns';
import { addMonthsTo } from '../../../src/shared/dates';
import type { DB } from '../schema';
import { Random } from './random';
import { computeReferralCommissions, incomeLineDay, incomeNote, monthOf } from '../../modules/referrals/income';
import { DAY, round2, startOfWeek, type DemoRun, type CampaignPlan, type PlannedConversion, type DemoRecorded } from './run';

export interface LedgerInput {
  demoId: number;
  demoRegistered: Date;
  fillers: Array<Insertable<DB['affiliates']>>;
  live: CampaignPlan[];
  conversions: DemoRecorded[];
}

/** The demo's account balance ledger and its referral income (commissions and credits). */
export async function seedLedger(run: DemoRun, { demoId, demoRegistered, fillers, live, conversions }: LedgerInput): Promise<void> {
  const { trx, rnd, seed, now, today, daysAgo, historyDays, put, writeHistory } = run;
  const weeklyEarnings = new Map<string, number>();
  for (const c of conversions) {
    if (c.status !== 'approved') continue;
    const week = formatDay(startOfWeek(new Date(c.converted_at as Date)));
    weeklyEarnings.set(week, (weeklyEarnings.get(week) ?? 0) + Number(c.payout));
  }
  // The demo's ledger (the Account Balances page): weekly earnings (Saturday), a payment
  // each Wednesday once the balance owed reaches the $100 minimum (all of it, so the balance never
  // runs away), referral credits, the first-payment bonus and a few adjustments both ways, with
  // notes. Credits are gathered first and the ledger is written after, in day order; the draws
  // from rnd stay the ones they always were, so the rest of the network is unchanged.
  type Credit = { day: string; type: 'Earnings' | 'Referral' | 'Bonus' | 'Adjustment'; amount: number; notes: string };
  const credits: Credit[] = [];
  const paydays: Array<{ day: string; cutoff: string }> = [];
  const earnedByWeek = new Map<string, number>();
  // Weeks before day 400 (the ledger's first start) draw from their own stream, so the main
  // stream's draws, and with them the rest of the network, are the ones they always were.
  const olderWeeks = new Random((seed) ^ 0x1ed9e4);
  for (let w = startOfWeek(demoRegistered); w < today; w = new Date(w.getTime() + 7 * DAY)) {
    const key = formatDay(w);
    const inHistory = w.getTime() >= daysAgo(historyDays).getTime();
    const draw = w.getTime() < startOfWeek(daysAgo(400)).getTime() ? olderWeeks : rnd;
    const earned = round2(inHistory ? weeklyEarnings.get(key) ?? 0 : draw.chance(0.8) ? draw.float(40, 900) : 0);
    const lineDay = formatDay(new Date(w.getTime() + 6 * DAY));
    earnedByWeek.set(key, earned);
    // A week's earnings are credited once it is over: the week under way has no line yet.
    if (earned > 0 && lineDay <= formatDay(today)) credits.push({ day: lineDay, type: 'Earnings', amount: earned, notes: `Earnings for the week of ${key}` });
    // Paid the following Wednesday: what is owed up to this Saturday.
    const payday = new Date(w.getTime() + 10 * DAY);
    if (payday < today) paydays.push({ day: formatDay(payday), cutoff: lineDay });
  }
  // Referral income (docs/referrals.md): the four referred publishers earn through the
  // tracking engine from their approval on (writeHistory, like the history above; their own random
  // stream), and the referral job's own computation turns their approved earnings into the demo's
  // commissions, and each month that is over into its 'Referral' credit, dated as the job dates it.
  {
    const refRnd = new Random((seed) ^ 0x2ef3a1);
    const selfServe = live.filter((p) => !p.byRequest);
    const refCampaigns = selfServe.length > 8 ? selfServe.slice(4, 8) : live.slice(0, 4);
    const refClicks: ClickRow[] = [];
    const refConversions: PlannedConversion[] = [];
    const CLICKS_PER_REFERRED_CONVERSION = 20;
    const referredDemo = fillers.slice(0, 4);
    await put('campaign_access', referredDemo.flatMap((f, k) => refCampaigns.map((p) => ({
      affiliate_id: f.id as number, campaign_id: p.id, status: 'Approved' as const, updated_at: daysAgo(147 - k * 30),
    }))));
    referredDemo.forEach((f, k) => {
      // Approved 148 - 30k days ago (the referrals above): conversions from the next day on.
      for (let d = 147 - k * 30; d >= 0; d--) {
        for (let n = refRnd.int(0, 2); n > 0; n--) {
          const p = refRnd.pick(refCampaigns);
          // 13:00 to 23:00 UTC: inside the Eastern day of the same date.
          const at = new Date(daysAgo(d).getTime() + refRnd.int(13 * 3600, 23 * 3600) * 1000);
          const sale = p.rateType === 'P' ? refRnd.float(40, 260) : 0;
          const reversed = refRnd.chance(0.05);
          if (at > now) continue;
          const key = `ref${f.id as number}x${refConversions.length}`;
          for (let c = 0; c < CLICKS_PER_REFERRED_CONVERSION; c++) {
            refClicks.push({
              click_key: c === 0 ? key : `${key}c${c}`, affiliate_id: f.id as number, campaign_id: p.id, creative_id: p.creatives[0],
              landing_page_id: p.landingPages[0], country_code: f.country_code ?? 'US', clicked_at: new Date(at.getTime() - (5 + c * 11) * 60_000),
            });
          }
          const ageDays = (now.getTime() - at.getTime()) / DAY;
          refConversions.push({
            clickKey: key, txid: key, sale, status: ageDays < 3 ? 'pending' : 'approved', at,
            reversal: reversed && ageDays > 10 ? { at: new Date(at.getTime() + 4 * DAY), reason: 'Chargeback' } : undefined,
          });
        }
      }
    });
    await writeHistory(refClicks, refConversions);
  }
  const referralIncome = await computeReferralCommissions(trx, now, { referrerId: demoId });
  const referralCommissions: Array<Insertable<DB['referral_commissions']>> = referralIncome.map(({ referrer_id, referred_id, period_date, amount }) => ({ referrer_id, referred_id, period_date, amount }));
  // The draws of the random amounts this replaced, kept so the main stream (and the network after it) is unchanged.
  for (let m = 5; m >= 1; m--) {
    const period = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - m, 1));
    for (const f of fillers.slice(0, 4)) if ((f.registration_date as Date) <= period) rnd.float(5, 180);
  }
  const incomeByMonth = new Map<string, number>();
  for (const r of referralIncome) if (r.period_date < monthOf(now)) incomeByMonth.set(r.period_date, (incomeByMonth.get(r.period_date) ?? 0) + r.amount);
  for (const [period, total] of incomeByMonth) credits.push({ day: incomeLineDay(period), type: 'Referral', amount: round2(total), notes: incomeNote(period) });
  credits.push({ day: formatDay(daysAgo(770)), type: 'Bonus', amount: 100, notes: 'First payment bonus' });
  // Adjustments: credits on their own day; a debit on the Saturday of the first week from its day
  // that earned at least $100, so it is taken from that week's earnings, never below zero.
  const adjustments: Array<{ daysAgo: number; amount: number; notes: string }> = [
    { daysAgo: 700, amount: 12.5, notes: 'Late postback from the advertiser: 1 sale credited' },
    { daysAgo: 560, amount: -30, notes: 'Fraudulent leads removed after a quality review' },
    { daysAgo: 450, amount: 40, notes: 'Rate correction: the agreed payout applied retroactively' },
    { daysAgo: 330, amount: 25, notes: "Correction: 2 leads the advertiser's postback missed, credited after review" },
    { daysAgo: 270, amount: -18.5, notes: 'Chargeback on an approved sale' },
    { daysAgo: 200, amount: -42, notes: 'Duplicate leads removed after a quality review' },
    { daysAgo: 150, amount: 60, notes: 'Manual credit: conversions lost during a tracking outage' },
    { daysAgo: 75, amount: -7.25, notes: 'Returned order: commission taken back' },
    { daysAgo: 30, amount: 15, notes: 'Goodwill credit for a late payment' },
  ];
  for (const a of adjustments) {
    if (a.amount > 0) {
      credits.push({ day: formatDay(daysAgo(a.daysAgo)), type: 'Adjustment', amount: a.amount, notes: a.notes });
      continue;
    }
    for (let w = startOfWeek(daysAgo(a.daysAgo)); w < today; w = new Date(w.getTime() + 7 * DAY)) {
      if ((earnedByWeek.get(formatDay(w)) ?? 0) < 100) continue;
      credits.push({ day: formatDay(new Date(w.getTime() + 6 * DAY)), type: 'Adjustment', amount: a.amount, notes: a.notes });
      break;
    }
  }
  // Day order; on one day, in the order gathered (earnings before that Saturday's adjustment).
  credits.sort((a, b) => a.day.localeCompare(b.day));
  const balanceLines: Array<Insertable<DB['account_balance_lines']>> = [];
  let owed = 0;
  let next = 0;
  for (const p of paydays) {
    for (; next < credits.length && credits[next].day <= p.cutoff; next++) {
      const c = credits[next];
      balanceLines.push({ affiliate_id: demoId, line_date: c.day, type: c.type, amount: c.amount, notes: c.notes });
      owed += c.amount;
    }
    if (round2(owed) >= 100) {
      balanceLines.push({ affiliate_id: demoId, line_date: p.day, type: 'Payment', amount: -round2(owed), notes: 'Weekly payment via Tipalti (ACH)' });
      owed = 0;
    }
  }
  for (const c of credits.slice(next)) balanceLines.push({ affiliate_id: demoId, line_date: c.day, type: c.type, amount: c.amount, notes: c.notes });
  // Lines of the days between a Saturday and its payday were gathered after that payment.
  balanceLines.sort((a, b) => a.line_date.localeCompare(b.line_date));
  await put('account_balance_lines', balanceLines);
  await put('referral_commissions', referralCommissions);
  // The months credited above, claimed as the referral job claims them, so it never credits them again.
  const referralLines = await trx.selectFrom('account_balance_lines').select(['id', 'line_date']).where('affiliate_id', '=', demoId).where('type', '=', 'Referral').execute();
  await put('referral_credits', referralLines.map((l) => ({ affiliate_id: demoId, kind: 'income' as const, period_date: addMonthsTo(l.line_date, -1), line_id: l.id })));
  // The history before this week is paid by the demo's own statement above: marked credited (line 0,
  // no line of its own) so the ledger job (modules/ledger) credits only what is earned from this week on.
  await trx
    .updateTable('conversions')
    .set({ ledger_line_id: 0 })
    .where('status', '=', 'approved')
    .where('ledger_line_id', 'is', null)
    .where('converted_at', '<', startOfWeek(today))
    .execute();
}
