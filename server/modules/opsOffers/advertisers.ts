import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Advertiser, AdvertiserInput } from '../../../src/api/contract/opsOffers';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { recordAudit } from '../operator/audit';
import { nameOrId } from './search';
import { newPostbackSecret, postbackUrls, previousSecretUntil, SECRET_GRACE_MS, type AdvertiserSecrets } from './postback';

/**
 * Advertisers in the back office (docs/ops-offers.md "Advertisers"): list, read, create, edit and
 * the postback secret's rotation. Each write and its audit entry share one transaction.
 */

export interface Actor {
  operatorId: number;
  ip: string;
  now: Date;
  /** Today in the report time zone: a campaign past its expiry day counts as expired. */
  today: string;
}

export const ADVERTISER_NOT_FOUND = 'There is no advertiser with this id.';

const columns = [
  'a.id', 'a.name', 'a.contact_email', 'a.notes', 'a.status', 'a.postback_secret', 'a.previous_postback_secret',
  'a.previous_secret_until', 'a.secret_rotated_at', 'a.created_at', 'a.updated_at',
] as const;

type AdvertiserRow = AdvertiserSecrets & {
  id: number; name: string; contact_email: string; notes: string; status: 'active' | 'inactive'; created_at: Date; updated_at: Date;
};

/** A campaign's state as affiliates meet it: expired also once its expiry day has passed. */
export const expiredSql = (today: string) => sql<boolean>`(c.status = 'expired' or (c.expiry_date is not null and c.expiry_date < ${today}::date))`;

/** The campaigns of each advertiser by state. */
async function campaignCounts(db: Kysely<DB>, ids: number[], today: string): Promise<Map<number, Advertiser['campaigns']>> {
  const counts = new Map<number, Advertiser['campaigns']>();
  if (ids.length === 0) return counts;
  const expired = expiredSql(today);
  const rows = await db
    .selectFrom('campaigns as c')
    .select([
      'c.advertiser_id',
      sql<string>`count(*) filter (where ${expired})`.as('expired'),
      sql<string>`count(*) filter (where not ${expired} and c.status = 'paused')`.as('paused'),
      sql<string>`count(*) filter (where not ${expired} and c.status = 'active')`.as('active'),
    ])
    .where('c.advertiser_id', 'in', ids)
    .groupBy('c.advertiser_id')
    .execute();
  for (const r of rows) counts.set(r.advertiser_id, { active: Number(r.active), paused: Number(r.paused), expired: Number(r.expired) });
  return counts;
}

function view(r: AdvertiserRow, campaigns: Advertiser['campaigns'] | undefined, now: Date): Advertiser {
  return {
    advertiser_id: r.id,
    name: r.name,
    contact_email: r.contact_email,
    notes: r.notes,
    status: r.status,
    campaigns: campaigns ?? { active: 0, paused: 0, expired: 0 },
    has_secret: r.postback_secret !== '',
    secret_rotated_at: r.secret_rotated_at === null ? null : new Date(r.secret_rotated_at).toISOString(),
    previous_secret_until: previousSecretUntil(r, now),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** What the audit keeps of an advertiser: never a secret. */
const auditView = (a: Advertiser) => ({
  name: a.name, contact_email: a.contact_email, notes: a.notes, status: a.status, has_secret: a.has_secret,
  secret_rotated_at: a.secret_rotated_at, previous_secret_until: a.previous_secret_until,
});

export async function listAdvertisers(
  db: Kysely<DB>,
  f: { q?: string; status?: 'active' | 'inactive'; page: number; limit: number },
  at: { now: Date; today: string },
): Promise<{ advertisers: Advertiser[]; total: number }> {
  let q = db.selectFrom('advertisers as a');
  const search = nameOrId(f.q, sql<string>`lower(immutable_unaccent(a.name))`, sql<number>`a.id`);
  if (search) q = q.where(search);
  if (f.status !== undefined) q = q.where('a.status', '=', f.status);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = await q.select(columns).orderBy(sql`lower(a.name)`).orderBy('a.id').limit(f.limit).offset((f.page - 1) * f.limit).execute();
  const counts = await campaignCounts(db, rows.map((r) => r.id), at.today);
  return { total: Number(n), advertisers: rows.map((r) => view(r, counts.get(r.id), at.now)) };
}

async function rowOf(db: Kysely<DB> | Transaction<DB>, id: number, lock: boolean): Promise<AdvertiserRow> {
  let q = db.selectFrom('advertisers as a').select(columns).where('a.id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(ADVERTISER_NOT_FOUND);
  return row;
}

export async function getAdvertiser(db: Kysely<DB> | Transaction<DB>, id: number, at: { now: Date; today: string }): Promise<Advertiser> {
  const row = await rowOf(db, id, false);
  return view(row, (await campaignCounts(db, [id], at.today)).get(id), at.now);
}

type AdvertiserValues = z.output<typeof AdvertiserInput>;

export async function createAdvertiser(db: Kysely<DB>, input: AdvertiserValues, actor: Actor): Promise<Advertiser> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('advertisers')
      .values({ ...input, postback_secret: newPostbackSecret(), created_at: actor.now, updated_at: actor.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getAdvertiser(trx, id, actor);
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'advertiser.create', target: { type: 'advertiser', id }, before: null, after: auditView(after) });
    return after;
  });
}

export async function updateAdvertiser(db: Kysely<DB>, id: number, input: AdvertiserValues, actor: Actor): Promise<Advertiser> {
  return db.transaction().execute(async (trx) => {
    // The row lock orders this against a campaign being created or resumed for the advertiser (they share-lock it).
    await rowOf(trx, id, true);
    const before = await getAdvertiser(trx, id, actor);
    if (input.status === 'inactive' && before.status === 'active') {
      const running = before.campaigns.active;
      if (running > 0) {
        throw new ApiError(409, `${before.name} has ${running === 1 ? 'a campaign' : `${running} campaigns`} running: pause or expire ${running === 1 ? 'it' : 'them'} before making the advertiser inactive.`);
      }
    }
    await trx.updateTable('advertisers').set({ ...input, updated_at: actor.now }).where('id', '=', id).execute();
    const after = await getAdvertiser(trx, id, actor);
    await recordAudit(trx, { operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'advertiser.update', target: { type: 'advertiser', id }, before: auditView(before), after: auditView(after) });
    return after;
  });
}

/** The postback answer of an advertiser, for `handOut` and the rotation. */
const postbackAnswer = (row: AdvertiserRow, trackingBaseUrl: string, now: Date) => ({
  advertiser: { advertiser_id: row.id, name: row.name },
  ...postbackUrls(trackingBaseUrl, row, now),
});

/** The advertiser's postback URL with its secret; who was handed it is audited with the read, in one transaction. */
export async function handOutPostback(db: Kysely<DB>, id: number, actor: Actor, trackingBaseUrl: string) {
  return db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id, false);
    await recordAudit(trx, {
      operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'advertiser.postback.view', target: { type: 'advertiser', id },
      before: null, after: { has_secret: row.postback_secret !== '' },
    });
    return postbackAnswer(row, trackingBaseUrl, actor.now);
  });
}

/**
 * A new secret. The one it replaces is accepted for SECRET_GRACE_MS more, or not at all with
 * `endPreviousNow` (a leaked secret). Only one previous secret is kept: a second rotation within the
 * grace ends the oldest at once.
 */
export async function rotateSecret(db: Kysely<DB>, id: number, endPreviousNow: boolean, actor: Actor, trackingBaseUrl: string) {
  return db.transaction().execute(async (trx) => {
    const before = await rowOf(trx, id, true);
    const keep = !endPreviousNow && before.postback_secret !== '';
    const after = await trx
      .updateTable('advertisers as a')
      .set({
        postback_secret: newPostbackSecret(),
        previous_postback_secret: keep ? before.postback_secret : '',
        previous_secret_until: keep ? new Date(actor.now.getTime() + SECRET_GRACE_MS) : null,
        secret_rotated_at: actor.now,
        updated_at: actor.now,
      })
      .where('a.id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    const picture = (r: AdvertiserRow) => ({
      has_secret: r.postback_secret !== '',
      secret_rotated_at: r.secret_rotated_at === null ? null : new Date(r.secret_rotated_at).toISOString(),
      previous_secret_until: previousSecretUntil(r, actor.now),
    });
    await recordAudit(trx, {
      operatorId: actor.operatorId, ip: actor.ip, at: actor.now, action: 'advertiser.secret.rotate', target: { type: 'advertiser', id },
      before: picture(before), after: { ...picture(after), end_previous_now: endPreviousNow },
    });
    return postbackAnswer(after, trackingBaseUrl, actor.now);
  });
}

/**
 * Share-locks an advertiser for a write that needs it active (a campaign created or resumed): an
 * advertiser being made inactive at the same time waits, or makes this one wait.
 */
export async function activeAdvertiser(trx: Transaction<DB>, id: number, unknown: () => ApiError): Promise<{ id: number; name: string }> {
  const row = await trx.selectFrom('advertisers').select(['id', 'name', 'status']).where('id', '=', id).forShare().executeTakeFirst();
  if (!row) throw unknown();
  if (row.status !== 'active') throw new ApiError(409, `${row.name} is inactive: make the advertiser active first.`);
  return row;
}
