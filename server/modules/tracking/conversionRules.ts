import { timingSafeEqual } from 'node:crypto';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { dateTimeInZone, dayInZoneByMinute } from '../../../src/shared/dates';
import { RATE_TYPE_LABELS } from '../../../src/shared/rateText';
import { quarterOf } from './clickEncoding';
import { encodeForUrl, escapeHtml, fillMacros } from './macros';

/** A conversion as the intake received it (postback, pixel, or the demo history). */
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
  /** True when a daily cap of the conversion is reached or it was over one (the click gate reloads: caps.ts). */
  capReached?: boolean;
}

/** A click id as the intake accepts it (anything else is an unknown click). */
export const CLICK_ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

/** A click with what its conversion needs: campaign, advertiser secret, rate and the affiliate postback it fires. */
export interface ClickForConversion {
  id: number; click_key: string; affiliate_id: number; campaign_id: number; creative_id: number; landing_page_id: number;
  sub1: string; sub2: string; sub3: string; sub4: string; sub5: string; ip: string; country_code: string; region: string;
  city: string; device: string; os: string; browser: string; campaign_name: string; tracking_type: string; postback_secret: string;
  /** The advertiser's secret before its last rotation ('' when none), accepted until previous_secret_until (docs/ops-offers.md). */
  previous_postback_secret: string; previous_secret_until: Date | string | null;
  rate_id: number | null; rate_type: 'F' | 'P' | null; rate: number | null;
  /** The advertiser's side of the rate (what the network is paid): dollars per lead (F) or percent of sale (P). */
  revenue_type: 'F' | 'P' | null; revenue: number | null;
  /** The campaign's daily cap and this affiliate's own cap on it (null: none). */
  campaign_cap: number | null; affiliate_cap: number | null;
  postback_id: number | null; postback_type: string | null; postback_code: string | null;
}

/**
 * Tracking types (spec 000 section 9) whose conversions come by pixel: L (pixel) and I (iFrame).
 * Every other type (S and M server-to-server, A API, G global, H host and post) converts by
 * server-to-server postback only (docs/tracking.md).
 */
const PIXEL_TRACKING_TYPES: readonly string[] = ['L', 'I'];
const isPixelTracked = (trackingType: string) => PIXEL_TRACKING_TYPES.includes(trackingType.trim().toUpperCase());

function secretMatches(expected: string, given: string | undefined): boolean {
  if (expected === '' || given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The advertiser's current secret, or the one it replaced while its grace period lasts at `at`. */
function advertiserSecretMatches(click: ClickForConversion, given: string | undefined, at: Date): boolean {
  if (secretMatches(click.postback_secret, given)) return true;
  const until = click.previous_secret_until === null ? NaN : new Date(click.previous_secret_until).getTime();
  return at.getTime() < until && secretMatches(click.previous_postback_secret, given);
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

/** A conversion checked and priced, ready for the write statement (one row of a batch). */
export interface ConversionRow {
  click_id: number; affiliate_id: number; campaign_id: number; rate_id: number; creative_id: number; landing_page_id: number;
  sub1: string; sub2: string; sub3: string; sub4: string; sub5: string; status: string; rate_type: string; sale_amount: number;
  payout: number; revenue: number; advertiser_ref: string; ip: string; country_code: string; region: string; city: string; device: string;
  os: string; system: string; converted_at: string; intake: string; day: string; bucket: string;
  postback_id: number | null; postback_type: string; url: string | null;
}
/** The daily caps a conversion counts toward (caps.ts); null when neither is set. */
export interface CapsOf { campaign: number | null; affiliate: number | null }
export type Checked =
  | { kind: 'write'; row: ConversionRow; html: string | null; caps: CapsOf | null }
  | { kind: 'reverse'; campaignId: number; txid: string };

/**
 * The rules of one conversion against its click (secret, pixel limits, rate, amount) and its payout,
 * macros and rollup day; throws the 4xx the intake answers. Shared by the batch and the single path.
 */
export function checkConversion(click: ClickForConversion | undefined, input: ConversionInput): Checked {
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
    if (!advertiserSecretMatches(click, input.secret, input.at)) throw new ApiError(403, 'secret: does not match the advertiser\'s postback secret.');
  }
  if (pixel && !isPixelTracked(click.tracking_type)) {
    throw new ApiError(403, 'pixel: this campaign is tracked by server-to-server postback, not by pixel.');
  }
  const txid = pixel ? click.click_key : (input.txid ?? '').trim() || click.click_key;
  if (input.status === 'reversed') {
    if (pixel) throw badRequest('status: reversals come by server-to-server postback, not by pixel.');
    return { kind: 'reverse', campaignId: click.campaign_id, txid };
  }

  const rate = click.rate_id === null ? undefined : { id: click.rate_id, rate_type: click.rate_type!, rate: click.rate! };
  if (!rate) throw new ApiError(409, 'This campaign has no active rate: the conversion was not recorded.');
  if (rate.rate_type === 'P' && input.amount === undefined) throw badRequest(`amount: is required for a revshare (${RATE_TYPE_LABELS.P}) campaign`);
  const sale = pixel && rate.rate_type === 'F' ? 0 : input.amount ?? 0;
  const payout = rate.rate_type === 'P' ? revsharePayout(sale, rate.rate) : rate.rate;
  const status = pixel ? 'approved' : input.status ?? 'approved';
  const revenue = click.revenue_type === 'P' ? revsharePayout(sale, click.revenue ?? 0) : click.revenue ?? 0;

  const postback = click.postback_id === null ? null : { id: click.postback_id, type: click.postback_type!, code: click.postback_code! };
  const values = {
    click_id: click.click_key, transaction_id: txid, payout: payout.toFixed(2), sale_amount: sale.toFixed(2),
    campaign_id: click.campaign_id, campaign_name: click.campaign_name, affiliate_id: click.affiliate_id,
    creative_id: click.creative_id, landing_page_id: click.landing_page_id, sub1: click.sub1, sub2: click.sub2,
    sub3: click.sub3, sub4: click.sub4, sub5: click.sub5, date: dateTimeInZone(input.at, input.timeZone), ip: click.ip,
    status, reason: '',
  };
  const html = postback?.type === 'I' ? fillMacros(postback.code, values, escapeHtml) : null;
  const url = postback && postback.type !== 'I' ? fillMacros(postback.code.trim(), values, encodeForUrl) : null;
  return {
    kind: 'write',
    html,
    // The demo's generated history is written as recorded, without caps.
    caps: input.via === 'demo' || (click.campaign_cap === null && click.affiliate_cap === null) ? null : { campaign: click.campaign_cap, affiliate: click.affiliate_cap },
    row: {
      click_id: click.id, affiliate_id: click.affiliate_id, campaign_id: click.campaign_id, rate_id: rate.id,
      creative_id: click.creative_id, landing_page_id: click.landing_page_id, sub1: click.sub1, sub2: click.sub2, sub3: click.sub3,
      sub4: click.sub4, sub5: click.sub5, status, rate_type: rate.rate_type, sale_amount: sale, payout, revenue, advertiser_ref: txid,
      ip: click.ip, country_code: click.country_code, region: click.region, city: click.city, device: click.device, os: click.os,
      system: click.browser, converted_at: input.at.toISOString(), intake: input.via, day: conversionDay(input.at, input.timeZone), bucket: quarterOf(input.at),
      postback_id: postback?.id ?? null, postback_type: postback?.type ?? '', url,
    },
  };
}

/** The report day of an instant, remembered for the current minute. */
const conversionDay = dayInZoneByMinute();

/** The answer to a transaction already recorded. */
export const DUPLICATE: ConversionResult = { message: 'This transaction was already recorded; nothing was credited again.', duplicate: true, html: null, queued: false };

/** The answer to a conversion written with id `id`. */
export function recorded(checked: Extract<Checked, { kind: 'write' }>, id: number): ConversionResult {
  if (checked.row.status === 'over_cap') {
    return { message: 'Conversion recorded over the daily cap: it pays nothing.', duplicate: false, conversion_id: id, payout: 0, html: null, queued: false };
  }
  return { message: 'Conversion recorded.', duplicate: false, conversion_id: id, payout: checked.row.payout, html: checked.html, queued: checked.row.url !== null };
}
