import type { ClickRow } from '../../modules/tracking/clickColumns';
import { dayInZone } from '../../../src/shared/dates';
import { DASHBOARD_DEMO_IDS, BONUS_DEMOS } from './accounts';
import type { DemoRun, CampaignPlan, PlannedConversion } from './run';

/** The dashboard demo accounts' earnings, and the main demo's conversion of a few minutes ago. */
export async function seedDashboardEarnings(run: DemoRun, { demoId, live, approved }: { demoId: number; live: CampaignPlan[]; approved: CampaignPlan[] }): Promise<void> {
  const { now, daysAgo, timeZone, put, writeHistory } = run;
  // Deterministic (no draws from rnd, so the rest of the network is unchanged): conversions on a
  // few self-serve campaigns spread over the first 3 months since registration, up to each
  // account's earnings, and one conversion of the main demo a few minutes ago so its "today" is
  // not empty. Written through the tracking engine like the history above.
  {
    const bonusCampaigns = live.filter((p) => !p.byRequest).slice(0, 4);
    const extraClicks: ClickRow[] = [];
    const extraConversions: PlannedConversion[] = [];
    const payoutOf = (p: CampaignPlan) => (p.rateType === 'P' ? Math.round(200 * p.rate) / 100 : p.rate);
    // About one conversion in 40 clicks, so the network EPC these accounts add stays realistic.
    const CLICKS_PER_CONVERSION = 40;
    const addConversion = (affiliateId: number, p: CampaignPlan, at: Date, n: number) => {
      const key = `dash${affiliateId}x${n}`;
      for (let k = 0; k < CLICKS_PER_CONVERSION; k++) {
        extraClicks.push({
          click_key: k === 0 ? key : `${key}c${k}`, affiliate_id: affiliateId, campaign_id: p.id, creative_id: p.creatives[0],
          landing_page_id: p.landingPages[0], country_code: 'US', clicked_at: new Date(at.getTime() - (10 + k * 7) * 60_000),
        });
      }
      // The engine computes the payout from the campaign's default rate: payoutOf(p) exactly.
      extraConversions.push({ clickKey: key, txid: key, sale: p.rateType === 'P' ? 200 : 0, status: 'approved', at });
    };
    for (const b of BONUS_DEMOS) {
      const id = DASHBOARD_DEMO_IDS[b.key];
      await put('campaign_access', bonusCampaigns.map((p) => ({ affiliate_id: id, campaign_id: p.id, status: 'Approved' as const, updated_at: daysAgo(b.registeredDaysAgo - 1) })));
      // Days of the promo period that have passed (3 months is about 90 days).
      const days = Math.min(b.registeredDaysAgo, 89);
      let earned = 0;
      let n = 0;
      for (let d = 0; d < days && earned < b.earnings; d++) {
        // Mid-day Eastern (15:00 UTC), well inside the reporting day.
        const at = new Date(daysAgo(b.registeredDaysAgo - d).getTime() + 15 * 3600_000);
        if (at > now) break;
        while (earned < (b.earnings * (d + 1)) / days) {
          const p = bonusCampaigns[n % bonusCampaigns.length];
          addConversion(id, p, new Date(at.getTime() + (n % 60) * 60_000), n++);
          earned += payoutOf(p);
        }
      }
    }
    // Five minutes ago, unless that is still yesterday in the reporting zone (a database made just
    // after midnight there): then a second ago, so "today" is never empty.
    const fiveMinutesAgo = new Date(now.getTime() - 5 * 60_000);
    const recent = dayInZone(fiveMinutesAgo, timeZone) === dayInZone(now, timeZone) ? fiveMinutesAgo : new Date(now.getTime() - 1000);
    if (approved.length > 0) addConversion(demoId, approved[0], recent, 0);
    await writeHistory(extraClicks, extraConversions);
  }
}
