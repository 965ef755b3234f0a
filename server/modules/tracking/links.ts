import type { Kysely } from 'kysely';
import { BUILT_IN_CREATIVES, LINK_TRAFFIC_TYPES, type TrackingLinkRequest, type TrackingLinkResponse } from '../../../src/api/contract/tracking';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { newOpaqueId } from './clickIds';
import type { TrackingOptions } from './options';
import type { z } from 'zod';

const CREATIVE_TYPE_CODE = { banner: 'B', text: 'T', textEmail: 'E', htmlEmail: 'H' } as const;
const BUILT_IN_BY_ID = new Map<number, string>(Object.entries(BUILT_IN_CREATIVES).map(([code, id]) => [id, code]));

function truthy(v: z.output<typeof TrackingLinkRequest>['safesearch']): boolean {
  return v === true || v === 1 || v === 'Y' || v === '1' || v === 'true';
}

/**
 * POST /trackinglink: one stored link per affiliate, campaign, traffic type, creative, landing page
 * and search-safe flag (rebuilding the same link gives the same code); the sub IDs travel as query
 * parameters, so an affiliate's own tracker can fill them.
 */
export async function buildTrackingLink(
  db: Kysely<DB>,
  affiliateId: number,
  body: z.output<typeof TrackingLinkRequest>,
  options: Pick<TrackingOptions, 'baseUrl'>,
): Promise<TrackingLinkResponse> {
  const campaign = await db
    .selectFrom('campaigns')
    .leftJoin('campaign_access', (j) => j.onRef('campaign_access.campaign_id', '=', 'campaigns.id').on('campaign_access.affiliate_id', '=', affiliateId))
    .select(['campaigns.id', 'campaigns.status', 'campaign_access.status as access'])
    .where('campaigns.id', '=', body.campaign_id)
    .executeTakeFirst();
  if (!campaign) throw notFound("This campaign doesn't exist.");
  if (campaign.access !== 'Approved') throw new ApiError(403, 'You are not approved to run this campaign.');

  const notReady = { success: true as const, 'tracking-link': '', withTrafficAndCreative: false };
  const code = body.traffic_type.trim().toUpperCase();
  if (code === '') return notReady;
  if (!(code in LINK_TRAFFIC_TYPES)) throw badRequest(`traffic_type: unknown traffic type code "${body.traffic_type.slice(0, 4)}"`);
  const trafficType = LINK_TRAFFIC_TYPES[code as keyof typeof LINK_TRAFFIC_TYPES];
  const allowed = await db
    .selectFrom('campaign_traffic_types')
    .select('traffic_type')
    .where('campaign_id', '=', campaign.id)
    .where('traffic_type', '=', trafficType)
    .executeTakeFirst();
  if (!allowed) throw badRequest(`traffic_type: this campaign does not allow ${trafficType.replace('_', ' ')} traffic`);

  let creativeId: number | null = null;
  let creativeType: string;
  const given = body.creative_id ?? null;
  if (given === null || given === 0) return notReady;
  if (given < 0) {
    const builtIn = BUILT_IN_BY_ID.get(given);
    if (!builtIn) throw badRequest('creative_id: unknown built-in creative');
    creativeType = builtIn;
  } else {
    const creative = await db
      .selectFrom('creatives')
      .select(['id', 'type'])
      .where('id', '=', given)
      .where('campaign_id', '=', campaign.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!creative) throw badRequest('creative_id: this creative does not belong to the campaign');
    creativeId = creative.id;
    creativeType = CREATIVE_TYPE_CODE[creative.type];
  }

  let landingPageId: number | null = null;
  if (body.lpid !== undefined && body.lpid !== null && body.lpid !== 0) {
    const page = await db
      .selectFrom('landing_pages')
      .select('id')
      .where('id', '=', body.lpid)
      .where('campaign_id', '=', campaign.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!page) throw badRequest('lpid: this landing page does not belong to the campaign');
    landingPageId = page.id;
  }
  const safesearch = truthy(body.safesearch);

  let query = db
    .selectFrom('tracking_links')
    .select('code')
    .where('affiliate_id', '=', affiliateId)
    .where('campaign_id', '=', campaign.id)
    .where('traffic_type', '=', trafficType)
    .where('creative_type', '=', creativeType)
    .where('safesearch', '=', safesearch)
    .where('sub1', '=', '').where('sub2', '=', '').where('sub3', '=', '').where('sub4', '=', '').where('sub5', '=', '');
  query = creativeId === null ? query.where('creative_id', 'is', null) : query.where('creative_id', '=', creativeId);
  query = landingPageId === null ? query.where('landing_page_id', 'is', null) : query.where('landing_page_id', '=', landingPageId);
  let link = await query.orderBy('id').executeTakeFirst();
  if (!link) {
    link = await db
      .insertInto('tracking_links')
      .values({
        code: newOpaqueId(), affiliate_id: affiliateId, campaign_id: campaign.id, traffic_type: trafficType,
        creative_id: creativeId, creative_type: creativeType, landing_page_id: landingPageId, safesearch,
      })
      .returning('code')
      .executeTakeFirstOrThrow();
  }
  const params = new URLSearchParams();
  for (const k of ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const) if (body[k] !== '') params.set(k, body[k]);
  const qs = params.toString();
  return { success: true, 'tracking-link': `${options.baseUrl}/go/${link.code}${qs ? `?${qs}` : ''}`, withTrafficAndCreative: true };
}
