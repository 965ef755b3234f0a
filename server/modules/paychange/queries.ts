import type { Kysely } from 'kysely';
import type { PayPlatform } from '../../../src/api/contract/paychange';
import type { DB } from '../../db/schema';
import type { PayChangeStart } from './providers';

export interface PayAffiliate {
  payee: PayChangeStart['payee'];
  platform: '' | PayPlatform;
  method: string;
  tmpPayoneer: number;
}

/** The affiliate's own record: the only source of what is sent to a provider. */
export async function payAffiliate(db: Kysely<DB>, affiliateId: number): Promise<PayAffiliate | undefined> {
  const row = await db
    .selectFrom('affiliates')
    .select(['first_name', 'last_name', 'email', 'mobile_phone', 'address1', 'address2', 'city', 'country_code', 'zipcode', 'payee', 'payment_platform', 'payment_method', 'tmp_payoneer'])
    .where('id', '=', affiliateId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    payee: {
      name: row.payee.trim() || `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      mobile: row.mobile_phone,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      country: row.country_code ?? '',
      zipcode: row.zipcode,
    },
    platform: row.payment_platform,
    method: row.payment_method,
    tmpPayoneer: row.tmp_payoneer,
  };
}

export interface NewPayChange {
  id: string;
  affiliateId: number;
  platform: PayPlatform;
  kind: 'sandbox' | 'live';
  now: Date;
  expiresAt: Date;
}

/**
 * Records a started change: its request row. Nothing is marked pending yet: 'Pending' (tmp_payoneer,
 * spec 001 sections 4, 9) means the affiliate submitted something. The sandbox page's submit
 * completes the change itself (completePayChange); Payoneer's page sends the payee back through the
 * product's return address once they submit, which marks it (markPayoneerReturned; docs/settings.md).
 */
export async function startPayChange(db: Kysely<DB>, change: NewPayChange): Promise<void> {
  await db
    .insertInto('paychange_requests')
    .values({ id: change.id, affiliate_id: change.affiliateId, platform: change.platform, kind: change.kind, created_at: change.now, expires_at: change.expiresAt })
    .execute();
}

/** How long after its start a live Payoneer change may still come back (Payoneer's forms take a while). */
const PAYONEER_RETURN_MS = 24 * 3600_000;

/**
 * The payee came back from Payoneer's page (its redirect_url, the product's return address): the live
 * Payoneer request is claimed once, and its affiliate's Payoneer change is marked pending, in one
 * transaction. False when the request is unknown, not a live Payoneer one, used, or too old.
 */
export async function markPayoneerReturned(db: Kysely<DB>, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('paychange_requests')
      .set({ completed_at: now })
      .where('id', '=', id)
      .where('platform', '=', 'Payoneer')
      .where('kind', '=', 'live')
      .where('completed_at', 'is', null)
      .where('created_at', '>', new Date(now.getTime() - PAYONEER_RETURN_MS))
      .returning('affiliate_id')
      .executeTakeFirst();
    if (!claimed) return false;
    await trx.updateTable('affiliates').set({ tmp_payoneer: 1, updated_at: now }).where('id', '=', claimed.affiliate_id).execute();
    return true;
  });
}

export type OpenRequest = { state: 'open' } | { state: 'missing' | 'used' | 'expired' };

/** Whether a sandbox token's request can still be completed (for showing the page). */
export async function openRequest(db: Kysely<DB>, id: string, affiliateId: number, platform: PayPlatform, now: Date): Promise<OpenRequest> {
  const row = await db
    .selectFrom('paychange_requests')
    .select(['completed_at', 'expires_at'])
    .where('id', '=', id)
    .where('affiliate_id', '=', affiliateId)
    .where('platform', '=', platform)
    .where('kind', '=', 'sandbox')
    .executeTakeFirst();
  if (!row) return { state: 'missing' };
  if (row.completed_at) return { state: 'used' };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'open' };
}

export interface Completion {
  id: string;
  affiliateId: number;
  platform: PayPlatform;
  method: string;
  payeeName: string;
  country: string;
  now: Date;
}

/**
 * Completes a sandbox change, in one transaction: the request is claimed only while open (so a token
 * works once, even when two submits race), then the affiliate's platform, method and payee name are
 * saved and any pending Payoneer change is cleared (the latest choice wins). Returns the state the
 * request was in when it could not be claimed.
 */
export async function completePayChange(db: Kysely<DB>, c: Completion): Promise<OpenRequest> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('paychange_requests')
      .set({ completed_at: c.now, method: c.method, payee_name: c.payeeName, country: c.country })
      .where('id', '=', c.id)
      .where('affiliate_id', '=', c.affiliateId)
      .where('platform', '=', c.platform)
      .where('kind', '=', 'sandbox')
      .where('completed_at', 'is', null)
      .where('expires_at', '>', c.now)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return openRequest(trx, c.id, c.affiliateId, c.platform, c.now);
    await trx
      .updateTable('affiliates')
      .set({ payment_platform: c.platform, payment_method: c.method, payee: c.payeeName, tmp_payoneer: 0, updated_at: c.now })
      .where('id', '=', c.affiliateId)
      .execute();
    return { state: 'open' } as const;
  });
}
