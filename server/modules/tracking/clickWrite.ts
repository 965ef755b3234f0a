import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { CLICK_COLUMNS, CLICK_COLUMN_LIST, ROLLUP_DIMS, type ClickRow } from './clickColumns';
import { clickDay, intArray, quarterOf, textArray } from './clickEncoding';
import { queryNamed } from './prepared';

const params = (from: number, types: readonly string[]) => types.map((t, i) => `$${from + i}::${t}[]`).join(', ');

/**
 * The click batch: one statement (hence atomic without BEGIN/COMMIT round trips) whose parameters
 * are arrays, one per column (unnest), so its text never changes: Postgres parses it once per
 * connection (a named, prepared statement) and a batch sends only the values. The last parameter
 * ($37) is the batch's rollup shard (rollupShards.ts).
 */
const CLICK_BATCH_SQL = `with inserted as (
  insert into clicks (${CLICK_COLUMN_LIST})
  select * from unnest(${params(1, CLICK_COLUMNS.map(([, t]) => t))})
  returning 1
),
quarter as (
  insert into stats_quarter (bucket, ${ROLLUP_DIMS}, clicks, shard)
  select *, $37::smallint from unnest(${params(23, ['timestamptz', 'int', 'int', 'int', 'int', 'text', 'int'])})
  on conflict (affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1, shard)
  do update set clicks = stats_quarter.clicks + excluded.clicks
  returning 1
)
insert into stats_daily (day, ${ROLLUP_DIMS}, clicks, shard)
select *, $37::smallint from unnest(${params(30, ['date', 'int', 'int', 'int', 'int', 'text', 'int'])})
on conflict (affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1, shard)
do update set clicks = stats_daily.clicks + excluded.clicks`;

/** Rollup increments of a batch, one entry per row (day or quarter, then the dimensions): its parameters as 7 arrays. */
class RollupCounts {
  private rows = new Map<string, { at: string; r: ClickRow; clicks: number }>();
  add(at: string, r: ClickRow) {
    const key = `${r.affiliate_id}\u0000${at}\u0000${r.campaign_id}\u0000${r.creative_id ?? 0}\u0000${r.landing_page_id ?? 0}\u0000${r.sub1 ?? ''}`;
    const hit = this.rows.get(key);
    if (hit) hit.clicks++;
    else this.rows.set(key, { at, r, clicks: 1 });
  }
  /** In key order: concurrent batches (of several processes) lock the same rollup rows in the same order. */
  columns(): string[] {
    const cols: Array<Array<string | number>> = [[], [], [], [], [], [], []];
    for (const key of [...this.rows.keys()].sort()) {
      const { at, r, clicks } = this.rows.get(key)!;
      cols[0].push(at); cols[1].push(r.affiliate_id); cols[2].push(r.campaign_id); cols[3].push(r.creative_id ?? 0);
      cols[4].push(r.landing_page_id ?? 0); cols[5].push(r.sub1 ?? ''); cols[6].push(clicks);
    }
    return [textArray(cols[0] as string[]), intArray(cols[1]), intArray(cols[2]), intArray(cols[3]), intArray(cols[4]), textArray(cols[5] as string[]), intArray(cols[6])];
  }
}

/**
 * Writes clicks and their counts added to stats_daily and stats_quarter (the rows of `shard`) in
 * one statement (CLICK_BATCH_SQL). On a Postgres pool it is a named statement (parsed once per connection); in a
 * transaction or on PGlite the same text goes through Kysely. The group-commit batcher calls it
 * with the live clicks; the demo seed (server/db/demo/seed.ts) calls it with its history (explicit
 * clicked_at, in its own transaction), so demo rollups come from the same code.
 */
export async function writeClicks(db: Kysely<DB>, rows: ClickRow[], timeZone: string, shard = 0): Promise<void> {
  const days = new RollupCounts();
  const quarters = new RollupCounts();
  const n = rows.length;
  const cols: Array<Array<string | number | null>> = CLICK_COLUMNS.map(() => new Array<string | number | null>(n));
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    days.add(clickDay(r.clicked_at, timeZone), r);
    quarters.add(quarterOf(r.clicked_at), r);
    cols[0][i] = r.click_key; cols[1][i] = r.affiliate_id; cols[2][i] = r.campaign_id; cols[3][i] = r.tracking_link_id ?? null;
    cols[4][i] = r.creative_id ?? 0; cols[5][i] = r.landing_page_id ?? 0; cols[6][i] = r.sub1 ?? ''; cols[7][i] = r.sub2 ?? '';
    cols[8][i] = r.sub3 ?? ''; cols[9][i] = r.sub4 ?? ''; cols[10][i] = r.sub5 ?? ''; cols[11][i] = r.ip ?? '';
    cols[12][i] = r.country_code ?? ''; cols[13][i] = r.region ?? ''; cols[14][i] = r.city ?? ''; cols[15][i] = r.device ?? '';
    cols[16][i] = r.os ?? ''; cols[17][i] = r.browser ?? ''; cols[18][i] = r.referrer ?? ''; cols[19][i] = r.user_agent ?? '';
    cols[20][i] = r.traffic_type ?? ''; cols[21][i] = r.clicked_at.toISOString();
  }
  // Array literals built here (text, not JS arrays): pg and PGlite pass a string through as it is.
  const clickArrays = cols.map((col, c) => (CLICK_COLUMNS[c][1] === 'int' ? intArray(col) : textArray(col as string[])));
  const values = [...clickArrays, ...quarters.columns(), ...days.columns(), shard];
  await queryNamed(db, 'pp_click_batch_2', CLICK_BATCH_SQL, values);
}
