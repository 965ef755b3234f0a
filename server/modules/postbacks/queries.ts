import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest } from '../../lib/errors';

type PostbackType = '' | 'L' | 'I' | 'S';

/** The campaign with the affiliate's access status to it (null when not asked or refused). */
export function campaignWithAccess(db: Kysely<DB>, affiliateId: number, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .leftJoin('campaign_access', (j) => j.onRef('campaign_access.campaign_id', '=', 'campaigns.id').on('campaign_access.affiliate_id', '=', affiliateId))
    .select(['campaigns.id', 'campaigns.name', 'campaigns.tracking_type', 'campaigns.supports_multiple_postback', 'campaign_access.status as access'])
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
}

/** Saves the affiliate's postback of one campaign (replacing the one it had). */
export async function saveCampaignPostback(db: Kysely<DB>, affiliateId: number, campaignId: number, type: PostbackType, code: string, now: Date) {
  await db
    .insertInto('postbacks')
    .values({ affiliate_id: affiliateId, campaign_id: campaignId, type, code, updated_at: now })
    .onConflict((oc) => oc.columns(['affiliate_id', 'campaign_id']).where('campaign_id', 'is not', null).doUpdateSet({ type, code, updated_at: now }))
    .execute();
}

/** Saves the affiliate's global postback, under its row lock. */
export async function saveGlobalPostback(db: Kysely<DB>, affiliateId: number, type: PostbackType, code: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('postbacks')
      .select(['id', 'type'])
      .where('affiliate_id', '=', affiliateId)
      .where('campaign_id', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    // Spec 002 section 2: Server-Server URL is offered only when it is already the saved type.
    if (type === 'S' && current?.type !== 'S') throw badRequest('Server-Server URL postbacks are no longer offered: choose URL or HTML.');
    if (current) await trx.updateTable('postbacks').set({ type, code, updated_at: now }).where('id', '=', current.id).execute();
    else await trx.insertInto('postbacks').values({ affiliate_id: affiliateId, campaign_id: null, type, code, updated_at: now }).execute();
  });
}

/** A help text's HTML by id. */
export function helpText(db: Kysely<DB>, id: number) {
  return db.selectFrom('help_texts').select('body_html').where('id', '=', id).executeTakeFirst();
}

/** Whether a campaign with this id exists. */
export async function campaignExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('campaigns').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The postback a conversion of the campaign (or of none) would fire: the campaign's own, else the global one. */
export function firedPostback(db: Kysely<DB>, affiliateId: number, campaignId: number | undefined) {
  return db
    .selectFrom('postbacks')
    .select(['id', 'type', 'code', 'campaign_id'])
    .where('affiliate_id', '=', affiliateId)
    .where('type', '!=', '')
    .where((eb) => (campaignId !== undefined ? eb.or([eb('campaign_id', '=', campaignId), eb('campaign_id', 'is', null)]) : eb('campaign_id', 'is', null)))
    .orderBy(sql`campaign_id is null`)
    .executeTakeFirst();
}

/** How many test postbacks the affiliate queued since `since`. */
export async function testsSince(db: Kysely<DB>, affiliateId: number, since: Date): Promise<number> {
  const recent = await db
    .selectFrom('postback_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('affiliate_id', '=', affiliateId)
    .where('is_test', '=', true)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/** Queues a delivery in the outbox; returns its id. */
export async function queueDelivery(db: Kysely<DB>, delivery: Insertable<DB['postback_deliveries']>): Promise<number> {
  const inserted = await db.insertInto('postback_deliveries').values(delivery).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** A delivery of the log with its last attempt. */
export interface DeliveryRow {
  id: number | string;
  created_at: Date | string;
  campaign_id: number | null;
  campaign_name: string | null;
  type: string;
  event: 'conversion' | 'reversal';
  url: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  last_error: string;
  is_test: boolean;
  status_code: number | null;
  latency_ms: number | null;
  attempt_error: string | null;
}

/** The affiliate's deliveries (one campaign's, one by id, or all), newest first, at most `limit`, each with its last attempt. */
export async function deliveryRows(db: Kysely<DB>, affiliateId: number, where: { campaignId?: number; id?: number }, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await sql<DeliveryRow>`
    select d.id, d.created_at, coalesce(d.campaign_id, c.campaign_id) as campaign_id, cp.name as campaign_name, d.type, d.event, d.url,
      d.status, d.attempts, d.next_attempt_at, d.delivered_at, d.last_error, d.is_test,
      a.status_code, a.latency_ms, a.error as attempt_error
    from postback_deliveries d
    left join conversions c on c.id = d.conversion_id
    left join campaigns cp on cp.id = coalesce(d.campaign_id, c.campaign_id)
    left join lateral (
      select status_code, latency_ms, error from postback_attempts
      where delivery_id = d.id order by attempted_at desc, id desc limit 1
    ) a on true
    where d.affiliate_id = ${affiliateId}
      ${where.campaignId !== undefined ? sql`and coalesce(d.campaign_id, c.campaign_id) = ${where.campaignId}` : sql``}
      ${where.id !== undefined ? sql`and d.id = ${where.id}` : sql``}
    order by d.created_at desc, d.id desc
    limit ${limit}`.execute(db);
  return rows;
}
