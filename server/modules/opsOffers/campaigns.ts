import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  OFFER_TRAFFIC_TYPES,
  type CampaignPreviewResponse,
  type CreateCampaignBody,
  type OfferCampaign,
  type OfferCampaignsResponse,
} from '../../../src/api/contract/opsOffers';
import { rateText } from '../../../src/shared/rateText';
import type { DB, TrafficType } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { campaignDetail } from '../campaignDetail/queries';
import { campaignSummaries } from '../campaigns/queries';
import type { CdnUrls } from '../images/cdn';
import { recordAudit } from '../operator/audit';
import { activeAdvertiser, expiredSql, type Actor } from './advertisers';
import { checkCampaign, checkCategory, type CampaignValues } from './campaignRules';
import { nameOrId } from './search';

/**
 * Campaigns in the back office (docs/ops-offers.md "Campaigns"): the editor's view of every field,
 * create and edit (the campaign row, its rates, traffic types, countries, systems and suppression
 * links), pause, resume, expire, and the preview of what affiliates get. Each write, its checks and
 * its audit entry share one transaction: a failure leaves nothing of it.
 */

export const CAMPAIGN_NOT_FOUND = 'There is no campaign with this id.';

type Db = Kysely<DB> | Transaction<DB>;
const iso = (d: Date | string) => new Date(d).toISOString();
const day = (d: string | null) => (d === null ? null : String(d).slice(0, 10));
const textLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
const trafficOrder = (t: TrafficType) => OFFER_TRAFFIC_TYPES.indexOf(t);

/** The campaign as its editor shows it, or null; `lock` takes its row for the rest of the transaction. */
export async function campaignView(db: Db, id: number, today: string, lock = false): Promise<OfferCampaign | null> {
  let main = db
    .selectFrom('campaigns as c')
    .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
    .innerJoin('subcategories as s', 's.id', 'c.subcategory_id')
    .innerJoin('categories as k', 'k.id', 's.category_id')
    .selectAll('c')
    .select(['a.name as advertiser_name', 's.name as subcategory', 'k.id as category_id', 'k.name as category', expiredSql(today).as('expired')])
    .where('c.id', '=', id);
  if (lock) main = main.forUpdate('c');
  const c = await main.executeTakeFirst();
  if (!c) return null;
  const [rates, traffic, countries, os, suppression] = await Promise.all([
    db.selectFrom('campaign_rates').select(['id', 'description', 'rate_type', 'rate', 'revenue_type', 'revenue', 'status', 'is_default']).where('campaign_id', '=', id).orderBy('id').execute(),
    db.selectFrom('campaign_traffic_types').select('traffic_type').where('campaign_id', '=', id).execute(),
    db.selectFrom('campaign_countries').select('country_code').where('campaign_id', '=', id).orderBy('country_code').execute(),
    db.selectFrom('campaign_os').select('os').where('campaign_id', '=', id).orderBy('os').execute(),
    db.selectFrom('email_suppression_urls').select('url').where('campaign_id', '=', id).orderBy('id').execute(),
  ]);
  return {
    campaign_id: c.id,
    advertiser: { advertiser_id: c.advertiser_id, name: c.advertiser_name },
    status: c.status,
    state: c.expired ? 'expired' : c.status,
    category: c.category,
    subcategory: c.subcategory,
    name: c.name,
    description: c.description,
    category_id: c.category_id,
    subcategory_id: c.subcategory_id,
    expiry_date: day(c.expiry_date),
    by_request: c.by_request,
    approval_mode: c.by_request ? c.approval_mode : null,
    approval_preface: c.approval_preface,
    questions: [c.approval_question1, c.approval_question2, c.approval_question3].filter((q) => q.trim() !== ''),
    rates: rates.map((r) => ({
      rate_id: r.id, description: r.description, rate_type: r.rate_type, rate: Number(r.rate), revenue_type: r.revenue_type,
      revenue: Number(r.revenue), status: r.status, is_default: r.is_default,
    })),
    traffic_types: traffic.map((t) => t.traffic_type).sort((x, y) => trafficOrder(x) - trafficOrder(y)),
    geo_filtering: c.geo_filtering,
    countries: countries.map((r) => r.country_code.trim().toUpperCase()),
    desktop_traffic: c.desktop_traffic,
    mobile_traffic: c.mobile_traffic,
    os_filtering: c.os_filtering,
    os: os.map((r) => r.os),
    daily_cap: c.daily_cap,
    search_restrictions: c.search_restrictions,
    email_rules: c.email_rules,
    email_subject_lines: textLines(c.email_subject_lines),
    email_from_lines: textLines(c.email_from_lines),
    suppression_links: suppression.map((r) => r.url),
    highlight: c.highlight,
    tracking_type: c.tracking_type.trim(),
    supports_multiple_postback: c.supports_multiple_postback,
    fallback_url: c.fallback_url,
    preview_url: c.preview_url,
    epc: Number(c.epc),
    popularity: c.popularity,
    is_gaming: c.is_gaming,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

export async function getCampaign(db: Db, id: number, today: string): Promise<OfferCampaign> {
  const view = await campaignView(db, id, today);
  if (!view) throw notFound(CAMPAIGN_NOT_FOUND);
  return view;
}

/** What the audit keeps of a campaign: every field, without the clock's columns. */
function auditView(c: OfferCampaign) {
  const { created_at: _created, updated_at: _updated, ...fields } = c;
  return fields;
}

/** The campaigns row of the values (the category is the subcategory's; the suppression flag is whether links exist). */
function campaignColumns(v: CampaignValues) {
  const [q1 = '', q2 = '', q3 = ''] = v.questions;
  return {
    subcategory_id: v.subcategory_id,
    name: v.name,
    description: v.description,
    expiry_date: v.expiry_date,
    by_request: v.by_request,
    // A Public campaign approves at once whatever the column says; 'review' is the column's default.
    approval_mode: v.approval_mode ?? 'review',
    approval_preface: v.approval_preface,
    approval_question1: q1,
    approval_question2: q2,
    approval_question3: q3,
    highlight: v.highlight,
    tracking_type: v.tracking_type,
    supports_multiple_postback: v.supports_multiple_postback,
    geo_filtering: v.geo_filtering,
    os_filtering: v.os_filtering,
    desktop_traffic: v.desktop_traffic,
    mobile_traffic: v.mobile_traffic,
    daily_cap: v.daily_cap,
    preview_url: v.preview_url,
    search_restrictions: v.search_restrictions,
    email_rules: v.email_rules,
    email_suppression: v.suppression_links.length > 0,
    email_subject_lines: v.email_subject_lines.join('\n'),
    email_from_lines: v.email_from_lines.join('\n'),
    fallback_url: v.fallback_url,
    epc: v.epc,
    popularity: v.popularity,
    is_gaming: v.is_gaming,
  };
}

/**
 * The campaign's rates: existing ones (by rate_id) are updated, new ones inserted, and the ones left
 * out deleted, unless a conversion was paid by one (then 409: it can be made Inactive instead).
 */
async function writeRates(trx: Transaction<DB>, campaignId: number, rates: CampaignValues['rates'], existing: number[]): Promise<void> {
  const known = new Set(existing);
  for (const r of rates) {
    if (r.rate_id !== undefined && !known.has(r.rate_id)) throw badRequest(`Rate #${r.rate_id} is not one of this campaign's rates: leave out rate_id for a new rate.`);
  }
  const kept = new Set(rates.flatMap((r) => (r.rate_id === undefined ? [] : [r.rate_id])));
  const removed = existing.filter((id) => !kept.has(id));
  if (removed.length > 0) {
    const used = await trx
      .selectFrom('conversions')
      .select('rate_id')
      .distinct()
      .where('campaign_id', '=', campaignId)
      .where('rate_id', 'in', removed)
      .orderBy('rate_id')
      .execute();
    if (used.length > 0) {
      const list = used.map((u) => `#${u.rate_id}`).join(', ');
      throw new ApiError(409, `Conversions were paid by rate ${list}, so it cannot be removed: set it Inactive instead.`);
    }
    await trx.deleteFrom('campaign_rates').where('campaign_id', '=', campaignId).where('id', 'in', removed).execute();
  }
  for (const r of rates) {
    const values = {
      description: r.description, rate_type: r.rate_type, rate: r.rate, revenue_type: r.revenue_type, revenue: r.revenue, status: r.status, is_default: r.is_default,
    };
    if (r.rate_id === undefined) await trx.insertInto('campaign_rates').values({ campaign_id: campaignId, ...values }).execute();
    else await trx.updateTable('campaign_rates').set(values).where('id', '=', r.rate_id).where('campaign_id', '=', campaignId).execute();
  }
}

/** The lists of a campaign (traffic types, countries, systems, suppression links), replaced. */
async function writeLists(trx: Transaction<DB>, id: number, v: CampaignValues): Promise<void> {
  await trx.deleteFrom('campaign_traffic_types').where('campaign_id', '=', id).execute();
  await trx.deleteFrom('campaign_countries').where('campaign_id', '=', id).execute();
  await trx.deleteFrom('campaign_os').where('campaign_id', '=', id).execute();
  await trx.deleteFrom('email_suppression_urls').where('campaign_id', '=', id).execute();
  if (v.traffic_types.length > 0) await trx.insertInto('campaign_traffic_types').values(v.traffic_types.map((t) => ({ campaign_id: id, traffic_type: t }))).execute();
  if (v.countries.length > 0) await trx.insertInto('campaign_countries').values(v.countries.map((c) => ({ campaign_id: id, country_code: c }))).execute();
  if (v.os.length > 0) await trx.insertInto('campaign_os').values(v.os.map((os) => ({ campaign_id: id, os }))).execute();
  if (v.suppression_links.length > 0) await trx.insertInto('email_suppression_urls').values(v.suppression_links.map((url) => ({ campaign_id: id, url }))).execute();
}

const by = (actor: Actor) => ({ operatorId: actor.operatorId, ip: actor.ip, at: actor.now });

export async function createCampaign(db: Kysely<DB>, body: z.output<typeof CreateCampaignBody>, actor: Actor): Promise<OfferCampaign> {
  const { advertiser_id, status, ...values } = body;
  checkCampaign(values, actor.today);
  if (values.rates.some((r) => r.rate_id !== undefined)) throw badRequest("A new campaign's rates have no rate_id yet: leave it out.");
  return db.transaction().execute(async (trx) => {
    await activeAdvertiser(trx, advertiser_id, () => badRequest(`There is no advertiser #${advertiser_id}: choose one of the list.`));
    await checkCategory(trx, values);
    const { id } = await trx
      .insertInto('campaigns')
      .values({ ...campaignColumns(values), advertiser_id, status, created_at: actor.now, updated_at: actor.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeRates(trx, id, values.rates, []);
    await writeLists(trx, id, values);
    const after = (await campaignView(trx, id, actor.today))!;
    await recordAudit(trx, { ...by(actor), action: 'campaign.create', target: { type: 'campaign', id }, before: null, after: auditView(after) });
    return after;
  });
}

const EXPIRED_FINAL = 'This campaign is expired, which is final: create a new campaign to run the offer again.';

export async function updateCampaign(db: Kysely<DB>, id: number, values: CampaignValues, actor: Actor): Promise<OfferCampaign> {
  return db.transaction().execute(async (trx) => {
    const before = await campaignView(trx, id, actor.today, true);
    if (!before) throw notFound(CAMPAIGN_NOT_FOUND);
    if (before.status === 'expired') throw new ApiError(409, EXPIRED_FINAL);
    checkCampaign(values, actor.today, before.expiry_date);
    await checkCategory(trx, values);
    await trx.updateTable('campaigns').set({ ...campaignColumns(values), updated_at: actor.now }).where('id', '=', id).execute();
    await writeRates(trx, id, values.rates, before.rates.map((r) => r.rate_id));
    await writeLists(trx, id, values);
    const after = (await campaignView(trx, id, actor.today))!;
    await recordAudit(trx, { ...by(actor), action: 'campaign.update', target: { type: 'campaign', id }, before: auditView(before), after: auditView(after) });
    return after;
  });
}

const VERBS = { paused: 'pause', active: 'resume', expired: 'expire' } as const;

/**
 * Pause, resume or expire. Asking for the status it already has changes nothing and writes no entry;
 * an expired campaign stays expired; resuming needs an active advertiser and an expiry day not passed.
 */
export async function setCampaignStatus(db: Kysely<DB>, id: number, to: 'paused' | 'active' | 'expired', actor: Actor): Promise<OfferCampaign> {
  return db.transaction().execute(async (trx) => {
    const before = await campaignView(trx, id, actor.today, true);
    if (!before) throw notFound(CAMPAIGN_NOT_FOUND);
    if (before.status === to) return before;
    if (before.status === 'expired') throw new ApiError(409, EXPIRED_FINAL);
    if (to === 'active') {
      await activeAdvertiser(trx, before.advertiser.advertiser_id, () => notFound(CAMPAIGN_NOT_FOUND));
      if (before.state === 'expired') {
        throw new ApiError(409, `Its expiry date ${before.expiry_date} has passed: set a later expiry date (or none) before resuming it.`);
      }
    }
    await trx.updateTable('campaigns').set({ status: to, updated_at: actor.now }).where('id', '=', id).execute();
    const after = (await campaignView(trx, id, actor.today))!;
    await recordAudit(trx, {
      ...by(actor), action: `campaign.${VERBS[to]}`, target: { type: 'campaign', id },
      before: { status: before.status, state: before.state }, after: { status: after.status, state: after.state },
    });
    return after;
  });
}

export async function listCampaigns(
  db: Kysely<DB>,
  f: { q?: string; status?: 'active' | 'paused' | 'expired'; advertiser_id?: number; page: number; limit: number },
  today: string,
): Promise<Omit<z.input<typeof OfferCampaignsResponse>, 'success' | 'page' | 'limit'>> {
  const expired = expiredSql(today);
  let q = db
    .selectFrom('campaigns as c')
    .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
    .innerJoin('subcategories as s', 's.id', 'c.subcategory_id')
    .innerJoin('categories as k', 'k.id', 's.category_id');
  // campaigns.search_name is the name lower case without accents, with a trigram index (migration 0007).
  const search = nameOrId(f.q, sql<string>`c.search_name`, sql<number>`c.id`);
  if (search) q = q.where(search);
  if (f.status === 'expired') q = q.where(expired);
  else if (f.status !== undefined) q = q.where(sql<boolean>`not ${expired}`).where('c.status', '=', f.status);
  if (f.advertiser_id !== undefined) q = q.where('c.advertiser_id', '=', f.advertiser_id);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = await q
    .select([
      'c.id', 'c.name', 'c.status', 'c.by_request', 'c.daily_cap', 'c.expiry_date', 'c.updated_at', 'a.id as advertiser_id', 'a.name as advertiser_name',
      's.name as subcategory', 'k.name as category', expired.as('expired'),
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const rates = ids.length === 0
    ? []
    : await db.selectFrom('campaign_rates').select(['campaign_id', 'rate_type', 'rate', 'revenue_type', 'revenue']).where('campaign_id', 'in', ids).where('is_default', '=', true).orderBy('id').execute();
  const defaultRate = new Map<number, (typeof rates)[number]>();
  for (const r of rates) if (!defaultRate.has(r.campaign_id)) defaultRate.set(r.campaign_id, r);
  return {
    total: Number(n),
    campaigns: rows.map((r) => {
      const rate = defaultRate.get(r.id);
      return {
        campaign_id: r.id,
        name: r.name,
        advertiser: { advertiser_id: r.advertiser_id, name: r.advertiser_name },
        category: r.category,
        subcategory: r.subcategory,
        state: r.expired ? 'expired' : r.status,
        by_request: r.by_request,
        payout_text: rate ? rateText(rate.rate_type, Number(rate.rate)) : '',
        revenue_text: rate ? rateText(rate.revenue_type, Number(rate.revenue)) : '',
        daily_cap: r.daily_cap,
        expiry_date: day(r.expiry_date),
        updated_at: iso(r.updated_at),
      };
    }),
  };
}

/**
 * The affiliate the preview sees the campaign as: no affiliate has id 0 (ids start at 100001), so it
 * has no access, request, postback, bookmark or own cap: the page a newcomer gets.
 */
export const PREVIEW_AFFILIATE = 0;

export async function previewCampaign(
  db: Kysely<DB>,
  id: number,
  ctx: { today: string; cdn: CdnUrls; byRequestLimit: number },
): Promise<Omit<z.input<typeof CampaignPreviewResponse>, 'success'>> {
  const [card] = await campaignSummaries(db, [id], ctx.today, PREVIEW_AFFILIATE);
  if (!card) throw notFound(CAMPAIGN_NOT_FOUND);
  const campaign = await campaignDetail(db, id, { affiliateId: PREVIEW_AFFILIATE, today: ctx.today, cdn: ctx.cdn, byRequestLimit: ctx.byRequestLimit });
  const message = !campaign
    ? "Affiliates get \"This campaign doesn't exist.\": it is expired, and the lists and search leave it out."
    : campaign.details.paused === 'Y'
      ? "Affiliates can open its page, marked paused; search and the lists other than an affiliate's own leave it out, and its links go to the fallback page."
      : '';
  return { visible: campaign !== null, message, campaign, card };
}
