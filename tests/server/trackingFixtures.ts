import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';
import { withToken } from './helpers';

/** Helpers of the tracking engine tests: a campaign the demo affiliate runs, links and clicks. */
export const DEMO_AFFILIATE = 100001;

export interface RunnableCampaign {
  id: number;
  trafficCode: string;
  creativeId: number;
  landingPageId: number;
  otherCampaignCreative: number;
  otherCampaignLanding: number;
}

const CODE_BY_TYPE: Record<string, string> = {
  contextual: 'C', display: 'S', search: 'R', social: 'L', native: 'N', mobile: 'M', email: 'E', incentive: 'I', brand_bid: 'B',
};

/**
 * An active campaign the demo affiliate is approved for, made predictable: no expiry, every device,
 * no country or OS filter, and one landing page whose URL carries macros.
 */
export async function prepareCampaign(db: Kysely<DB>, index = 0, landingUrl = 'https://lp.example/offer?cid={click_id}&aff={affiliate_id}&s1={sub1}&s2={sub2}'): Promise<RunnableCampaign> {
  const rows = await db
    .selectFrom('campaign_access')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_access.campaign_id')
    .select('campaigns.id')
    .where('campaign_access.affiliate_id', '=', DEMO_AFFILIATE)
    .where('campaign_access.status', '=', 'Approved')
    .orderBy('campaigns.id')
    .execute();
  const id = rows[index].id;
  await db.updateTable('campaigns').set({ status: 'active', expiry_date: null, desktop_traffic: true, mobile_traffic: true, geo_filtering: false, os_filtering: false }).where('id', '=', id).execute();
  const traffic = await db.selectFrom('campaign_traffic_types').select('traffic_type').where('campaign_id', '=', id).orderBy('traffic_type').executeTakeFirst();
  if (!traffic) await db.insertInto('campaign_traffic_types').values({ campaign_id: id, traffic_type: 'email' }).execute();
  const creative = await db.selectFrom('creatives').select('id').where('campaign_id', '=', id).where('type', '=', 'banner').orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('creatives').set({ status: 'active' }).where('id', '=', creative.id).execute();
  const lp = await db.selectFrom('landing_pages').select('id').where('campaign_id', '=', id).orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('landing_pages').set({ url: landingUrl, status: 'active', is_default: true }).where('id', '=', lp.id).execute();
  const otherCreative = await db.selectFrom('creatives').select('id').where('campaign_id', '<>', id).orderBy('id').executeTakeFirstOrThrow();
  const otherLp = await db.selectFrom('landing_pages').select('id').where('campaign_id', '<>', id).orderBy('id').executeTakeFirstOrThrow();
  return {
    id,
    trafficCode: CODE_BY_TYPE[traffic?.traffic_type ?? 'email'],
    creativeId: creative.id,
    landingPageId: lp.id,
    otherCampaignCreative: otherCreative.id,
    otherCampaignLanding: otherLp.id,
  };
}

export async function buildLink(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  const res = await app.inject(withToken(token, { method: 'POST', url: '/api/trackinglink', payload }));
  return { res, body: res.json() as Record<string, unknown> };
}

/** The code of a link (the part after /go/). */
export function codeOf(link: string): string {
  return new URL(link).pathname.split('/').pop()!;
}

export async function countRows(db: Kysely<DB>, table: 'clicks' | 'conversions' | 'reversals' | 'postback_deliveries' | 'postback_attempts' | 'tracking_links'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function rollupTotals(db: Kysely<DB>, campaignId: number) {
  const row = await db
    .selectFrom('stats_daily')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('leads'), eb.lit(0)).as('leads'),
      eb.fn.coalesce(eb.fn.sum<number>('earnings'), eb.lit(0)).as('earnings'),
      eb.fn.coalesce(eb.fn.sum<number>('sales'), eb.lit(0)).as('sales'),
    ])
    .where('affiliate_id', '=', DEMO_AFFILIATE)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const money = (n: unknown) => Math.round(Number(n) * 100) / 100;
  return { clicks: Number(row.clicks), leads: Number(row.leads), earnings: money(row.earnings), sales: money(row.sales) };
}

/** Clicks a link through app.inject and returns the click id the landing page received. */
export async function clickThrough(app: FastifyInstance, link: string, query = ''): Promise<string> {
  const url = new URL(link);
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${query || url.search}`, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0' }, remoteAddress: '198.51.100.7' });
  if (res.statusCode !== 302) throw new Error(`click answered ${res.statusCode}`);
  const landing = new URL(res.headers.location as string).searchParams;
  const cid = landing.get('cid') ?? landing.get('click_id');
  if (!cid) throw new Error(`no click id in ${res.headers.location}`);
  return cid;
}

/** A local HTTP receiver of postbacks that fails the first `failures` requests with 500. */
export async function startReceiver(failures = 0) {
  const { createServer } = await import('node:http');
  const received: URL[] = [];
  let remaining = failures;
  let failPath: string | null = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    received.push(url);
    if (remaining > 0 && (failPath === null || url.pathname === failPath)) {
      remaining--;
      res.writeHead(500).end('not yet');
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    received,
    /** The next `n` requests (to `path` only, when given) fail with 500. */
    setFailures: (n: number, path: string | null = null) => {
      remaining = n;
      failPath = path;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
