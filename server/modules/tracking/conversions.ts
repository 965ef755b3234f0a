import { timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { encodeForUrl, escapeHtml, fillMacros } from './macros';
import { dateTimeInZone, dayInZone, dayInZoneByMinute } from '../../../src/shared/dates';
import { quarterOf } from './clicks';
import { queryNamed } from './prepared';
import { rollupShardsOf, type RollupShards } from './rollupShards';
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

/** The text of loadClicks (a named statement: see prepared.ts). */
const LOAD_CLICKS_SQL = `
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
    where cl.click_key = any($1::text[])`;

/**
 * The clicks with their campaign, advertiser secret, rate (the default active one) and the affiliate
 * postback each fires (issue 6 point 4: the campaign's own when it has a type and code, else the
 * global one), in one round trip for a whole batch.
 */
async function loadClicks(db: Kysely<DB>, clickIds: string[]): Promise<Map<string, ClickForConversion>> {
  const rows = await queryNamed<ClickForConversion>(db, 'pp_conversion_clicks_1', LOAD_CLICKS_SQL, [clickIds]);
  const clicks = new Map<string, ClickForConversion>();
  for (const row of rows) {
    row.id = Number(row.id);
    row.rate = row.rate === null ? null : Number(row.rate);
    clicks.set(row.click_key, row);
  }
  return clicks;
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

/** A conversion checked and priced, ready for the write statement (one row of a batch). */
interface ConversionRow {
  click_id: number; affiliate_id: number; campaign_id: number; rate_id: number; creative_id: number; landing_page_id: number;
  sub1: string; sub2: string; sub3: string; sub4: string; sub5: string; status: string; rate_type: string; sale_amount: number;
  payout: number; advertiser_ref: string; ip: string; country_code: string; region: string; city: string; device: string;
  os: string; system: string; converted_at: string; intake: string; day: string; bucket: string;
  postback_id: number | null; postback_type: string; url: string | null;
}
type Checked =
  | { kind: 'write'; row: ConversionRow; html: string | null }
  | { kind: 'reverse'; campaignId: number; txid: string };

/**
 * The rules of one conversion against its click (secret, pixel limits, rate, amount) and its payout,
 * macros and rollup day; throws the 4xx the intake answers. Shared by the batch and the single path.
 */
function checkConversion(click: ClickForConversion | undefined, input: ConversionInput): Checked {
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
    return { kind: 'reverse', campaignId: click.campaign_id, txid };
  }

  const rate = click.rate_id === null ? undefined : { id: click.rate_id, rate_type: click.rate_type!, rate: click.rate! };
  if (!rate) throw new ApiError(409, 'This campaign has no active rate: the conversion was not recorded.');
  if (rate.rate_type === 'P' && input.amount === undefined) throw badRequest(`amount: is required for a revshare (${RATE_TYPE_LABELS.P}) campaign`);
  const sale = pixel && rate.rate_type === 'F' ? 0 : input.amount ?? 0;
  const payout = rate.rate_type === 'P' ? revsharePayout(sale, rate.rate) : rate.rate;
  const status = pixel ? 'approved' : input.status ?? 'approved';

  const postback = click.postback_id === null ? null : { id: click.postback_id, type: click.postback_type!, code: click.postback_code! };
  const values = {
    click_id: click.click_key, transaction_id: txid, payout: payout.toFixed(2), sale_amount: sale.toFixed(2),
    campaign_id: click.campaign_id, campaign_name: click.campaign_name, affiliate_id: click.affiliate_id,
    creative_id: click.creative_id, landing_page_id: click.landing_page_id, sub1: click.sub1, sub2: click.sub2,
    sub3: click.sub3, sub4: click.sub4, sub5: click.sub5, date: dateTimeInZone(input.at, input.timeZone), ip: click.ip,
  };
  const html = postback?.type === 'I' ? fillMacros(postback.code, values, escapeHtml) : null;
  const url = postback && postback.type !== 'I' ? fillMacros(postback.code.trim(), values, encodeForUrl) : null;
  return {
    kind: 'write',
    html,
    row: {
      click_id: click.id, affiliate_id: click.affiliate_id, campaign_id: click.campaign_id, rate_id: rate.id,
      creative_id: click.creative_id, landing_page_id: click.landing_page_id, sub1: click.sub1, sub2: click.sub2, sub3: click.sub3,
      sub4: click.sub4, sub5: click.sub5, status, rate_type: rate.rate_type, sale_amount: sale, payout, advertiser_ref: txid,
      ip: click.ip, country_code: click.country_code, region: click.region, city: click.city, device: click.device, os: click.os,
      system: click.browser, converted_at: input.at.toISOString(), intake: input.via, day: conversionDay(input.at, input.timeZone), bucket: quarterOf(input.at),
      postback_id: postback?.id ?? null, postback_type: postback?.type ?? '', url,
    },
  };
}

/** The report day of an instant, remembered for the current minute. */
const conversionDay = dayInZoneByMinute();

/** The text of writeConversions (a named statement: see prepared.ts). */
const WRITE_CONVERSIONS_SQL = `
    with input as (
      select * from json_to_recordset($1::json) as x(
        i int, click_id bigint, affiliate_id int, campaign_id int, rate_id int, creative_id int, landing_page_id int,
        sub1 text, sub2 text, sub3 text, sub4 text, sub5 text, status text, rate_type text, sale_amount numeric, payout numeric,
        advertiser_ref text, ip text, country_code text, region text, city text, device text, os text, system text,
        converted_at timestamptz, intake text, day date, bucket timestamptz, postback_id int, postback_type text, url text)
    ),
    conv as (
      insert into conversions (click_id, affiliate_id, campaign_id, rate_id, creative_id, landing_page_id, sub1, sub2, sub3, sub4, sub5,
                               status, rate_type, sale_amount, payout, advertiser_ref, ip, country_code, region, city, device, os, system,
                               converted_at, intake)
      select click_id, affiliate_id, campaign_id, rate_id, creative_id, landing_page_id, sub1, sub2, sub3, sub4, sub5,
             status, rate_type, sale_amount, payout, advertiser_ref, ip, country_code, region, city, device, os, system,
             converted_at, intake
      from input order by i
      on conflict (campaign_id, advertiser_ref) where advertiser_ref <> '' do nothing
      returning id, campaign_id, advertiser_ref
    ),
    done as (
      select input.*, conv.id as conversion_id from conv join input using (campaign_id, advertiser_ref)
    ),
    outbox as (
      insert into postback_deliveries (conversion_id, affiliate_id, postback_id, type, url, next_attempt_at, created_at)
      select conversion_id, affiliate_id, postback_id, postback_type, url, converted_at, converted_at
      from done where url is not null
    ),
    quarter as (
      insert into stats_quarter (bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings, shard)
      select bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, 0, count(*), sum(sale_amount), sum(payout), $2::smallint
      from done
      group by bucket, affiliate_id, campaign_id, creative_id, landing_page_id, sub1
      order by affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1
      on conflict (affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1, shard) do update set
        leads = stats_quarter.leads + excluded.leads, sales = stats_quarter.sales + excluded.sales, earnings = stats_quarter.earnings + excluded.earnings
      returning 1
    ),
    rollup as (
      insert into stats_daily (day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings, shard)
      select day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, 0, count(*), sum(sale_amount), sum(payout), $2::smallint
      from done
      group by day, affiliate_id, campaign_id, creative_id, landing_page_id, sub1
      order by affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1
      on conflict (affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1, shard) do update set
        leads = stats_daily.leads + excluded.leads, sales = stats_daily.sales + excluded.sales, earnings = stats_daily.earnings + excluded.earnings
    )
    select i, conversion_id as id from done`;

/**
 * One statement for a batch of conversions, hence atomic without BEGIN/COMMIT round trips: the
 * conversions (a repeated (campaign, transaction id) inserts nothing), the outbox rows of those
 * inserted, and their leads, sales and earnings added to the rollups' rows of `shard` (in key order;
 * rollupShards.ts: no other batch in flight writes that shard). Rows travel as one JSON parameter; the
 * (campaign, transaction id) pairs of one call must be distinct. Returns the new conversion id of
 * each inserted row by its index.
 */
async function writeConversions(db: Kysely<DB>, rows: ConversionRow[], shard: number): Promise<Map<number, number>> {
  const done = await queryNamed<{ i: number; id: number }>(db, 'pp_conversion_batch_2', WRITE_CONVERSIONS_SQL, [
    // Each row's JSON with its index i appended (no object spread per row).
    `[${rows.map((r, i) => `${JSON.stringify(r).slice(0, -1)},"i":${i}}`).join(',')}]`,
    shard,
  ]);
  return new Map(done.map((d) => [Number(d.i), Number(d.id)]));
}

const DUPLICATE: ConversionResult = { message: 'This transaction was already recorded; nothing was credited again.', duplicate: true, html: null, queued: false };

function recorded(checked: Extract<Checked, { kind: 'write' }>, id: number): ConversionResult {
  return { message: 'Conversion recorded.', duplicate: false, conversion_id: id, payout: checked.row.payout, html: checked.html, queued: checked.row.url !== null };
}

/**
 * Records one conversion (or, with status 'reversed', its reversal) at `input.at`: the conversion,
 * its stats_daily increment and its outbox row in one statement. The demo seed calls it (via
 * 'demo', inside its own transaction) for the demo history, so demo reports come from the same code
 * as live ones; live intake goes through the ConversionBatcher, which runs the same checks and
 * statement for many at once.
 */
export async function recordConversion(db: Kysely<DB>, input: ConversionInput, shard = 0): Promise<ConversionResult> {
  if (!input.clickId) throw badRequest('click_id: is required');
  if (!CLICK_ID_SHAPE.test(input.clickId)) throw notFound('click_id: unknown click id.');
  const clicks = await loadClicks(db, [input.clickId]);
  const checked = checkConversion(clicks.get(input.clickId), input);
  if (checked.kind === 'reverse') return reverse(db, checked.campaignId, checked.txid, input, shard);
  const ids = await writeConversions(db, [checked.row], shard);
  const id = ids.get(0);
  return id === undefined ? DUPLICATE : recorded(checked, id);
}

/** The conversion queue is full (the database is not keeping up): answered 503. */
export class ConversionQueueFullError extends ApiError {
  constructor() {
    super(503, 'Too many conversions are waiting to be recorded; please retry.');
  }
}

interface PendingConversion { input: ConversionInput; resolve: (r: ConversionResult) => void; reject: (err: unknown) => void; waited?: boolean }

export interface ConversionBatchOptions {
  /** Most conversions per batch, longest wait for a batch to fill (ms), batches in flight, most waiting. */
  max: number;
  delayMs: number;
  concurrency: number;
  queueMax: number;
  /** TrackingOptions.processIndex: whose rollup shards its batches write. */
  processIndex?: number;
  /**
   * With the click journal a click reaches Postgres a moment after its 302 (tracking/journal.ts): a
   * conversion whose click is not found yet waits this long (ms) once and is looked up again before
   * it is refused as an unknown click. 0: refused at once (clicks committed before their answer).
   */
  missGraceMs?: number;
  /**
   * Whether clicks answered earlier still wait in a click journal for Postgres (after an outage):
   * then a conversion whose click is not found is answered 503 to retry, not refused as unknown.
   */
  clicksWaiting?: () => Promise<boolean>;
}

/** The click may be one of those still waiting for Postgres: the advertiser is asked to send it again. */
export const CLICK_NOT_RECORDED_YET =
  'click_id: this click is not recorded yet (the network is catching up after a database outage). Please send the conversion again in a few seconds.';

/**
 * Group commit for conversions, as the ClickBatcher does for clicks: postbacks and pixels queue
 * here; a batch loads all its clicks in one query, checks each conversion alone (one bad one fails
 * alone with its 4xx), and writes the rest in one statement. Each answer is given only after its
 * batch commits. If the statement fails, the batch's conversions are written again one by one, so
 * one bad row fails alone. Reversals are rare and keep their own transaction.
 */
export class ConversionBatcher {
  private queue: PendingConversion[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private idle: Array<() => void> = [];
  /** Conversions waiting for their click to reach Postgres (missGraceMs). */
  private waiting = 0;
  readonly stats = { batches: 0, conversions: 0, failures: 0 };

  private readonly shards: RollupShards;

  constructor(private readonly db: Kysely<DB>, private readonly options: ConversionBatchOptions) {
    this.shards = rollupShardsOf(options.processIndex);
  }

  record(input: ConversionInput): Promise<ConversionResult> {
    if (input.status === 'reversed' || !input.clickId || !CLICK_ID_SHAPE.test(input.clickId)) {
      return this.shards.with((shard) => recordConversion(this.db, input, shard));
    }
    if (this.closed) return Promise.reject(new ApiError(503, 'The server is stopping; please retry.'));
    if (this.queue.length >= this.options.queueMax) return Promise.reject(new ConversionQueueFullError());
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.queue.length >= this.options.max) this.flush();
      else if (!this.timer && this.inFlight < this.options.concurrency) this.timer = setTimeout(() => this.flush(), this.options.delayMs);
    });
  }

  private flush() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0 && this.inFlight < this.options.concurrency) {
      const batch = this.queue.splice(0, this.options.max);
      this.inFlight++;
      this.shards.with((shard) => this.run(batch, shard))
        .catch((err: unknown) => {
          for (const p of batch) p.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          if (this.queue.length > 0) this.flush();
          else this.settleIdle();
        });
    }
  }

  private settleIdle() {
    if (this.inFlight === 0 && this.waiting === 0 && this.queue.length === 0) this.idle.splice(0).forEach((f) => f());
  }

  /** Conversions whose click is not in Postgres yet: looked up again after missGraceMs. */
  private waitForClicks(pending: PendingConversion[]) {
    this.waiting += pending.length;
    setTimeout(() => {
      this.waiting -= pending.length;
      this.queue.unshift(...pending);
      this.flush();
    }, this.options.missGraceMs);
  }

  private async run(batch: PendingConversion[], shard: number) {
    const clicks = await loadClicks(this.db, [...new Set(batch.map((p) => p.input.clickId!))]);
    const writes: Array<{ p: PendingConversion; checked: Extract<Checked, { kind: 'write' }> }> = [];
    const later: PendingConversion[] = [];
    const copies: PendingConversion[] = [];
    const unseen: PendingConversion[] = [];
    const unknown: PendingConversion[] = [];
    const seen = new Set<string>();
    for (const p of batch) {
      if (!p.waited && this.options.missGraceMs && !clicks.has(p.input.clickId!)) {
        p.waited = true;
        unseen.push(p);
        continue;
      }
      if (!clicks.has(p.input.clickId!) && this.options.clicksWaiting) {
        unknown.push(p);
        continue;
      }
      let checked: Checked;
      try {
        checked = checkConversion(clicks.get(p.input.clickId!), p.input);
      } catch (err) {
        p.reject(err);
        continue;
      }
      if (checked.kind === 'reverse') {
        later.push(p);
        continue;
      }
      // A second copy of the same transaction in one batch is a duplicate of the first.
      const key = `${checked.row.campaign_id}\u0000${checked.row.advertiser_ref}`;
      if (seen.has(key)) copies.push(p);
      else {
        seen.add(key);
        writes.push({ p, checked });
      }
    }
    if (writes.length > 0) {
      try {
        const ids = await writeConversions(this.db, writes.map((w) => w.checked.row), shard);
        this.stats.batches++;
        writes.forEach((w, i) => {
          const id = ids.get(i);
          if (id !== undefined) this.stats.conversions++;
          w.p.resolve(id === undefined ? DUPLICATE : recorded(w.checked, id));
        });
        for (const p of copies) p.resolve(DUPLICATE);
      } catch {
        this.stats.failures++;
        for (const w of writes) later.push(w.p);
        later.push(...copies);
      }
    }
    if (unseen.length > 0) this.waitForClicks(unseen);
    if (unknown.length > 0) {
      const waiting = this.options.clicksWaiting ? await this.options.clicksWaiting().catch(() => false) : false;
      for (const p of unknown) p.reject(waiting ? new ApiError(503, CLICK_NOT_RECORDED_YET, 5) : notFound('click_id: unknown click id.'));
    }
    // Reversals, and the conversions of a failed batch: one at a time, each alone.
    for (const p of later) {
      try {
        p.resolve(await recordConversion(this.db, p.input, shard));
      } catch (err) {
        p.reject(err);
      }
    }
  }

  /** Writes what is queued and waits for every batch in flight; later conversions are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.flush();
    if (this.inFlight === 0 && this.queue.length === 0 && this.waiting === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}

interface RollupKey { day: string; affiliate_id: number; campaign_id: number; creative_id: number; landing_page_id: number; sub1: string }

async function addToRollup(trx: Transaction<DB>, key: RollupKey, at: Date, leads: number, sales: number, earnings: number, shard: number) {
  const { day: _day, ...dims } = key;
  await trx
    .insertInto('stats_quarter')
    .values({ ...dims, bucket: quarterOf(at), clicks: 0, leads, sales, earnings, shard })
    .onConflict((oc) =>
      oc.columns(['affiliate_id', 'bucket', 'campaign_id', 'creative_id', 'landing_page_id', 'sub1', 'shard']).doUpdateSet({
        leads: sql`stats_quarter.leads + excluded.leads`,
        sales: sql`stats_quarter.sales + excluded.sales`,
        earnings: sql`stats_quarter.earnings + excluded.earnings`,
      }),
    )
    .execute();
  await trx
    .insertInto('stats_daily')
    .values({ ...key, clicks: 0, leads, sales, earnings, shard })
    .onConflict((oc) =>
      oc.columns(['affiliate_id', 'day', 'campaign_id', 'creative_id', 'landing_page_id', 'sub1', 'shard']).doUpdateSet({
        leads: sql`stats_daily.leads + excluded.leads`,
        sales: sql`stats_daily.sales + excluded.sales`,
        earnings: sql`stats_daily.earnings + excluded.earnings`,
      }),
    )
    .execute();
}

/** A reversal: the reversals row, the conversion marked reversed, its lead and earnings taken back. */
async function reverse(db: Kysely<DB>, campaignId: number, txid: string, input: ConversionInput, shard: number): Promise<ConversionResult> {
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
      new Date(conversion.converted_at),
      -1, -conversion.sale_amount, -conversion.payout,
      shard,
    );
    result = { message: 'Conversion reversed.', duplicate: false, conversion_id: conversion.id, payout: -conversion.payout, html: null, queued: false };
  });
  return result!;
}
