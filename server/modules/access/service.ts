import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema';
import { escapeHtml } from '../tracking/macros';
import { IMAGE_EXTENSIONS, type ImageType } from '../../lib/imageBytes';

/**
 * Campaign access decisions, shared by the affiliate's request (auto approval) and the operator's
 * approve/reject (docs/campaigns.md "Access requests"). Each runs inside the caller's transaction:
 * the request row, the affiliate's campaign status and the notification change together or not at all.
 */

/** Pending requests of an affiliate: what the by-request limit counts. */
export async function pendingRequestCount(db: Kysely<DB> | Transaction<DB>, affiliateId: number): Promise<number> {
  const row = await db
    .selectFrom('access_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('affiliate_id', '=', affiliateId)
    .where('status', '=', 'Pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises an affiliate's requests: the row lock on the affiliate makes two racing submits count
 * the pending requests one after the other, so the limit holds across server processes.
 */
export async function lockAffiliate(trx: Transaction<DB>, affiliateId: number): Promise<void> {
  await sql`select id from affiliates where id = ${affiliateId} for update`.execute(trx);
}

export async function setCampaignAccess(
  trx: Transaction<DB>,
  affiliateId: number,
  campaignId: number,
  status: 'Approved' | 'Pending' | 'Rejected',
  now: Date,
): Promise<void> {
  await trx
    .insertInto('campaign_access')
    .values({ affiliate_id: affiliateId, campaign_id: campaignId, status, updated_at: now })
    .onConflict((oc) => oc.columns(['affiliate_id', 'campaign_id']).doUpdateSet({ status, updated_at: now }))
    .execute();
}

/** The affiliate's own notification of a decision (the existing notification pop-ups). */
export async function notifyDecision(
  trx: Transaction<DB>,
  affiliateId: number,
  campaign: { id: number; name: string },
  decision: { status: 'Approved' } | { status: 'Rejected'; reason: string },
  now: Date,
): Promise<void> {
  const link = `<a href="/campaign/${campaign.id}">${escapeHtml(campaign.name)}</a>`;
  const body_html =
    decision.status === 'Approved'
      ? `<p>You are approved to run ${link}. Open the campaign to build your tracking link.</p>`
      : `<p>Your request to run ${link} was not approved: ${escapeHtml(decision.reason)}</p>`;
  await trx.insertInto('notifications').values({ affiliate_id: affiliateId, body_html, created_at: now }).execute();
}

/**
 * A checked image kept under the upload folder: written to a temporary name, then renamed, so a
 * reader never sees half a file. `discard` removes it (the caller's transaction failed).
 */
export async function storeUpload(uploadDir: string, subdir: string, bytes: Buffer, type: ImageType) {
  const dir = path.join(uploadDir, subdir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${IMAGE_EXTENSIONS[type]}`;
  const file = path.join(dir, name);
  const temp = `${file}.part`;
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return { relative: `${subdir}/${name}`, discard: () => rm(file, { force: true }) };
}

/** The absolute path of a stored upload, never outside the upload folder. */
export function uploadPath(uploadDir: string, relative: string): string | null {
  const root = path.resolve(uploadDir);
  const full = path.resolve(root, relative);
  return full.startsWith(`${root}${path.sep}`) ? full : null;
}
