import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { dayInZoneByMinute } from '../../../src/shared/dates';
import type { Checked } from './conversionRules';
import { writeConversions } from './conversionWrite';

/**
 * Daily caps (docs/ledger.md "Caps"): the campaign's cap and the affiliate's own cap on it count the
 * conversions of one network day in cap_counts (affiliate_id 0 is the campaign's own). A conversion on
 * a capped campaign is written in a transaction holding its count rows: under every cap it is written
 * as usual and counted; over one it is recorded 'over_cap', paying nothing, in no rollup and firing no
 * postback (the advertiser's request still succeeds). Campaigns without caps never come here.
 */

type Write = Extract<Checked, { kind: 'write' }>;

/** Its own transaction, or the caller's when it already runs in one. */
function inTransaction<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}

/**
 * Writes a batch of conversions on capped campaigns in one transaction: the count rows of their
 * (day, campaign, affiliate) caps locked in key order, each conversion in turn counted under its caps
 * or recorded over one, one statement for the rows, the counts raised by what was written. A
 * transaction id already recorded is a duplicate and takes no place under the cap. Answers, by index,
 * each conversion's id (undefined: a duplicate) and whether it was over a cap.
 */
export async function writeCapped(db: Kysely<DB>, batch: Write[], shard: number): Promise<Array<{ id: number | undefined; over: boolean }>> {
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
    for (const c of capsOf(w)) if (!keys.has(c.key)) keys.set(c.key, { day: c.day, campaign_id: c.campaign_id, affiliate_id: c.affiliate_id, cap: c.cap, used: 0, added: 0 });
  }
  const ordered = [...keys.values()].sort((a, b) => a.day.localeCompare(b.day) || a.campaign_id - b.campaign_id || a.affiliate_id - b.affiliate_id);
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('cap_counts')
      .values(ordered.map(({ day, campaign_id, affiliate_id }) => ({ day, campaign_id, affiliate_id, conversions: 0 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Locked in key order (no deadlock between two batches), then read.
    const { rows: counts } = await sql<{ day: string; campaign_id: number; affiliate_id: number; conversions: number }>`
      select to_char(day, 'YYYY-MM-DD') as day, campaign_id, affiliate_id, conversions from cap_counts
      where (day, campaign_id, affiliate_id) in (${sql.join(ordered.map((k) => sql`(${k.day}::date, ${k.campaign_id}::int, ${k.affiliate_id}::int)`))})
      order by day, campaign_id, affiliate_id
      for update`.execute(trx);
    for (const c of counts) keys.get(keyOf(c.day, c.campaign_id, c.affiliate_id))!.used = Number(c.conversions);
    const known = await trx
      .selectFrom('conversions')
      .select(['campaign_id', 'advertiser_ref'])
      .where((eb) => eb.or(batch.map((w) => eb.and([eb('campaign_id', '=', w.row.campaign_id), eb('advertiser_ref', '=', w.row.advertiser_ref)]))))
      .execute();
    const recorded = new Set(known.map((k) => `${k.campaign_id}|${k.advertiser_ref}`));
    const over = batch.map((w) => {
      if (recorded.has(`${w.row.campaign_id}|${w.row.advertiser_ref}`)) return false;
      const caps = capsOf(w).map((c) => keys.get(c.key)!);
      if (caps.some((k) => k.used + k.added >= k.cap)) return true;
      for (const k of caps) k.added++;
      return false;
    });
    const rows = batch.map((w, i) => (over[i] ? { ...w.row, status: 'over_cap', payout: 0, revenue: 0, url: null } : w.row));
    const ids = await writeConversions(trx, rows, shard);
    for (const k of ordered) {
      if (k.added === 0) continue;
      await trx
        .updateTable('cap_counts')
        .set({ conversions: sql`conversions + ${k.added}` })
        .where('day', '=', k.day)
        .where('campaign_id', '=', k.campaign_id)
        .where('affiliate_id', '=', k.affiliate_id)
        .execute();
    }
    return batch.map((_, i) => ({ id: ids.get(i), over: over[i] }));
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
