import type { Kysely, Selectable, Transaction } from 'kysely';
import type { OpsCreative } from '../../../src/api/contract/opsMaterial';
import type { DB } from '../../db/schema';
import type { CreativeType } from '../../db/migrations/0001_initial';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import type { ImageInfo } from '../../lib/imageBytes';
import type { CdnUrls } from '../images/cdn';
import { recordAudit } from '../operator/audit';
import { sanitizeEmailHtml } from './emailHtml';
import { CAMPAIGN_MISSING, type Actor } from './landingPages';

/**
 * A campaign's creatives in the back office (docs/ops-files.md): banners (an uploaded image, its
 * width and height read from its bytes), text links and solo e-mails. A solo e-mail with HTML is an
 * htmlEmail (body: the sanitised HTML, email_text: its plain-text part), one without a textEmail
 * (body: the text); an edit that adds or empties the HTML moves it between the two. A deleted
 * creative stays as an inactive row without its image: reports keep its name, links built with it
 * keep working, and neither the campaign page nor the link builder offers it again.
 */

const CREATIVE_MISSING = 'There is no creative with this id.';
const TEXT_MAX = 1000;

type Row = Selectable<DB['creatives']>;

const isEmail = (type: CreativeType) => type === 'textEmail' || type === 'htmlEmail';
const emailText = (row: Pick<Row, 'type' | 'body' | 'email_text'>) => (row.type === 'textEmail' ? row.body : row.email_text);
const emailHtml = (row: Pick<Row, 'type' | 'body'>) => (row.type === 'htmlEmail' ? row.body : '');

/** The audit's picture of a creative: what identifies it and its content's size, not whole e-mails. */
export function picture(row: Row) {
  const base = { campaign_id: row.campaign_id, type: row.type, name: row.name };
  if (row.type === 'banner') return { ...base, width: row.width, height: row.height, image_key: row.image_key };
  if (row.type === 'text') return { ...base, text: row.body };
  return { ...base, subject: row.subject, text_chars: emailText(row).length, html_chars: emailHtml(row).length };
}

export function toOpsCreative(row: Row, merchant: number, cdn: CdnUrls): OpsCreative {
  const base = { creative_id: row.id, campaign_id: row.campaign_id, name: row.name };
  if (row.type === 'banner') {
    const drawn = row.width && row.height ? cdn.creative(merchant, row.campaign_id, row.id) : null;
    return {
      ...base,
      type: 'banner',
      width: row.width,
      height: row.height,
      image: row.image_key ? cdn.file(row.image_key) : drawn,
      uploaded: row.image_key !== null,
    };
  }
  if (row.type === 'text') return { ...base, type: 'text', text: row.body };
  return { ...base, type: row.type, subject: row.subject, text: emailText(row), html: emailHtml(row) };
}

export function activeCreatives(db: Kysely<DB> | Transaction<DB>, campaignId: number) {
  return db.selectFrom('creatives').selectAll().where('campaign_id', '=', campaignId).where('status', '=', 'active').orderBy('type').orderBy('id').execute();
}

async function advertiserOf(db: Kysely<DB> | Transaction<DB>, campaignId: number): Promise<number> {
  const row = await db.selectFrom('campaigns').select('advertiser_id').where('id', '=', campaignId).executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_MISSING);
  return row.advertiser_id;
}

async function lockedCreative(trx: Transaction<DB>, id: number): Promise<Row> {
  const row = await trx.selectFrom('creatives').selectAll().where('id', '=', id).where('status', '=', 'active').forUpdate().executeTakeFirst();
  if (!row) throw notFound(CREATIVE_MISSING);
  return row;
}

/** Throws the 404 of a campaign that is not there (checked before an upload is stored). */
export async function assertCampaign(db: Kysely<DB>, id: number): Promise<void> {
  await advertiserOf(db, id);
}

/** Throws the 404 of a creative that is not there, the 409 of one that is no banner (checked before an upload is stored). */
export async function assertBanner(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom('creatives').select('type').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  if (!row) throw notFound(CREATIVE_MISSING);
  if (row.type !== 'banner') throw new ApiError(409, 'Only a banner has an image.');
}

function emailContent(text: string, html: string): { type: 'textEmail' | 'htmlEmail'; body: string; email_text: string } {
  const clean = html.trim() === '' ? '' : sanitizeEmailHtml(html);
  if (html.trim() !== '' && clean === '') throw badRequest("The e-mail's HTML has nothing left once scripts, styles and unknown markup are taken out.");
  if (clean === '' && text.trim() === '') throw badRequest("Enter the e-mail's text, its HTML or both.");
  return clean === '' ? { type: 'textEmail', body: text, email_text: '' } : { type: 'htmlEmail', body: clean, email_text: text };
}

async function insertCreative(
  db: Kysely<DB>,
  campaignId: number,
  values: { type: CreativeType; name: string; width?: number; height?: number; body?: string; subject?: string; email_text?: string; image_key?: string },
  actor: Actor,
  cdn: CdnUrls,
): Promise<OpsCreative> {
  return db.transaction().execute(async (trx) => {
    const merchant = await advertiserOf(trx, campaignId);
    const row = await trx
      .insertInto('creatives')
      .values({ campaign_id: campaignId, ...values, name: values.name.trim() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'creative.add', target: { type: 'creative', id: row.id }, before: null, after: picture(row) });
    return toOpsCreative(row, merchant, cdn);
  });
}

export function addBanner(db: Kysely<DB>, campaignId: number, name: string, key: string, image: ImageInfo, actor: Actor, cdn: CdnUrls) {
  return insertCreative(db, campaignId, { type: 'banner', name, width: image.width, height: image.height, image_key: key }, actor, cdn);
}

export function addTextLink(db: Kysely<DB>, campaignId: number, body: { name: string; text: string }, actor: Actor, cdn: CdnUrls) {
  return insertCreative(db, campaignId, { type: 'text', name: body.name, body: body.text.trim() }, actor, cdn);
}

export function addEmail(db: Kysely<DB>, campaignId: number, body: { name: string; subject: string; text: string; html: string }, actor: Actor, cdn: CdnUrls) {
  return insertCreative(db, campaignId, { name: body.name, subject: body.subject.trim(), ...emailContent(body.text, body.html) }, actor, cdn);
}

export async function editCreative(
  db: Kysely<DB>,
  id: number,
  body: { name?: string; text?: string; subject?: string; html?: string },
  actor: Actor,
  cdn: CdnUrls,
): Promise<OpsCreative> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedCreative(trx, id);
    const name = body.name === undefined ? {} : { name: body.name.trim() };
    let content: Partial<Pick<Row, 'type' | 'body' | 'subject' | 'email_text'>> = {};
    if (before.type === 'banner') {
      if (body.text !== undefined || body.subject !== undefined || body.html !== undefined) {
        throw badRequest('A banner has no text, subject or HTML: change its name, or upload a new image.');
      }
    } else if (before.type === 'text') {
      if (body.subject !== undefined || body.html !== undefined) throw badRequest('A text link has no subject or HTML: change its name or its text.');
      if (body.text !== undefined) {
        const text = body.text.trim();
        if (text === '') throw badRequest('Enter the text of the link.');
        if (text.length > TEXT_MAX) throw badRequest(`The text can be at most ${TEXT_MAX.toLocaleString('en-US')} characters.`);
        content = { body: text };
      }
    } else if (isEmail(before.type) && (body.text !== undefined || body.html !== undefined || body.subject !== undefined)) {
      const html = body.html ?? emailHtml(before);
      // The stored HTML is sanitised again with the rest: it went through the rule already, unless it predates it (the demo's).
      content = {
        ...emailContent(body.text ?? emailText(before), html),
        ...(body.subject !== undefined ? { subject: body.subject.trim() } : {}),
      };
    }
    const row = await trx.updateTable('creatives').set({ ...name, ...content }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'creative.edit', target: { type: 'creative', id }, before: picture(before), after: picture(row) });
    return toOpsCreative(row, await advertiserOf(trx, row.campaign_id), cdn);
  });
}

/** Puts a new image on a banner (its size follows); answers the creative and the key it replaced. */
export async function replaceBannerImage(
  db: Kysely<DB>,
  id: number,
  key: string,
  image: ImageInfo,
  actor: Actor,
  cdn: CdnUrls,
): Promise<{ creative: OpsCreative; replaced: string | null }> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedCreative(trx, id);
    if (before.type !== 'banner') throw new ApiError(409, 'Only a banner has an image.');
    const row = await trx
      .updateTable('creatives')
      .set({ image_key: key, width: image.width, height: image.height })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'creative.image', target: { type: 'creative', id }, before: picture(before), after: picture(row) });
    return { creative: toOpsCreative(row, await advertiserOf(trx, row.campaign_id), cdn), replaced: before.image_key };
  });
}

/** Deletes the creative; answers the image key it had (to remove once committed). */
export async function deleteCreative(db: Kysely<DB>, id: number, actor: Actor): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedCreative(trx, id);
    await trx.updateTable('creatives').set({ status: 'inactive', image_key: null }).where('id', '=', id).execute();
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'creative.delete', target: { type: 'creative', id }, before: picture(before), after: null });
    return before.image_key;
  });
}
