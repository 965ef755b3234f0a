import { CompiledQuery, sql, type Kysely } from 'kysely';
import { pgPoolOf } from '../../db/database';
import type { DB } from '../../db/schema';
import { dayInZoneByMinute } from '../../../src/shared/dates';
import type { Checked } from './conversionRules';
import { writeConversions } from './conversionWrite';
import type { NamedRun } from './prepared';

/**
 * Daily caps (docs/ledger.md "Caps"): the campaign's cap and the affiliate's own cap on it count the
 * conversions of one network day in cap_counts (affiliate_id 0 is the campaign's own). A conversion on
 * a capped campaign is written in a transaction holding its count rows: under every cap it is written
 * as usual and counted; over one it is recorded 'over_cap', paying nothing, in no rollup and firing no
 * postback (the advertiser's request still succeeds). Campaigns without caps never come here.
 */

type Write = Extract<Checked, { kind: 'write' }>;

/** One statement of a capped batch: a named statement on a Postgres connection, plain text on PGlite. */
type Run = NamedRun;

/** A late copy of a transaction id (see writeCapped): the batch is written again from the start. */
class LateDuplicate extends Error {}

/**
 * Runs `body` in one transaction. `body` answers its result and a last statement (text without
 * parameters) sent with the COMMIT in one round trip, so the rows `body` locked are held for as short
 * a time as the database allows. On a Postgres pool it takes a connection of its own (named
 * statements, no query builder in between); on PGlite, or inside the caller's transaction, it goes
 * through Kysely.
 */
async function transact<T>(db: Kysely<DB>, body: (run: Run) => Promise<{ result: T; last: string }>): Promise<T> {
  const pool = db.isTransaction ? undefined : pgPoolOf(db);
  if (!pool) {
    const within = async (trx: Kysely<DB>) => {
      const run: Run = async <R>(_name: string, text: string, values: unknown[]) => (await trx.executeQuery<R>(CompiledQuery.raw(text, values))).rows;
      const { result, last } = await body(run);
      if (last) await sql.raw(last).execute(trx);
      return result;
    };
    return db.isTransaction ? within(db) : db.transaction().execute(within);
  }
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('begin');
    try {
      const run: Run = async <R>(name: string, text: string, values: unknown[]) => (await client.query<R & object>({ name, text, values })).rows;
      const { result, last } = await body(run);
      await client.query(last ? `${last}; commit` : 'commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackErr: unknown) => (broken = rollbackErr));
      throw err;
    }
  } catch (err) {
    broken ??= isConnectionError(err) ? err : undefined;
    throw err;
  } finally {
    // A connection whose state is unknown (a failed rollback, a lost socket) is not reused.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

const isConnectionError = (err: unknown) => !(err instanceof LateDuplicate) && !(err as { code?: unknown })?.code;

/** Transaction ids of the batch already recorded (a duplicate takes no place under a cap). */
const KNOWN_SQL = `
  select c.campaign_id, c.advertiser_ref from conversions c
  join unnest($1::int[], $2::text[]) as k(campaign_id, advertiser_ref)
    on c.campaign_id = k.campaign_id and c.advertiser_ref = k.advertiser_ref`;

/**
 * The count rows of the batch's caps, made when missing, locked in key order (two batches never wait
 * on each other in a cycle) and read, in one statement: the no-op update of an existing row locks it
 * and answers its latest committed count, also when it had to wait for another batch's commit.
 */
const LOCK_COUNTS_SQL = `
  insert into cap_counts (day, campaign_id, affiliate_id, conversions)
  select day, campaign_id, affiliate_id, 0 from unnest($1::date[], $2::int[], $3::int[]) as k(day, campaign_id, affiliate_id)
  order by day, campaign_id, affiliate_id
  on conflict (day, campaign_id, affiliate_id) do update set conversions = cap_counts.conversions
  returning to_char(day, 'YYYY-MM-DD') as day, campaign_id, affiliate_id, conversions`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Writes a batch of conversions on capped campaigns in one transaction (docs/ledger.md "Caps"): the
 * transaction ids already recorded are read, the count rows of the batch's (day, campaign, affiliate)
 * caps locked and read, each conversion in turn counted under its caps or recorded over one, one
 * statement for the rows, and the counts raised by what was written, sent with the COMMIT. While the
 * count rows are locked the batch costs two round trips (the rows; the counts and the commit).
 *
 * The recorded ids are read before the lock, so a copy of a transaction id committed by the batch that
 * held the lock is seen only by the insert (which skips it). When such a late copy took a place under
 * a cap that another conversion of the batch was refused, the batch is written again from the start,
 * and then the copy is known. Answers, by index, each conversion's id (undefined: a duplicate) and
 * whether it was over a cap or left one of its caps reached.
 */
/** One conversion of a capped batch: its id (undefined: a duplicate), whether it was over a cap, whether a cap of it is now reached. */
export interface CappedWrite {
  id: number | undefined;
  over: boolean;
  reached: boolean;
}

export async function writeCapped(db: Kysely<DB>, batch: Write[], shard: number): Promise<CappedWrite[]> {
  try {
    return await writeCappedOnce(db, batch, shard);
  } catch (err) {
    if (!(err instanceof LateDuplicate)) throw err;
    return writeCappedOnce(db, batch, shard);
  }
}

async function writeCappedOnce(db: Kysely<DB>, batch: Write[], shard: number): Promise<CappedWrite[]> {
  const keyOf = (day: string, campaign: number, affiliate: number) => `${day}|${campaign}|${affiliate}`;
  const keys = new Map<string, { day: string; campaign_id: number; affiliate_id: number; cap: number; used: number; added: number }>();
  const capsOf = (w: Write) => {
    const { row } = w;
    const caps = w.caps!;
    return [
      ...(caps.campaign !== null ? [{ affiliate_id: 0, cap: caps.campaign }] : []),
      ...(caps.affiliate !== null ? [{ affiliate_id: row.affiliate_id, cap: caps.affiliate }] : []),
    ].map((c) => ({ key: keyOf(row.day, row.campaign_id, c.affiliate_id), day: row.day, campaign_id: row.campaign_id, ...c }));
  };
  for (const w of batch) {
    if (!DAY.test(w.row.day) || !Number.isInteger(w.row.campaign_id) || !Number.isInteger(w.row.affiliate_id)) throw new TypeError('a capped conversion without its day, campaign or affiliate');
    for (const c of capsOf(w)) if (!keys.has(c.key)) keys.set(c.key, { day: c.day, campaign_id: c.campaign_id, affiliate_id: c.affiliate_id, cap: c.cap, used: 0, added: 0 });
  }
  const ordered = [...keys.values()];
  return transact(db, async (run) => {
    const known = await run<{ campaign_id: number; advertiser_ref: string }>('pp_capped_known_1', KNOWN_SQL, [
      batch.map((w) => w.row.campaign_id),
      batch.map((w) => w.row.advertiser_ref),
    ]);
    const recorded = new Set(known.map((k) => `${k.campaign_id}|${k.advertiser_ref}`));
    const counts = await run<{ day: string; campaign_id: number; affiliate_id: number; conversions: number }>('pp_capped_lock_1', LOCK_COUNTS_SQL, [
      ordered.map((k) => k.day),
      ordered.map((k) => k.campaign_id),
      ordered.map((k) => k.affiliate_id),
    ]);
    for (const c of counts) keys.get(keyOf(c.day, c.campaign_id, c.affiliate_id))!.used = Number(c.conversions);
    const over = batch.map((w) => {
      if (recorded.has(`${w.row.campaign_id}|${w.row.advertiser_ref}`)) return false;
      const caps = capsOf(w).map((c) => keys.get(c.key)!);
      if (caps.some((k) => k.used + k.added >= k.cap)) return true;
      for (const k of caps) k.added++;
      return false;
    });
    const rows = batch.map((w, i) => (over[i] ? { ...w.row, status: 'over_cap', payout: 0, revenue: 0, url: null } : w.row));
    const ids = await writeConversions(run, rows, shard);
    // What the counts grow by: the conversions written under their caps (a late copy wrote nothing).
    for (const k of ordered) k.added = 0;
    let late = false;
    batch.forEach((w, i) => {
      if (over[i] || recorded.has(`${w.row.campaign_id}|${w.row.advertiser_ref}`)) return;
      if (ids.has(i)) for (const c of capsOf(w)) keys.get(c.key)!.added++;
      else late = true;
    });
    // In the caller's transaction nothing can be written again (nor can another batch race this one).
    if (late && over.some(Boolean) && !db.isTransaction) throw new LateDuplicate();
    const raised = ordered.filter((k) => k.added > 0);
    const last = raised.length
      ? `update cap_counts set conversions = cap_counts.conversions + v.added
         from (values ${raised.map((k) => `('${k.day}'::date, ${k.campaign_id}, ${k.affiliate_id}, ${k.added})`).join(', ')}) as v(day, campaign_id, affiliate_id, added)
         where cap_counts.day = v.day and cap_counts.campaign_id = v.campaign_id and cap_counts.affiliate_id = v.affiliate_id`
      : '';
    const reached = (w: Write) => capsOf(w).some((c) => {
      const k = keys.get(c.key)!;
      return k.used + k.added >= k.cap;
    });
    return { result: batch.map((w, i) => ({ id: ids.get(i), over: over[i], reached: over[i] || reached(w) })), last };
  });
}

/** Conversions counted today toward a campaign's caps: campaign-wide (affiliate 0) and per affiliate. */
export async function capCountsOf(db: Kysely<DB>, day: string, campaignId: number, affiliateId: number): Promise<{ campaign: number; affiliate: number }> {
  const rows = await db
    .selectFrom('cap_counts')
    .select(['affiliate_id', 'conversions'])
    .where('day', '=', day)
    .where('campaign_id', '=', campaignId)
    .where('affiliate_id', 'in', [0, affiliateId])
    .execute();
  const of = (id: number) => Number(rows.find((r) => r.affiliate_id === id)?.conversions ?? 0);
  return { campaign: of(0), affiliate: of(affiliateId) };
}

/**
 * Leads left today under the tighter of the two caps (null: neither is set; 0: a cap is reached).
 * The campaign page and the lists read it; the click gate uses the same rule.
 */
export function capLeft(campaignCap: number | null, affiliateCap: number | null, counts: { campaign: number; affiliate: number }): number | null {
  const left = [
    ...(campaignCap !== null ? [campaignCap - counts.campaign] : []),
    ...(affiliateCap !== null ? [affiliateCap - counts.affiliate] : []),
  ];
  return left.length === 0 ? null : Math.max(0, Math.min(...left));
}

/**
 * Which caps are reached today, for the click redirect: read from cap_counts at most every `ttlMs`
 * in the background (a click never waits for it) and at once after a capped conversion in this
 * process (reload). Other processes see a reached cap within `ttlMs`.
 */
export class CapGate {
  private reached = new Set<string>();
  /** The network day the set is of: on a new day yesterday's caps no longer hold. */
  private day = '';
  private readonly dayOf = dayInZoneByMinute();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs: number,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether a click on this campaign by this affiliate goes to the fallback page (its cap is reached). */
  isReached(campaignId: number, affiliateId: number): boolean {
    const today = this.dayOf(this.now(), this.timeZone);
    if (today !== this.day || Date.now() - this.loadedAt > this.ttlMs) void this.reload().catch(() => undefined);
    if (today !== this.day) return false;
    return this.reached.has(`${campaignId}|0`) || this.reached.has(`${campaignId}|${affiliateId}`);
  }

  /** Reads the reached caps of today now (one at a time). */
  reload(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const day = this.dayOf(this.now(), this.timeZone);
    const { rows } = await sql<{ campaign_id: number; affiliate_id: number }>`
      select cc.campaign_id, cc.affiliate_id from cap_counts cc
      join campaigns c on c.id = cc.campaign_id
      left join campaign_access ca on ca.campaign_id = cc.campaign_id and ca.affiliate_id = cc.affiliate_id
      where cc.day = ${day}::date
        and ((cc.affiliate_id = 0 and c.daily_cap is not null and cc.conversions >= c.daily_cap)
          or (cc.affiliate_id <> 0 and ca.daily_cap is not null and cc.conversions >= ca.daily_cap))`.execute(this.db);
    this.reached = new Set(rows.map((r) => `${r.campaign_id}|${r.affiliate_id}`));
    this.day = day;
    this.loadedAt = Date.now();
  }
}
