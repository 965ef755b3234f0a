import type { Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { dateTimeInZone } from '../../../src/shared/dates';
import { encodeForUrl, fillMacros } from './macros';

type Conversion = Selectable<DB['conversions']>;

/**
 * Queues the affiliate's reversal postback for a reversed conversion (in the reversal's transaction,
 * the outbox the postback worker delivers with the same retries): the conversion's macros with
 * {status} 'reversed', {reason} the advertiser's reason and {payout} the amount taken back. Answers
 * whether one was queued.
 */
export async function queueReversalPostback(
  trx: Transaction<DB>,
  conversion: Conversion,
  event: { reason: string; at: Date; timeZone: string },
): Promise<boolean> {
  const row = await trx
    .selectFrom('reversal_postbacks as r')
    .innerJoin('campaigns as c', (j) => j.on('c.id', '=', conversion.campaign_id))
    .leftJoin('clicks as cl', (j) => j.on('cl.id', '=', conversion.click_id ?? 0))
    .select(['r.url', 'c.name as campaign_name', 'cl.click_key'])
    .where('r.affiliate_id', '=', conversion.affiliate_id)
    .executeTakeFirst();
  if (!row || row.url.trim() === '') return false;
  const url = fillMacros(
    row.url.trim(),
    {
      click_id: row.click_key ?? '', transaction_id: conversion.advertiser_ref, payout: Number(conversion.payout).toFixed(2),
      sale_amount: Number(conversion.sale_amount).toFixed(2), campaign_id: conversion.campaign_id, campaign_name: row.campaign_name,
      affiliate_id: conversion.affiliate_id, creative_id: conversion.creative_id, landing_page_id: conversion.landing_page_id,
      sub1: conversion.sub1, sub2: conversion.sub2, sub3: conversion.sub3, sub4: conversion.sub4, sub5: conversion.sub5,
      date: dateTimeInZone(event.at, event.timeZone), ip: conversion.ip, status: 'reversed', reason: event.reason,
    },
    encodeForUrl,
  );
  await trx
    .insertInto('postback_deliveries')
    .values({ conversion_id: conversion.id, affiliate_id: conversion.affiliate_id, postback_id: null, type: 'S', url, event: 'reversal', next_attempt_at: event.at, created_at: event.at })
    .execute();
  return true;
}
