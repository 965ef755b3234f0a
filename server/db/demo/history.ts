import type { Insertable } from 'kysely';
import type { ClickRow } from '../../modules/tracking/clickColumns';
import { newOpaqueId } from '../../modules/tracking/clickIds';
import type { DB } from '../schema';
import { syncIdentity } from './insert';
import { DAY, type DemoRun, type CampaignPlan, type PlannedConversion, type DemoRecorded } from './run';

/** The demo affiliate's tracking links and its click and conversion history on its running campaigns. */
export async function seedDemoHistory(run: DemoRun, { demoId, approved }: { demoId: number; approved: CampaignPlan[] }): Promise<{ running: CampaignPlan[]; conversions: DemoRecorded[] }> {
  const { trx, rnd, now, daysAgo, historyDays, put, writeHistory } = run;
  const running = approved.slice(0, Math.min(20, approved.length));
  const links: Array<Insertable<DB['tracking_links']>> = [];
  const sub1Values = ['fb_feed', 'ig_story', 'newsletter', 'google_brand', 'tiktok_a', 'native_taboola', ''];
  for (const p of running) {
    for (let k = 0; k < rnd.int(1, 3); k++) {
      links.push({
        id: links.length + 1, code: newOpaqueId(), affiliate_id: demoId, campaign_id: p.id, traffic_type: rnd.pick(p.traffic),
        creative_id: rnd.pick(p.creatives), landing_page_id: rnd.pick(p.landingPages), sub1: rnd.pick(sub1Values),
        sub2: rnd.chance(0.5) ? `adset_${rnd.int(1, 9)}` : '', created_at: daysAgo(historyDays + 5 - k),
      });
    }
  }
  await put('tracking_links', links);
  await syncIdentity(trx, 'tracking_links');

  const clicks: ClickRow[] = [];
  const planned: PlannedConversion[] = [];
  const devices: Array<[string, string, string]> = [
    ['Desktop', 'Windows', 'Chrome'], ['Desktop', 'macOS', 'Safari'], ['Mobile', 'Android', 'Chrome'],
    ['Mobile', 'iOS', 'Safari'], ['Tablet', 'iOS', 'Safari'], ['Desktop', 'Windows', 'Edge'],
  ];
  const cities: Record<string, Array<[string, string]>> = {
    US: [['NY', 'New York'], ['CA', 'Los Angeles'], ['TX', 'Houston'], ['IL', 'Chicago'], ['FL', 'Miami']],
    CA: [['ON', 'Toronto'], ['BC', 'Vancouver']], GB: [['ENG', 'London'], ['ENG', 'Manchester']],
    DE: [['BE', 'Berlin'], ['BY', 'Munich']], AU: [['NSW', 'Sydney'], ['VIC', 'Melbourne']],
  };
  const campaignRate = new Map(running.map((p) => [p.id, { cr: rnd.float(0.008, 0.06, 4), weight: rnd.float(0.3, 1.6) }]));
  let clickId = 1;
  for (let d = historyDays - 1; d >= 0; d--) {
    const day = daysAgo(d);
    const weekday = day.getUTCDay();
    const trend = 0.6 + 0.4 * (1 - d / historyDays);
    const weekly = weekday === 0 || weekday === 6 ? 0.75 : 1;
    for (const p of running) {
      const { cr, weight } = campaignRate.get(p.id)!;
      const n = rnd.around(14 * weight * trend * weekly, 0.3);
      const pLinks = links.filter((l) => l.campaign_id === p.id);
      for (let k = 0; k < n; k++) {
        const link = rnd.pick(pLinks);
        const country = p.countries.length ? rnd.pick(p.countries) : rnd.pick(['US', 'US', 'CA', 'GB', 'DE', 'AU', 'IN']);
        const [region, city] = cities[country] ? rnd.pick(cities[country]) : ['', ''];
        const [device, os, browser] = rnd.pick(devices);
        const at = new Date(day.getTime() + rnd.int(0, DAY / 1000 - 1) * 1000);
        if (at > now) continue;
        const ip = `${rnd.int(23, 223)}.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`;
        const cid = clickId++;
        const click = {
          click_key: `${cid.toString(36)}${rnd.hex(12)}`, affiliate_id: demoId, campaign_id: p.id,
          tracking_link_id: link.id as number, creative_id: link.creative_id ?? 0, landing_page_id: link.landing_page_id ?? 0,
          sub1: link.sub1 ?? '', sub2: link.sub2 ?? '', ip, country_code: country, region, city, device, os, browser,
          traffic_type: link.traffic_type, clicked_at: at,
        };
        clicks.push(click);
        if (rnd.next() < cr) {
          const sale = p.rateType === 'P' ? rnd.float(19, 320) : 0;
          const convertedAt = new Date(Math.min(at.getTime() + rnd.int(60, 36 * 3600) * 1000, now.getTime()));
          const ageDays = (now.getTime() - convertedAt.getTime()) / DAY;
          const reversed = ageDays > 10 && rnd.chance(0.04);
          const status = ageDays < 3 && rnd.chance(0.5) ? ('pending' as const) : ('approved' as const);
          const txid = rnd.hex(10);
          planned.push({
            clickKey: click.click_key, txid, sale, status: reversed ? 'approved' : status, at: convertedAt,
            reversal: reversed
              ? {
                  at: new Date(Math.min(convertedAt.getTime() + rnd.int(3, 9) * DAY, now.getTime())),
                  reason: rnd.pick(['Chargeback', 'Duplicate lead', 'Fraud check failed', 'Returned order']),
                }
              : undefined,
          });
        }
      }
    }
  }
  const conversions = await writeHistory(clicks, planned);
  return { running, conversions };
}
