import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What a campaign's thumbnail shows: its name, style and vertical. */
export function campaignForThumbnail(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('campaigns as c')
    .innerJoin('subcategories as s', 's.id', 'c.subcategory_id')
    .select(['c.name', 'c.thumbnail_style', 's.name as vertical'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** The campaign and advertiser an image's CDN path names: the image must be theirs. */
export interface ImageOwner { campaignId: number; advertiserId: number }

/** What a landing page's picture shows: its name and style, and its campaign's name. */
export function landingPageForImage(db: Kysely<DB>, id: number, owner?: ImageOwner) {
  let q = db
    .selectFrom('landing_pages as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
    .select(['l.id', 'l.name', 'l.thumbnail_style', 'c.name as campaign', 'l.screenshot_key'])
    .where('l.id', '=', id);
  if (owner) q = q.where('l.campaign_id', '=', owner.campaignId).where('c.advertiser_id', '=', owner.advertiserId);
  return q.executeTakeFirst();
}

/** A banner creative with its size, text and campaign. */
export function bannerForImage(db: Kysely<DB>, id: number, owner?: ImageOwner) {
  let q = db
    .selectFrom('creatives as cr')
    .innerJoin('campaigns as c', 'c.id', 'cr.campaign_id')
    .select(['cr.id', 'cr.width', 'cr.height', 'cr.body', 'c.name as campaign', 'c.thumbnail_style', 'cr.image_key'])
    .where('cr.id', '=', id);
  if (owner) q = q.where('cr.campaign_id', '=', owner.campaignId).where('c.advertiser_id', '=', owner.advertiserId);
  return q.where('cr.type', '=', 'banner').executeTakeFirst();
}

/** An account manager's name, photo style and chat handle, and the keys of an uploaded photo and QR code. */
export function managerForImage(db: Kysely<DB>, id: number) {
  return db.selectFrom('managers').select(['name', 'photo_style', 'im_handle', 'photo_key', 'qr_key']).where('id', '=', id).executeTakeFirst();
}

/** A dashboard slide with its campaign's name and style (a slide may have no campaign). */
export function slideForImage(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('slider_items as s')
    .leftJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select(['s.id', 's.description', 'c.name as campaign', 'c.thumbnail_style'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** A resource's name and picture style. */
export function resourceForImage(db: Kysely<DB>, id: number) {
  return db.selectFrom('resources').select(['name', 'image_style']).where('id', '=', id).executeTakeFirst();
}
