import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { dayInZone } from '../../../src/shared/dates';
import { quarterOf } from './clickEncoding';
import type { ClickForConversion, ConversionInput, ConversionResult, ConversionRow } from './conversionRules';
import { queryNamed, type NamedRun } from './prepared';
import { writeLateReversalLine } from '../ledger/ledger';
import { queueReversalPostback } from './reversalPostback';

/** The text of loadClicks (a named statement: see prepared.ts). */
const LOAD_CLICKS_SQL = `
    select cl.id, cl.click_key, cl.affiliate_id, cl.campaign_id, cl.creative_id, cl.landing_page_id, cl.sub1, cl.sub2, cl.sub3,
           cl.sub4, cl.sub5, cl.ip, cl.country_code, cl.region, cl.city, cl.device, cl.os, cl.browser,
           c.name as campaign_name, c.tracking_type, a.postback_secret, a.previous_postback_secret, a.previous_secret_until, r.id as rate_id, r.rate_type, r.rate,
           r.revenue_type, r.revenue, c.daily_cap as campaign_cap, ca.daily_cap as affiliate_cap,
           p.id as postback_id, p.type as postback_type, p.code as postback_code
    from clicks cl
    join campaigns c on c.id = cl.campaign_id
    join advertisers a on a.id = c.advertiser_id
    left join campaign_access ca on ca.affiliate_id = cl.affiliate_id and ca.campaign_id = cl.campaign_id
    left join lateral (
      select id, rate_type, rate, revenue_type, revenue from campaign_rates
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
 * The clicks with their campaign, advertiser secrets (current and, during a rotation's grace, previous), rate (the default active one) and the affiliate
 * postback each fires (the campaign's own when it has a type and code, else the
 * global one), in one round trip for a whole batch.
 */
export async function loadClicks(db: Kysely<DB>, clickIds: string[]): Promise<Map<string, ClickForConversion>> {
  const rows = await queryNamed<ClickForConversion>(db, 'pp_conversion_clicks_3', LOAD_CLICKS_SQL, [clickIds]);
  const clicks = new Map<string, ClickForConversion>();
  for (const row of rows) {
    row.id = Number(row.id);
    row.rate = row.rate === null ? null : Number(row.rate);
    row.revenue = row.revenue === null ? null : Number(row.revenue);
    clicks.set(row.click_key, row);
  }
  return clicks;
}

/** The statement adding the leads, sales and earnings of the batch's conversions to one rollup (`key`: its day or quarter), rows in key order. */
const addToRollupSql = (table: 'stats_quarter' | 'stats_daily', key: 'bucket' | 'day') => `
      insert into ${table} (${key}, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, clicks, leads, sales, earnings, shard)
      select ${key}, affiliate_id, campaign_id, creative_id, landing_page_id, sub1, 0, count(*), sum(sale_amount), sum(payout), $2::smallint
      from done where status <> 'over_cap'
      group by ${key}, affiliate_id, campaign_id, creative_id, landing_page_id, sub1
      order by affiliate_id, ${key}, campaign_id, creative_id, landing_page_id, sub1
      on conflict (affiliate_id, ${key}, campaign_id, creative_id, landing_page_id, sub1, shard) do update set
        leads = ${table}.leads + excluded.leads, sales = ${table}.sales + excluded.sales, earnings = ${table}.earnings + excluded.earnings`;

/** The text of writeConversions (a named statement: see prepared.ts). */
const WRITE_CONVERSIONS_SQL = `
    with input as (
      select * from json_to_recordset($1::json) as x(
        i int, click_id bigint, affiliate_id int, campaign_id int, rate_id int, creative_id int, landing_page_id int,
        sub1 text, sub2 text, sub3 text, sub4 text, sub5 text, status text, rate_type text, sale_amount numeric, payout numeric, revenue numeric,
        advertiser_ref text, ip text, country_code text, region text, city text, device text, os text, system text,
        converted_at timestamptz, intake text, day date, bucket timestamptz, postback_id int, postback_type text, url text)
    ),
    conv as (
      insert into conversions (click_id, affiliate_id, campaign_id, rate_id, creative_id, landing_page_id, sub1, sub2, sub3, sub4, sub5,
                               status, rate_type, sale_amount, payout, revenue, advertiser_ref, ip, country_code, region, city, device, os,
                               system, converted_at, intake)
      select click_id, affiliate_id, campaign_id, rate_id, creative_id, landing_page_id, sub1, sub2, sub3, sub4, sub5,
             status, rate_type, sale_amount, payout, revenue, advertiser_ref, ip, country_code, region, city, device, os, system,
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
      from done where url is not null and status <> 'over_cap'
    ),
    quarter as (${addToRollupSql('stats_quarter', 'bucket')}
      returning 1
    ),
    rollup as (${addToRollupSql('stats_daily', 'day')}
    )
    select i, conversion_id as id from done`;

/**
 * One statement for a batch of conversions, hence atomic without BEGIN/COMMIT round trips: the
 * conversions (a repeated (campaign, transaction id) inserts nothing), the outbox rows of those
 * inserted, and their leads, sales and earnings added to the rollups' rows of `shard` (in key order;
 * rollupShards.ts: no other batch in flight writes that shard). Rows travel as one JSON parameter; the
 * (campaign, transaction id) pairs of one call must be distinct. Returns the new conversion id of
 * each inserted row by its index. `db` may be a transaction's statement runner (caps.ts).
 */
export async function writeConversions(db: Kysely<DB> | NamedRun, rows: ConversionRow[], shard: number): Promise<Map<number, number>> {
  // Each row's JSON with its index i appended (no object spread per row).
  const values = [`[${rows.map((r, i) => `${JSON.stringify(r).slice(0, -1)},"i":${i}}`).join(',')}]`, shard];
  const done =
    typeof db === 'function'
      ? await db<{ i: number; id: number }>('pp_conversion_batch_3', WRITE_CONVERSIONS_SQL, values)
      : await queryNamed<{ i: number; id: number }>(db, 'pp_conversion_batch_3', WRITE_CONVERSIONS_SQL, values);
  return new Map(done.map((d) => [Number(d.i), Number(d.id)]));
}

interface RollupKey { day: string; affiliate_id: number; campaign_id: number; creative_id: number; landing_page_id: number; sub1: string }

/** A rollup row's counts plus the conflicting insert's (the same SQL for either rollup table). */
function addedTo(table: 'stats_quarter' | 'stats_daily') {
  const t = sql.raw(table);
  return {
    leads: sql<number>`${t}.leads + excluded.leads`,
    sales: sql<number>`${t}.sales + excluded.sales`,
    earnings: sql<number>`${t}.earnings + excluded.earnings`,
  };
}

async function addToRollup(trx: Transaction<DB>, key: RollupKey, at: Date, leads: number, sales: number, earnings: number, shard: number) {
  const { day: _day, ...dims } = key;
  await trx
    .insertInto('stats_quarter')
    .values({ ...dims, bucket: quarterOf(at), clicks: 0, leads, sales, earnings, shard })
    .onConflict((oc) =>
      oc.columns(['affiliate_id', 'bucket', 'campaign_id', 'creative_id', 'landing_page_id', 'sub1', 'shard']).doUpdateSet(addedTo('stats_quarter')),
    )
    .execute();
  await trx
    .insertInto('stats_daily')
    .values({ ...key, clicks: 0, leads, sales, earnings, shard })
    .onConflict((oc) =>
      oc.columns(['affiliate_id', 'day', 'campaign_id', 'creative_id', 'landing_page_id', 'sub1', 'shard']).doUpdateSet(addedTo('stats_daily')),
    )
    .execute();
}

/**
 * A reversal: the reversals row (payout and revenue), the conversion marked reversed, its lead and
 * earnings taken back from the rollups, its affiliate postback cancelled when not delivered yet, the
 * affiliate's reversal postback queued, and, when the conversion's earnings were already credited to
 * the ledger, a negative 'Reversal' line with the reason (ledger.ts). A conversion recorded over a cap
 * earned nothing and reached no rollup: it is only marked reversed.
 */
export async function reverse(db: Kysely<DB>, campaignId: number, txid: string, input: ConversionInput, shard: number): Promise<ConversionResult> {
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
    const paid = conversion.status !== 'over_cap';
    const payout = paid ? Number(conversion.payout) : 0;
    const reason = (input.reason ?? '').slice(0, 200);
    await trx.updateTable('conversions').set({ status: 'reversed' }).where('id', '=', conversion.id).execute();
    const reversal = await trx
      .insertInto('reversals')
      .values({ conversion_id: conversion.id, affiliate_id: conversion.affiliate_id, amount: payout, revenue: paid ? conversion.revenue : 0, reversed_at: input.at, reason })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (paid) {
      await addToRollup(
        trx,
        { day: dayInZone(new Date(conversion.converted_at), input.timeZone), affiliate_id: conversion.affiliate_id, campaign_id: conversion.campaign_id, creative_id: conversion.creative_id, landing_page_id: conversion.landing_page_id, sub1: conversion.sub1 },
        new Date(conversion.converted_at),
        -1, -conversion.sale_amount, -payout,
        shard,
      );
    }
    // The affiliate is not told of a conversion that no longer stands.
    await trx
      .updateTable('postback_deliveries')
      .set({ status: 'cancelled', last_error: 'cancelled: the conversion was reversed before its postback was delivered' })
      .where('conversion_id', '=', conversion.id)
      .where('event', '=', 'conversion')
      .where('status', '=', 'pending')
      .execute();
    if (conversion.ledger_line_id !== null && payout !== 0) {
      await writeLateReversalLine(trx, { reversalId: Number(reversal.id), affiliateId: conversion.affiliate_id, amount: payout, at: input.at, reason, txid });
    }
    const queued = await queueReversalPostback(trx, conversion, { reason, at: input.at, timeZone: input.timeZone });
    result = { message: 'Conversion reversed.', duplicate: false, conversion_id: conversion.id, payout: -payout, html: null, queued };
  });
  return result!;
}
