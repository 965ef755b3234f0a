import type { Kysely, Selectable, Transaction } from 'kysely';
import type { OpsLandingPage } from '../../../src/api/contract/opsMaterial';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import type { CdnUrls } from '../images/cdn';
import { recordAudit } from '../operator/audit';
import { landingUrl } from '../tracking/landingUrl';
import { stripMacros } from '../tracking/macros';

/**
 * A campaign's landing pages in the back office (docs/ops-files.md). A campaign that has landing
 * pages has exactly one default: the first one added is it, making another the default moves the
 * mark, and deleting the default passes it to the oldest page left (a unique index holds it to one;
 * the campaign's row is locked while it moves, so two saves cannot both place it). A deleted page
 * stays as an inactive row, without its screenshot: the reports keep its name and a tracking link
 * that named it falls back to the default, as the click engine does for any inactive page.
 */

export const CAMPAIGN_MISSING = "This campaign doesn't exist.";
const PAGE_MISSING = 'There is no landing page with this id.';

type Row = Selectable<DB['landing_pages']>;
export interface Actor { operatorId: number; ip: string; now: Date }

/**
 * The URL as the click engine will use it (server/modules/tracking/landingUrl.ts): an http(s)
 * address once its macros are set aside, with a host and no user name or password, that the
 * engine's own check keeps when it fills the macros. Answers the trimmed URL or throws a 400.
 */
export function checkLandingUrl(url: string): string {
  const trimmed = url.trim();
  const problem = 'The landing page URL must be a full web address starting with http:// or https://, like https://example.com/offer.';
  let parsed: URL;
  try {
    parsed = new URL(stripMacros(trimmed));
  } catch {
    throw badRequest(problem);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '' || /\s/.test(trimmed)) throw badRequest(problem);
  if (parsed.username || parsed.password) throw badRequest('The landing page URL must not carry a user name or password.');
  if (landingUrl(trimmed, { click_id: 'x' }) === null) throw badRequest(problem);
  return trimmed;
}

export function picture(row: Pick<Row, 'campaign_id' | 'name' | 'url' | 'is_default' | 'screenshot_key'>) {
  return { campaign_id: row.campaign_id, name: row.name, url: row.url, is_default: row.is_default, screenshot_key: row.screenshot_key };
}

export function toOpsLandingPage(row: Row, merchant: number, cdn: CdnUrls): OpsLandingPage {
  return {
    landing_page_id: row.id,
    campaign_id: row.campaign_id,
    name: row.name,
    url: row.url,
    is_default: row.is_default,
    screenshot: row.screenshot_key ? cdn.file(row.screenshot_key) : null,
    image: row.screenshot_key ? cdn.file(row.screenshot_key) : cdn.landingPage(merchant, row.campaign_id, row.id, 'thumb'),
  };
}

export async function campaignRef(db: Kysely<DB> | Transaction<DB>, id: number) {
  const row = await db.selectFrom('campaigns').select(['id as campaign_id', 'name', 'advertiser_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_MISSING);
  return row;
}

/**
 * Locks the campaign's row against other material saves (not against clicks: FOR NO KEY UPDATE
 * lets rows that refer to it be written) and answers its advertiser.
 */
async function lockCampaign(trx: Transaction<DB>, id: number): Promise<{ advertiser_id: number }> {
  const row = await trx.selectFrom('campaigns').select('advertiser_id').where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_MISSING);
  return row;
}

export function activePages(db: Kysely<DB> | Transaction<DB>, campaignId: number) {
  return db
    .selectFrom('landing_pages')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'active')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
}

/** The active page and its campaign, the campaign locked, the page read after the lock. */
async function lockedPage(trx: Transaction<DB>, id: number): Promise<{ page: Row; advertiserId: number }> {
  const found = await trx.selectFrom('landing_pages').select('campaign_id').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  if (!found) throw notFound(PAGE_MISSING);
  const { advertiser_id } = await lockCampaign(trx, found.campaign_id);
  const page = await trx.selectFrom('landing_pages').selectAll().where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  if (!page) throw notFound(PAGE_MISSING);
  return { page, advertiserId: advertiser_id };
}

async function clearDefault(trx: Transaction<DB>, campaignId: number) {
  await trx.updateTable('landing_pages').set({ is_default: false }).where('campaign_id', '=', campaignId).where('is_default', '=', true).execute();
}

export async function addLandingPage(
  db: Kysely<DB>,
  campaignId: number,
  body: { name: string; url: string; is_default: boolean },
  actor: Actor,
  cdn: CdnUrls,
): Promise<OpsLandingPage> {
  const url = checkLandingUrl(body.url);
  return db.transaction().execute(async (trx) => {
    const { advertiser_id } = await lockCampaign(trx, campaignId);
    const hasPages = (await activePages(trx, campaignId)).length > 0;
    const isDefault = body.is_default || !hasPages;
    if (isDefault) await clearDefault(trx, campaignId);
    const row = await trx
      .insertInto('landing_pages')
      .values({ campaign_id: campaignId, name: body.name.trim(), url, is_default: isDefault })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'landingPage.add', target: { type: 'landingPage', id: row.id }, before: null, after: picture(row) });
    return toOpsLandingPage(row, advertiser_id, cdn);
  });
}

export async function editLandingPage(
  db: Kysely<DB>,
  id: number,
  body: { name?: string; url?: string; is_default?: boolean },
  actor: Actor,
  cdn: CdnUrls,
): Promise<OpsLandingPage> {
  const url = body.url === undefined ? undefined : checkLandingUrl(body.url);
  return db.transaction().execute(async (trx) => {
    const { page, advertiserId } = await lockedPage(trx, id);
    if (body.is_default === false && page.is_default) {
      throw new ApiError(409, 'A campaign always has one default landing page: make another page the default instead.');
    }
    const makeDefault = body.is_default === true && !page.is_default;
    if (makeDefault) await clearDefault(trx, page.campaign_id);
    const row = await trx
      .updateTable('landing_pages')
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(url !== undefined ? { url } : {}),
        ...(makeDefault ? { is_default: true } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'landingPage.edit', target: { type: 'landingPage', id }, before: picture(page), after: picture(row) });
    return toOpsLandingPage(row, advertiserId, cdn);
  });
}

/** Deletes the page; answers the screenshot key it had (to remove once committed). */
export async function deleteLandingPage(db: Kysely<DB>, id: number, actor: Actor): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const { page } = await lockedPage(trx, id);
    const others = (await activePages(trx, page.campaign_id)).filter((p) => p.id !== id);
    if (others.length === 0) throw new ApiError(409, 'A campaign needs a landing page: add another one before deleting this one.');
    await trx.updateTable('landing_pages').set({ status: 'inactive', is_default: false, screenshot_key: null }).where('id', '=', id).execute();
    let successor: number | null = null;
    if (page.is_default) {
      successor = Math.min(...others.map((p) => p.id));
      await trx.updateTable('landing_pages').set({ is_default: true }).where('id', '=', successor).execute();
    }
    await recordAudit(trx, {
      operatorId: actor.operatorId,
      ip: actor.ip,
      at: actor.now,
      action: 'landingPage.delete',
      target: { type: 'landingPage', id },
      before: picture(page),
      after: successor === null ? null : { default_landing_page_id: successor },
    });
    return page.screenshot_key;
  });
}

/**
 * Sets (a key) or removes (null) the page's screenshot in one transaction with its audit entry;
 * answers the page and the key it replaced.
 */
export async function setScreenshot(
  db: Kysely<DB>,
  id: number,
  key: string | null,
  actor: Actor,
  cdn: CdnUrls,
): Promise<{ page: OpsLandingPage; replaced: string | null }> {
  return db.transaction().execute(async (trx) => {
    const { page, advertiserId } = await lockedPage(trx, id);
    const row = await trx.updateTable('landing_pages').set({ screenshot_key: key }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, {
      operatorId: actor.operatorId,
      ip: actor.ip,
      at: actor.now,
      action: key ? 'landingPage.screenshot' : 'landingPage.screenshot.remove',
      target: { type: 'landingPage', id },
      before: { screenshot_key: page.screenshot_key },
      after: { screenshot_key: key },
    });
    return { page: toOpsLandingPage(row, advertiserId, cdn), replaced: page.screenshot_key };
  });
}

/** Throws the 404 of a page that is not there (checked before an upload is stored). */
export async function assertLandingPage(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom('landing_pages').select('id').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  if (!row) throw notFound(PAGE_MISSING);
}
