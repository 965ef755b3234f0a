import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { DemoRun, CampaignPlan } from './run';

/** The demo affiliate's campaign access, access requests, bookmarks and views. */
export async function seedDemoCampaigns(run: DemoRun, plans: CampaignPlan[]): Promise<{ demoId: number; live: CampaignPlan[]; approved: CampaignPlan[] }> {
  const { rnd, now, daysAgo, put } = run;
  const demoId = 100001;
  const live = plans.filter((p) => p.status === 'active');
  const approved = rnd.sample(live, Math.min(36, live.length));
  const others = live.filter((p) => !approved.includes(p));
  const pending = rnd.sample(others.filter((p) => p.byRequest), 5);
  const rejected = rnd.sample(others.filter((p) => p.byRequest && !pending.includes(p)), 3);
  const requestToRun = rnd.sample(others.filter((p) => !pending.includes(p) && !rejected.includes(p)), 2);
  const access: Array<Insertable<DB['campaign_access']>> = [];
  approved.forEach((p, k) => access.push({
    affiliate_id: demoId, campaign_id: p.id, status: 'Approved', daily_cap: rnd.chance(0.3) ? rnd.int(5, 50) * 10 : null,
    is_manager_pick: k % 5 === 0, updated_at: daysAgo(k * 9 + 1),
  }));
  pending.forEach((p, k) => access.push({ affiliate_id: demoId, campaign_id: p.id, status: 'Pending', updated_at: daysAgo(k + 1) }));
  rejected.forEach((p, k) => access.push({ affiliate_id: demoId, campaign_id: p.id, status: 'Rejected', updated_at: daysAgo(20 + k) }));
  requestToRun.forEach((p, k) => access.push({
    affiliate_id: demoId, campaign_id: p.id, status: 'Request approval to run', is_manager_pick: true, updated_at: daysAgo(3 + k),
  }));
  for (const p of rnd.sample(others, 4)) {
    if (!access.some((a) => a.campaign_id === p.id)) access.push({ affiliate_id: demoId, campaign_id: p.id, status: p.byRequest ? 'Pending' : 'Approved', is_manager_pick: true, updated_at: daysAgo(2) });
  }
  await put('campaign_access', access);
  await put('access_requests', [...pending, ...rejected].map((p, k) => ({
    affiliate_id: demoId, campaign_id: p.id, status: k < pending.length ? ('Pending' as const) : ('Rejected' as const),
    estimated_leads: String(rnd.int(2, 40) * 5), traffic_type: p.traffic.includes('email') ? 'E' : 'L',
    description: 'Newsletter placements and paid social to a lookalike audience of our finance readers, with our own landing pages.',
    creative: 'E' as const, source1: 'Solo e-mail blast', source2: 'Paid ads', created_at: daysAgo(k + 2),
    decided_at: k < pending.length ? null : daysAgo(k),
  })));
  await put('bookmarks', rnd.sample(plans, 12).map((p, k) => ({ affiliate_id: demoId, campaign_id: p.id, created_at: daysAgo(k * 4) })));
  await put('campaign_views', rnd.sample(plans, 15).map((p, k) => ({ affiliate_id: demoId, campaign_id: p.id, viewed_at: new Date(now.getTime() - k * 5 * 3600_000) })));
  return { demoId, live, approved };
}
