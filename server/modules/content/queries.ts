import { sql, type Kysely } from 'kysely';
import type { NewsItem, Notification, SliderItem } from '../../../src/api/contract/content';
import { NEWS_LIMIT } from '../../../src/api/contract/content';
import { sanitizeNewsHtml } from '../../../src/shared/newsHtml';
import { slideLink } from '../../../src/shared/safeLink';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { rateTypeLabel } from '../campaigns/queries';
import { sliderImageUrl } from '../images/urls';

/** The newest news up to today (reporting time zone); items dated later are scheduled, not shown. */
export async function loadNews(db: Kysely<DB>, today: string): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom('news')
    .select(['id', 'type', 'news_date', 'body_html'])
    .where('news_date', '<=', today)
    .orderBy('news_date', 'desc')
    .orderBy('id', 'desc')
    .limit(NEWS_LIMIT)
    .execute();
  // Sanitised on the way out with the portal's own rule (src/shared/newsHtml.ts), which applies it again.
  return rows.map((r) => ({ key_id: r.id, id: r.id, type: r.type, news_date: r.news_date, news: sanitizeNewsHtml(r.body_html) }));
}

/** At most this many pop-ups are answered at once (the newest). */
const NOTIFICATION_LIMIT = 50;

/**
 * Notifications an affiliate may see: the network-wide ones (affiliate_id null) and their own,
 * already published, not expired.
 */
function visibleNotifications(db: Kysely<DB>, affiliateId: number, now: Date) {
  return db
    .selectFrom('notifications as n')
    .where((eb) => eb.or([eb('n.affiliate_id', 'is', null), eb('n.affiliate_id', '=', affiliateId)]))
    .where('n.created_at', '<=', now)
    .where((eb) => eb.or([eb('n.expires_at', 'is', null), eb('n.expires_at', '>', now)]));
}

const notDismissedBy = (affiliateId: number) =>
  sql<boolean>`not exists (select 1 from notification_dismissals d where d.notification_id = n.id and d.affiliate_id = ${affiliateId})`;

export async function loadNotifications(db: Kysely<DB>, affiliateId: number, now: Date): Promise<Notification[]> {
  const rows = await visibleNotifications(db, affiliateId, now)
    .select(['n.id', 'n.body_html'])
    .where(notDismissedBy(affiliateId))
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(NOTIFICATION_LIMIT)
    .execute();
  return rows.map((r) => ({ news_id: r.id, news: sanitizeNewsHtml(r.body_html) }));
}

/**
 * Dismisses one notification, or every one the affiliate can see ('all'), in one transaction.
 * A notification that is not the affiliate's to see is a 404 (whose it is stays private).
 * Dismissing twice is not an error; the answer counts what this call dismissed.
 */
export async function dismissNotifications(
  db: Kysely<DB>,
  affiliateId: number,
  target: number | 'all',
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let ids: number[];
    if (target === 'all') {
      const rows = await visibleNotifications(trx, affiliateId, now).select('n.id').where(notDismissedBy(affiliateId)).execute();
      ids = rows.map((r) => r.id);
    } else {
      // Expired ones may still be dismissed (the pop-up may have been open when it expired); one
      // not yet published (created_at after now) has never been shown, so it is a 404 like an
      // unknown id: dismissing it early would hide it before it is ever seen.
      const row = await trx
        .selectFrom('notifications as n')
        .select('n.id')
        .where('n.id', '=', target)
        .where((eb) => eb.or([eb('n.affiliate_id', 'is', null), eb('n.affiliate_id', '=', affiliateId)]))
        .where('n.created_at', '<=', now)
        .executeTakeFirst();
      if (!row) throw notFound('This notification does not exist.');
      ids = [row.id];
    }
    if (ids.length === 0) return 0;
    const inserted = await trx
      .insertInto('notification_dismissals')
      .values(ids.map((id) => ({ notification_id: id, affiliate_id: affiliateId, dismissed_at: now })))
      .onConflict((oc) => oc.columns(['notification_id', 'affiliate_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0);
  });
}

/**
 * A slide's url is where the portal navigates inside itself: a path of the portal, by the shared
 * safe-link rule (src/shared/safeLink.ts) that the portal follows too. Anything else (an absolute
 * URL, '//host', a backslash, control characters, 'javascript:', a relative path) is answered as
 * the campaign page.
 */
function sliderUrl(url: string | null | undefined, campaignId: number): string {
  return slideLink(url, campaignId).href;
}

/**
 * The promotional slider: active slides of active campaigns, pinned first, then by the network's
 * order. A slide's url defaults to the campaign page, and so does a url that is not a portal path.
 */
export async function loadSlider(db: Kysely<DB>): Promise<SliderItem[]> {
  const rows = await db
    .selectFrom('slider_items as s')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .leftJoin('campaign_rates as r', (join) => join.onRef('r.campaign_id', '=', 'c.id').on('r.is_default', '=', true))
    .select(['s.id', 's.campaign_id', 's.description', 's.button', 's.url', 's.pinned', 'c.name', 'r.rate', 'r.rate_type'])
    .where('s.active', '=', true)
    .where('c.status', '=', 'active')
    .orderBy('s.pinned', 'desc')
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => {
    const campaignId = r.campaign_id as number;
    return {
      campaign_id: campaignId,
      image: sliderImageUrl(r.id, 'full'),
      thumbnail: sliderImageUrl(r.id, 'thumb'),
      description: r.description,
      rate: r.rate ?? 0,
      rate_type: rateTypeLabel(r.rate_type ?? 'F'),
      button: r.button,
      url: sliderUrl(r.url, campaignId),
      campaign_name: r.name,
      pinned: r.pinned ? 'Y' : 'N',
    };
  });
}
