import { formatDay } from '../../lib/dates';
import { paths } from '../../../src/shared/paths';
import { formatRate, rateText } from '../../../src/shared/rateText';
import { NEWS, NOTIFICATIONS, PRIVATE_NOTIFICATION, RESOURCES } from './content';
import { syncIdentity } from './insert';
import { DASHBOARD_DEMO_IDS } from './accounts';
import type { DemoRun, CampaignPlan } from './run';

/** News, notifications, the dashboard's slider, resources and the registration page's banners. */
export async function seedSiteContent(run: DemoRun, { demoId, live, approved }: { demoId: number; live: CampaignPlan[]; approved: CampaignPlan[] }): Promise<void> {
  const { trx, rnd, daysAgo, put } = run;
  await put('news', NEWS.map((n, k) => ({ id: k + 1, type: n.type, news_date: formatDay(daysAgo(n.daysAgo)), body_html: n.html })));
  await put('notifications', [
    ...NOTIFICATIONS.map((html, k) => ({ id: k + 1, body_html: html, created_at: daysAgo(k + 1) })),
    {
      id: NOTIFICATIONS.length + 1, affiliate_id: demoId, created_at: daysAgo(0),
      body_html: `<p>Good news: your request to run campaign <a href="${paths.campaign(approved[0].id)}">#${approved[0].id}</a> was approved.</p>`,
    },
    { id: NOTIFICATIONS.length + 2, affiliate_id: DASHBOARD_DEMO_IDS.telegram, created_at: daysAgo(0), body_html: PRIVATE_NOTIFICATION },
  ]);
  const featured = rnd.sample(live.filter((p) => !p.byRequest), 6);
  await put('slider_items', featured.map((p, k) => ({
    id: k + 1, campaign_id: p.id, pinned: k === 0, sort: k, button: k === 0 ? 'Start promoting' : 'View campaign',
    url: paths.campaign(p.id),
    description: p.rateType === 'F' ? `Now paying ${rateText('F', p.rate)}` : `Earn ${formatRate('P', p.rate)} of every sale`,
  })));
  await put('resources', RESOURCES.map((r, k) => ({ id: k + 1, category_id: r.category, name: r.name, description: r.description, url: r.url, promo_code: r.promo_code ?? '', promo_description: r.promo_description ?? '', image_style: k })));
  // The registration page's partner banners (?mktg=1..3; docs/registration.md): fixed, not drawn from the random stream.
  await put('marketing_campaigns', [
    { id: 1, header: 'Earn more with our network', image: '', content: 'Weekly payments, dedicated affiliate managers and hundreds of exclusive campaigns.' },
    { id: 2, header: 'Welcome, Affiliate Summit attendees', image: '', content: 'Apply today and your manager will call you within one business day to set up your first campaigns.' },
    { id: 3, header: 'Readers of Performance Weekly', image: '', content: 'Exclusive finance and insurance offers, paid weekly once you reach $100.' },
  ]);
  for (const t of ['news', 'notifications', 'slider_items', 'resources', 'marketing_campaigns'] as const) await syncIdentity(trx, t);
}
