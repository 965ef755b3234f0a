import { sql, type Kysely, type Transaction } from 'kysely';
import { AFFILIATE_FLAGS, type AffiliateDetail, type AffiliateStatus, type AffiliateSummary } from '../../../src/api/contract/opsPeople';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import type { OperatorContext } from '../../plugins/auth';
import { balanceOf } from '../ledger/ledger';
import { recordAudit } from '../operator/audit';
import { checkAffiliateInScope, scopedManager, scopeOf, type OperatorScope } from './scope';

/**
 * The back office's affiliates (docs/ops-people.md): the search, the detail and every change of an
 * affiliate. Each change locks the affiliate's row, checks the operator's scope on the locked row
 * (./scope.ts), writes and records its audit entry in one transaction; the answer is the detail
 * read after the commit.
 */

export const AFFILIATE_NOT_FOUND = 'There is no affiliate with this id.';
const MANAGER_NOT_FOUND = 'There is no affiliate manager with this id.';
const CAMPAIGN_NOT_FOUND = 'There is no campaign with this id.';

const asText = (d: Date | string) => new Date(d).toISOString();
const asTextOrNull = (d: Date | string | null) => (d === null ? null : asText(d));
const nameOf = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();
const managerRef = (id: number | null, name: string | null) => (id === null ? null : { manager_id: id, name: name ?? '' });
const flagLabel = (flag: number): string | null => (AFFILIATE_FLAGS as Record<number, string>)[flag] ?? null;

/** A LIKE pattern that finds the text anywhere, the text's own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const INT4_MAX = 2_147_483_647;

export interface AffiliateSearch {
  q?: string;
  status?: AffiliateStatus;
  manager_id?: number;
  page: number;
  limit: number;
}

/** The affiliates matching the search that the operator may see, newest first, one page, and how many match. */
export async function searchAffiliates(db: Kysely<DB>, scope: OperatorScope, f: AffiliateSearch): Promise<{ affiliates: AffiliateSummary[]; total: number }> {
  const only = scopedManager(scope);
  if (only === null) return { affiliates: [], total: 0 };
  let q = db.selectFrom('affiliates as a').leftJoin('managers as m', 'm.id', 'a.manager_id');
  if (only !== undefined) q = q.where('a.manager_id', '=', only);
  if (f.manager_id !== undefined) q = q.where('a.manager_id', '=', f.manager_id);
  if (f.status !== undefined) q = q.where('a.status', '=', f.status);
  const text = (f.q ?? '').trim();
  if (text !== '') {
    const like = containing(text);
    const id = /^\d{1,10}$/.test(text) && Number(text) <= INT4_MAX ? Number(text) : null;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`a.first_name || ' ' || a.last_name`, 'ilike', like),
        eb('a.email', 'ilike', like),
        eb('a.company', 'ilike', like),
        ...(id === null ? [] : [eb('a.id', '=', id)]),
      ]),
    );
  }
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.company', 'a.status', 'a.registration_date', 'a.last_login_at', 'a.manager_id', 'm.name as manager_name'])
    .orderBy('a.registration_date', 'desc')
    .orderBy('a.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const flags = ids.length
    ? await db.selectFrom('affiliate_flags').select(['affiliate_id', 'flag']).where('affiliate_id', 'in', ids).orderBy('flag').execute()
    : [];
  return {
    total: Number(n),
    affiliates: rows.map((r) => ({
      affiliate_id: r.id,
      name: nameOf(r),
      email: r.email,
      company: r.company,
      status: r.status,
      registered_at: asText(r.registration_date),
      last_login_at: asTextOrNull(r.last_login_at),
      manager: managerRef(r.manager_id, r.manager_name),
      flags: flags.filter((x) => x.affiliate_id === r.id).map((x) => x.flag),
    })),
  };
}

/** How the affiliate is paid, and the ledger's balance (the statement's running balance: ledger.ts balanceOf). */
export async function paymentOf(db: Kysely<DB>, affiliateId: number) {
  const row = await db
    .selectFrom('affiliates')
    .select(['payment_platform', 'payment_method', 'payee', 'tmp_payoneer'])
    .where('id', '=', affiliateId)
    .executeTakeFirst();
  if (!row) return null;
  const change = await db
    .selectFrom('paychange_requests')
    .select('completed_at')
    .where('affiliate_id', '=', affiliateId)
    .where('completed_at', 'is not', null)
    .orderBy('completed_at', 'desc')
    .executeTakeFirst();
  return {
    payment: {
      platform: row.payment_platform,
      method: row.payment_method,
      payee: row.payee,
      change_pending: row.tmp_payoneer === 1,
      changed_at: change?.completed_at ? asText(change.completed_at) : null,
    },
    balance: await balanceOf(db, affiliateId),
  };
}

/** The detail of one affiliate, or null when there is none. */
export async function affiliateDetail(db: Kysely<DB>, id: number): Promise<AffiliateDetail | null> {
  const r = await db
    .selectFrom('affiliates as a')
    .leftJoin('managers as m', 'm.id', 'a.manager_id')
    .leftJoin('operators as o', 'o.id', 'a.suspended_by')
    .select([
      'a.id', 'a.status', 'a.suspended_at', 'a.suspended_reason', 'a.suspended_by', 'o.email as suspended_by_email', 'a.first_name',
      'a.last_name', 'a.company', 'a.email', 'a.email_verified_at', 'a.mobile_phone', 'a.phone', 'a.im_handle', 'a.time_zone',
      'a.contact_time', 'a.address1', 'a.address2', 'a.city', 'a.state', 'a.non_state', 'a.country_code', 'a.zipcode', 'a.website',
      'a.promotion', 'a.otp_enabled', 'a.registration_date', 'a.last_login_at', 'a.manager_id', 'm.name as manager_name',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  const flags = await db.selectFrom('affiliate_flags').select(['flag', 'created_at']).where('affiliate_id', '=', id).orderBy('flag').execute();
  const caps = await db
    .selectFrom('campaign_access as ca')
    .innerJoin('campaigns as c', 'c.id', 'ca.campaign_id')
    .select(['c.id', 'c.name', 'ca.status', 'ca.daily_cap', 'c.daily_cap as campaign_cap'])
    .where('ca.affiliate_id', '=', id)
    .where('ca.daily_cap', 'is not', null)
    .orderBy('c.id')
    .execute();
  const money = (await paymentOf(db, id))!;
  return {
    affiliate_id: r.id,
    status: r.status,
    suspension:
      r.status === 'suspended' && r.suspended_at !== null
        ? {
            at: asText(r.suspended_at),
            reason: r.suspended_reason,
            by: r.suspended_by === null ? null : { operator_id: r.suspended_by, email: r.suspended_by_email ?? '' },
          }
        : null,
    profile: {
      first_name: r.first_name,
      last_name: r.last_name,
      company: r.company,
      email: r.email,
      email_verified: r.email_verified_at !== null,
      mobile: r.mobile_phone,
      phone: r.phone,
      im_handle: r.im_handle,
      time_zone: r.time_zone,
      contact_time: r.contact_time,
      address: { address_1: r.address1, address_2: r.address2, city: r.city, state: r.state || r.non_state, country: r.country_code ?? '', zipcode: r.zipcode },
      website: r.website,
      promotion: r.promotion,
      two_factor: r.otp_enabled,
      registered_at: asText(r.registration_date),
      last_login_at: asTextOrNull(r.last_login_at),
    },
    manager: managerRef(r.manager_id, r.manager_name),
    flags: flags.map((f) => ({ flag: f.flag, label: flagLabel(f.flag), set_at: asText(f.created_at) })),
    cap_overrides: caps.map((c) => ({
      campaign_id: c.id,
      campaign_name: c.name,
      access_status: c.status,
      daily_cap: c.daily_cap!,
      campaign_daily_cap: c.campaign_cap,
    })),
    ...money,
  };
}

/** The detail for an operator: 404 when there is none, 403 when it is another manager's. */
export async function affiliateFor(db: Kysely<DB>, operator: OperatorContext, id: number): Promise<AffiliateDetail> {
  const detail = await affiliateDetail(db, id);
  if (!detail) throw notFound(AFFILIATE_NOT_FOUND);
  checkAffiliateInScope(await scopeOf(db, operator), detail.manager?.manager_id ?? null, true);
  return detail;
}

export async function paymentFor(db: Kysely<DB>, operator: OperatorContext, id: number) {
  const row = await db.selectFrom('affiliates').select('manager_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(AFFILIATE_NOT_FOUND);
  checkAffiliateInScope(await scopeOf(db, operator), row.manager_id, true);
  return (await paymentOf(db, id))!;
}

export interface Actor {
  operator: OperatorContext;
  ip: string;
  now: Date;
}

type LockedAffiliate = {
  id: number; status: AffiliateStatus; manager_id: number | null; suspended_at: Date | null; suspended_reason: string; first_name: string; last_name: string;
};

/**
 * Runs a change of one affiliate: its row locked, 404 when there is none, the operator's scope
 * checked on the locked row, then `change` in the same transaction, which records its audit entry
 * (`audit`, when something changed). Answers the detail after the commit.
 */
async function changeAffiliate(
  db: Kysely<DB>,
  id: number,
  actor: Actor,
  change: (trx: Transaction<DB>, row: LockedAffiliate, audit: (action: string, before: unknown, after: unknown) => Promise<void>) => Promise<void>,
): Promise<AffiliateDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('affiliates')
      .select(['id', 'status', 'manager_id', 'suspended_at', 'suspended_reason', 'first_name', 'last_name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(AFFILIATE_NOT_FOUND);
    checkAffiliateInScope(await scopeOf(trx, actor.operator), row.manager_id);
    await change(trx, row, (action, before, after) =>
      recordAudit(trx, { operatorId: actor.operator.operatorId, ip: actor.ip, at: actor.now, action, target: { type: 'affiliate', id }, before, after }),
    );
  });
  return (await affiliateDetail(db, id))!;
}

export function changeManager(db: Kysely<DB>, id: number, managerId: number | null, actor: Actor) {
  return changeAffiliate(db, id, actor, async (trx, row, audit) => {
    if (managerId !== null) {
      const manager = await trx.selectFrom('managers').select(['id', 'name', 'is_active']).where('id', '=', managerId).executeTakeFirst();
      if (!manager) throw notFound(MANAGER_NOT_FOUND);
      if (!manager.is_active) throw new ApiError(409, `${manager.name} is deactivated: activate them first, or choose another manager.`);
    }
    if (row.manager_id === managerId) return;
    await trx.updateTable('affiliates').set({ manager_id: managerId, updated_at: actor.now }).where('id', '=', id).execute();
    await audit('affiliate.manager', { manager_id: row.manager_id }, { manager_id: managerId });
  });
}

function notSuspendable(row: LockedAffiliate): string {
  if (row.status === 'suspended') return `${nameOf(row)} is already suspended.`;
  if (row.status === 'pending') return `${nameOf(row)}'s application is still waiting for review: approve or reject it instead.`;
  return `${nameOf(row)} is ${row.status}, not active: only an active affiliate can be suspended.`;
}

/**
 * Suspends an active affiliate: the status becomes `suspended` with the reason, and every session of
 * theirs (signed in or half way) ends in the same transaction, so their next call answers 401 and
 * sign-in is refused with the suspension's message (server/modules/session/service.ts).
 */
export function suspendAffiliate(db: Kysely<DB>, id: number, reason: string, actor: Actor) {
  return changeAffiliate(db, id, actor, async (trx, row, audit) => {
    if (row.status !== 'active') throw new ApiError(409, notSuspendable(row));
    const why = reason.trim();
    await trx
      .updateTable('affiliates')
      .set({ status: 'suspended', suspended_at: actor.now, suspended_reason: why, suspended_by: actor.operator.operatorId, updated_at: actor.now })
      .where('id', '=', id)
      .execute();
    const ended = await trx.updateTable('sessions').set({ revoked_at: actor.now }).where('affiliate_id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    await audit('affiliate.suspend', { status: row.status }, { status: 'suspended', reason: why, sessions_ended: Number(ended.numUpdatedRows) });
  });
}

export function reactivateAffiliate(db: Kysely<DB>, id: number, actor: Actor) {
  return changeAffiliate(db, id, actor, async (trx, row, audit) => {
    if (row.status !== 'suspended') throw new ApiError(409, `${nameOf(row)} is not suspended (the account is ${row.status}).`);
    await trx
      .updateTable('affiliates')
      .set({ status: 'active', suspended_at: null, suspended_reason: '', suspended_by: null, updated_at: actor.now })
      .where('id', '=', id)
      .execute();
    await audit('affiliate.reactivate', { status: 'suspended', reason: row.suspended_reason }, { status: 'active' });
  });
}

const flagsOf = async (trx: Transaction<DB>, id: number) =>
  (await trx.selectFrom('affiliate_flags').select('flag').where('affiliate_id', '=', id).orderBy('flag').execute()).map((f) => f.flag);

export function setFlag(db: Kysely<DB>, id: number, flag: number, on: boolean, actor: Actor) {
  return changeAffiliate(db, id, actor, async (trx, _row, audit) => {
    const before = await flagsOf(trx, id);
    if (before.includes(flag) === on) return;
    if (on) await trx.insertInto('affiliate_flags').values({ affiliate_id: id, flag, created_at: actor.now }).execute();
    else await trx.deleteFrom('affiliate_flags').where('affiliate_id', '=', id).where('flag', '=', flag).execute();
    await audit(on ? 'affiliate.flag.set' : 'affiliate.flag.clear', { flags: before }, { flags: await flagsOf(trx, id) });
  });
}

/**
 * The affiliate's own daily cap on a campaign (campaign_access.daily_cap, "Your Daily Cap"), or null
 * for none. It lives on the affiliate's access row, so the campaign must be one they run or asked to
 * run. The click gate reads reached caps every few seconds (docs/ledger.md "Caps").
 */
export function setCap(db: Kysely<DB>, id: number, campaignId: number, dailyCap: number | null, actor: Actor) {
  return changeAffiliate(db, id, actor, async (trx, row, audit) => {
    const campaign = await trx.selectFrom('campaigns').select(['id', 'name']).where('id', '=', campaignId).executeTakeFirst();
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    const access = await trx
      .selectFrom('campaign_access')
      .select(['status', 'daily_cap'])
      .where('affiliate_id', '=', id)
      .where('campaign_id', '=', campaignId)
      .forUpdate()
      .executeTakeFirst();
    if (!access) {
      throw new ApiError(409, `${nameOf(row)} does not run ${campaign.name} and has not asked to: a cap of their own applies to a campaign they have access to or asked for.`);
    }
    if (access.daily_cap === dailyCap) return;
    await trx
      .updateTable('campaign_access')
      .set({ daily_cap: dailyCap })
      .where('affiliate_id', '=', id)
      .where('campaign_id', '=', campaignId)
      .execute();
    await audit('affiliate.cap', { campaign_id: campaignId, daily_cap: access.daily_cap }, { campaign_id: campaignId, daily_cap: dailyCap });
  });
}
