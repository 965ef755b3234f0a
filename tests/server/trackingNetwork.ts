import type { Kysely } from 'kysely';
import { seedReference } from '../../server/db/demo/seed';
import type { DB } from '../../server/db/schema';
import { newOpaqueId } from '../../server/modules/tracking/clickIds';

/**
 * A one-campaign network for tests that run a real server process (reliability) and for the
 * benchmarks: an affiliate approved on a $10-per-lead campaign with one landing page, a tracking
 * link, and optionally a global URL postback.
 */
export interface MinimalNetwork {
  affiliateId: number;
  campaignId: number;
  code: string;
  secret: string;
}

export async function seedMinimalNetwork(db: Kysely<DB>, options: { postbackUrl?: string } = {}): Promise<MinimalNetwork> {
  await seedReference(db);
  const existing = await db.selectFrom('tracking_links').select(['code', 'affiliate_id', 'campaign_id']).orderBy('id').executeTakeFirst();
  const secret = 'reliability-secret';
  if (existing) {
    if (options.postbackUrl) {
      await db.deleteFrom('postbacks').where('affiliate_id', '=', existing.affiliate_id).execute();
      await db.insertInto('postbacks').values({ affiliate_id: existing.affiliate_id, campaign_id: null, type: 'L', code: options.postbackUrl }).execute();
    }
    return { affiliateId: existing.affiliate_id, campaignId: existing.campaign_id, code: existing.code, secret };
  }
  return db.transaction().execute(async (trx) => {
    const sub = await trx.selectFrom('subcategories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const adv = await trx.insertInto('advertisers').values({ name: 'Test Advertiser', postback_secret: secret }).returning('id').executeTakeFirstOrThrow();
    const aff = await trx
      .insertInto('affiliates')
      .values({ email: 'tracker@example.com', password_hash: 'scrypt$10$8$1$x$y', first_name: 'Tess', last_name: 'Tracker' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const camp = await trx.insertInto('campaigns').values({ advertiser_id: adv.id, subcategory_id: sub.id, name: 'Test Offer' }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('campaign_rates').values({ campaign_id: camp.id, description: 'Lead', rate_type: 'F', rate: 10, status: 'Active', is_default: true }).execute();
    await trx.insertInto('campaign_traffic_types').values({ campaign_id: camp.id, traffic_type: 'email' }).execute();
    await trx.insertInto('landing_pages').values({ campaign_id: camp.id, name: 'Main', url: 'https://lp.example/offer?cid={click_id}&s1={sub1}', is_default: true }).execute();
    await trx.insertInto('campaign_access').values({ affiliate_id: aff.id, campaign_id: camp.id, status: 'Approved' }).execute();
    const code = newOpaqueId();
    await trx.insertInto('tracking_links').values({ code, affiliate_id: aff.id, campaign_id: camp.id, traffic_type: 'email', creative_type: 'R' }).execute();
    if (options.postbackUrl) {
      await trx.insertInto('postbacks').values({ affiliate_id: aff.id, campaign_id: null, type: 'L', code: options.postbackUrl }).execute();
    }
    return { affiliateId: aff.id, campaignId: camp.id, code, secret };
  });
}

/** The minimal network's tracking link and landing page ids (for tests that write click rows themselves). */
export async function linkOf(db: Kysely<DB>, net: MinimalNetwork): Promise<{ id: number; landing: number }> {
  const link = await db.selectFrom('tracking_links').select('id').where('code', '=', net.code).executeTakeFirstOrThrow();
  const lp = await db.selectFrom('landing_pages').select('id').where('campaign_id', '=', net.campaignId).executeTakeFirstOrThrow();
  return { id: link.id, landing: lp.id };
}
