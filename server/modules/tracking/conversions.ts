import { timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { encodeForUrl, escapeHtml, fillMacros } from './macros';
import { dateTimeInZone, dayInZone } from '../../../src/shared/dates';
import { RATE_TYPE_LABELS } from '../../../src/shared/rateText';

/**
 * Conversion intake (issue 6 point 3): payout from the campaign's rate, one conversion per
 * (campaign, transaction id), the rollup and the affiliate's postback in the same transaction.
 */
export interface ConversionInput {
  clickId: string | undefined;
  txid?: string;
  amount?: number;
  status?: 'approved' | 'pending' | 'reversed';
  secret?: string;
  reason?: string;
  via: 'postback' | 'pixel' | 'demo';
  at: Date;
  /** Zone of report days (the rollup row the conversion counts in). */
  timeZone: string;
}

export interface ConversionResult {
  message: string;
  duplicate: boolean;
  conversion_id?: number;
  payout?: number;
  /** HTML postback of the affiliate, for the pixel's response. */
  html: string | null;
  /** True when an outbox row was queued (wake the worker after commit). */
  queued: boolean;
}

const CLICK_ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

interface ClickForConversion {
  id: number; click_key: string; affiliate_id: number; campaign_id: number; creative_id: number; landing_page_id: number;
  sub1: string; sub2: string; sub3: string; sub4: string; sub5: string; ip: string; country_code: string; region: string;
  city: string; device: string; os: string; browser: string; campaign_name: string; tracking_type: string; postback_secret: string;
  rate_id: number | null; rate_type: 'F' | 'P' | null; rate: number | null;
  postback_id: number | null; postback_type: string | null; postback_code: string | null;
}

/**
 * The click with its campaign, advertiser secret, rate (the default active one) and the affiliate
 * postback it fires (issue 6 point 4: the campaign's own when it has a type and code, else the
 * global one), in one round trip.
 */
async function loadClick(db: Kysely<DB>, clickId: string): Promise<ClickForConversion | undefined> {
  const { rows } = await sql<ClickForConversion>`
    select cl.id, cl.click_key, cl.affiliate_id, cl.campaign_id, cl.creative_id, cl.landing_page_id, cl.sub1, cl.sub2, cl.sub3,
           cl.sub4, cl.sub5, cl.ip, cl.country_code, cl.region, cl.city, cl.device, cl.os, cl.browser,
           c.name as campaign_name, c.tracking_type, a.postback_secret, r.id as rate_id, r.rate_type, r.rate,
           p.id as postback_id, p.type as postback_type, p.code as postback_code
    from clicks cl
    join campaigns c on c.id = cl.campaign_id
    join advertisers a on a.id = c.advertiser_id
    left join lateral (
      select id, rate_type, rate from campaign_rates
      where campaign_id = cl.campaign_id and status = 'Active' order by is_default desc, id limit 1
    ) r on true
    left join lateral (
      select id, type, code from postbacks
      where affiliate_id = cl.affiliate_id and (campaign_id = cl.campaign_id or campaign_id is null)
        and type <> '' and btrim(code) <> ''
      order by campaign_id nulls last limit 1
    ) p on true
    where cl.click_key = ${clickId}`.execute(db);
  const row = rows[0];
  return row && { ...row, id: Number(row.id), rate: row.rate === null ? null : Number(row.rate) };
}

/**
 * Tracking types (spec 000 section 9) whose conversions come by pixel: L (pixel) and I (iFrame).
 * Every other type (S and M server-to-server, A API, G global, H host and post) converts by
 * server-to-server postback only (docs/tracking.md).
 */
export const PIXEL_TRACKING_TYPES: readonly string[] = ['L', 'I'];
export const isPixelTracked = (trackingType: string) => PIXEL_TRACKING_TYPES.includes(trackingType.trim().toUpperCase());

function secretMatches(expected: string, given: string | undefined): boolean {
  if (expected === '' || given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Revshare payout: amount * rate / 100 rounded half-up to cents, in exact integer arithmetic (the
 * amount has at most 4 decimals, rates at most 4): 10.25 at 10% is 1.03, never 1.02 (floats).
 */
export function revsharePayout(amount: number, ratePercent: number): number {
  const a = BigInt(Math.round(amount * 10_000));
  const r = BigInt(Math.round(ratePercent * 10_000));
  const product = a * r; // amount * rate in units of 1e-8, i.e. payout in cents * 1e8
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  const cents = (abs + 50_000_000n) / 100_000_000n;
  return Number(cents * sign) / 100;
}

/**
 * Records one conversion (or, with status 'reversed', its reversal) at `input.at`: the conversion,
 * its stats_daily increment and its outbox row in one statement. The postback and pixel routes
 * call it live; the demo seed calls it (via 'demo', inside its own transaction) for the demo
 * history, so demo reports come from the same code as live ones.
 */
export async function recordConversion(db: Kysely<DB>, input: ConversionInput): Promise<ConversionResult> {
  if (!input.clickId) throw badRequest('click_id: is required');
  if (!CLICK_ID_SHAPE.test(input.clickId)) throw notFound('click_id: unknown click id.');
  const click = await loadClick(db, input.clickId);
  if (!click) throw notFound('click_id: unknown click id.');
  // Server-to-server postbacks prove they come from the advertiser (its secret); an advertiser
  // with no secret cannot take postbacks at all. The pixel runs in the visitor's browser and is
  // authenticated by the unguessable click id alone, so it is accepted only on pixel-tracked
  // campaigns, once per click, always approved, and (flat rate) without the requester's amount.
  const pixel = input.via === 'pixel';
  if (input.via === 'postback') {
    if (click.postback_secret === '') {
      throw new ApiError(403, 'secret: this advertiser has no postback secret configured, so server-to-server postbacks are refused.');
    }
    if (!secretMatches(click.postback_secret, input.secret)) throw new ApiError(403, 'secret: does not match the advertiser\'s postback secret.');
  }
  if (pixel && !isPixelTracked(click.tracking_type)) {
    throw new ApiError(403, 'pixel: this campaign is tracked by server-to-server postback, not by pixel.');
  }
  const txid = pixel ? click.click_key : (input.txid ?? '').trim() || click.click_key;
  if (input.status === 'reversed') {
    if (pixel) throw badRequest('status: reversals come by server-to-server postback, not by pixel.');
    return reverse(db, click.campaign_id, txid, input);
  }

  const rate = click.rate_id === null ? undefined : { id: click.rate_id, rate_type: click.rate_type!, rate: click.rate! };
  if (!rate) throw new ApiError(409, 'This campaign has no active rate: the conversion was not recorded.');
  if (rate.rate_type === 'P' && input.amount === undefined) throw badRequest(`amount: is required for a revshare (${RATE_TYPE_LABELS.P}) campaign`);
  const sale = pixel && rate.rate_type === 'F' ? 0 : input.amount ?? 0;
  const payout = rate.rate_type === 'P' ? revsharePayout(sale, rate.rate) : rate.rate;
  const status = pixel ? 'approved' : input.status ?? 'approved';

  // The write below is one statement (atomic on its own), so the rollup row every conversion of
  // a link contends for is locked only for that statement.
  const postback = click.postback_id === null ? null : { id: click.postback_id, type: click.postback_type!, code: click.postback_code! };
  const values = {
    click_id: click.click_key, transaction_id: txid, payout: payout.toFixed(2), sale_amount: sale.toFixed(2),
    campaign_id: click.campaign_id, campaign_name: click.campaign_name, affiliate_id: click.affiliate_id,
    creative_id: click.creative_id, landing_page_id: click.landing_page_id, sub1: click.sub1, sub2: click.sub2,
    sub3: click.sub3, sub4: click.sub4, sub5: click.sub5, date: dateTimeInZone(input.at, input.timeZone), ip: click.ip,
  };
  const html = postback?.type === 'I' ? fillMacros(postback.code, values, escapeHtml) : null;
  const url = postback && postback.type !== 'I' ? fillMacros(postback.code.trim(), values, encodeForUrl) : null;
  const day = dayInZone(input.at, input.timeZone);
  const { rows } = await sql<{ id: number }>`
    with conv as (
      insert into conversions (click_id, affiliate_id, campaign_id, rate_id, creative_id, landing_page_id, sub1, sub2, sub3, sub4, sub5,
                               status, rate_type, sale_amount, payout, advertiser_ref, ip, country_code, region, city, device, os, system,
                               converted_at, intake)
      values (${click.id}, ${click.affiliate_id}, ${click.campaign_id}, ${rate.id}, ${click.creative_id}, ${click.landing_page_id},
              ${click.sub1}, ${click.sub2}, ${click.sub3}, ${click.sub4}, ${click.sub5}, ${status}, ${rate.rate_type}, ${sale}, ${payout},
              ${txid}, ${click.ip}, ${click.country_code}, ${click.region}, ${click.city}, ${click.device}, ${click.os}, ${click.browser},
              ${input.at.toISOString()}, ${input.via})
      on conflict (campaign_id, advertiser_ref) where advertiser_ref <> '' do nothing
      returning id
    ),
    outbox as (
      insert into postback_deliveries (conversion_id, affiliate_id, postback_id, type, url, next_attempt_at, created_at)
      select id, ${click.affiliate_id}::int, ${postback?.id ?? null}::int, ${postback?.type ?? ''}::text, ${url}::text, ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz
      from conv where ${url}::text is not null
    ),
    rollup as (
      insert into stats_daily (day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings)
      select ${day}::date, ${click.affiliate_id}::int, ${click.campaign_id}::int, ${click.creative_id}::int, ${click.landing_page_id}::int, ${click.sub1}::text, 0, 1, ${sale}::numeric, ${payout}::numeric
      from conv
      on conflict (affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1) do update set
        leads = stats_daily.leads + excluded.leads, sales = stats_daily.sales + excluded.sales, earnings = stats_daily.earnings + excluded.earnings
    )
    select id from conv`.execute(db);
  const inserted = rows[0];
  if (!inserted) return { message: 'This transaction was already recorded; nothing was credited again.', duplicate: true, html: null, queued: false };
  return { message: 'Conversion recorded.', duplicate: false, conversion_id: Number(inserted.id), payout, html, queued: url !== null };
}

interface RollupKey { day: string; affiliate_id: number; campaign_id: number; creative_id: number; landing_page_id: number; sub1: string }

async function addToRollup(trx: Transaction<DB>, key: RollupKey, leads: number, sales: number, earnings: number) {
  await trx
    .insertInto('stats_daily')
    .values({ ...key, clicks: 0, leads, sales, earnings })
    .onConflict((oc) =>
      oc.columns(['affiliate_id', 'day', 'campaign_id', 'creative_id', 'landing_page_id', 'sub1']).doUpdateSet({
        leads: sql`stats_daily.leads + excluded.leads`,
        sales: sql`stats_daily.sales + excluded.sales`,
        earnings: sql`stats_daily.earnings + excluded.earnings`,
      }),
    )
    .execute();
}

/** A reversal: the reversals row, the conversion marked reversed, its lead and earnings taken back. */
async function reverse(db: Kysely<DB>, campaignId: number, txid: string, input: ConversionInput): Promise<ConversionResult> {
  let result: ConversionResult | undefined;
  // Its own transaction, or the caller's when it already runs in one (the demo seed).
  const inTransaction = (fn: (trx: Transaction<DB>) => Promise<void>) =>
    db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
  await inTransaction(async (trx) => {
    const conversion = await trx
      .selectFrom('conversions')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('advertiser_ref', '=', txid)
      .forUpdate()
      .executeTakeFirst();
    if (!conversion) throw notFound('txid: no conversion with this transaction id to reverse.');
    if (conversion.status === 'reversed' || conversion.status === 'rejected') {
      result = { message: 'This conversion was already reversed; nothing changed.', duplicate: true, conversion_id: conversion.id, html: null, queued: false };
      return;
    }
    await trx.updateTable('conversions').set({ status: 'reversed' }).where('id', '=', conversion.id).execute();
    await trx
      .insertInto('reversals')
      .values({ conversion_id: conversion.id, affiliate_id: conversion.affiliate_id, amount: conversion.payout, reversed_at: input.at, reason: (input.reason ?? '').slice(0, 200) })
      .execute();
    await addToRollup(
      trx,
      { day: dayInZone(new Date(conversion.converted_at), input.timeZone), affiliate_id: conversion.affiliate_id, campaign_id: conversion.campaign_id, creative_id: conversion.creative_id, landing_page_id: conversion.landing_page_id, sub1: conversion.sub1 },
      -1, -conversion.sale_amount, -conversion.payout,
    );
    result = { message: 'Conversion reversed.', duplicate: false, conversion_id: conversion.id, payout: -conversion.payout, html: null, queued: false };
  });
  return result!;
}
