import type { Insertable } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The clicks table's columns a click write sets, with their Postgres types, in one order: the click
 * batch statement's arrays (clickWrite.ts), the click journal's COPY lines and its staging table
 * (journal.ts) all follow it.
 */
export const CLICK_COLUMNS = [
  ['click_key', 'text'], ['affiliate_id', 'int'], ['campaign_id', 'int'], ['tracking_link_id', 'int'], ['creative_id', 'int'],
  ['landing_page_id', 'int'], ['sub1', 'text'], ['sub2', 'text'], ['sub3', 'text'], ['sub4', 'text'], ['sub5', 'text'], ['ip', 'text'],
  ['country_code', 'text'], ['region', 'text'], ['city', 'text'], ['device', 'text'], ['os', 'text'], ['browser', 'text'],
  ['referrer', 'text'], ['user_agent', 'text'], ['traffic_type', 'text'], ['clicked_at', 'timestamptz'],
] as const;

/** The column names, comma-separated, in CLICK_COLUMNS order. */
export const CLICK_COLUMN_LIST = CLICK_COLUMNS.map(([c]) => c).join(', ');

/** The dimensions of a rollup row (stats_daily, stats_quarter) besides its day or quarter and shard. */
export const ROLLUP_DIMS = 'affiliate_id, campaign_id, creative_id, landing_page_id, sub1';

/** A click to write, with its explicit time (the live engine's `now()`, or a demo history's). */
export type ClickRow = Insertable<DB['clicks']> & { clicked_at: Date };
