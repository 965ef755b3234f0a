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

/** Writes one capped conversion; answers its id (undefined: a duplicate) and whether it was over a cap. */
export async function writeCapped(db: Kysely<DB>, checked: Write, shard: number): Promise<{ id: number | undefined; over: boolean }> {
  const { row } = checked;
  const caps = checked.caps!;
  const keys = [...(caps.campaign !== null ? [0] : []), ...(caps.affiliate !== null ? [row.affiliate_id] : [])];
  const capOf = (affiliateId: number) => (affiliateId === 0 ? caps.campaign! : caps.affiliate!);
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('cap_counts')
      .values(keys.map((affiliate_id) => ({ day: row.day, campaign_id: row.campaign_id, affiliate_id, conversions: 0 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const counts = await trx
      .selectFrom('cap_counts')
      .select(['affiliate_id', 'conversions'])
      .where('day', '=', row.day)
      .where('campaign_id', '=', row.campaign_id)
      .where('affiliate_id', 'in', keys)
      .orderBy('affiliate_id')
      .forUpdate()
      .execute();
    const over = counts.some((c) => Number(c.conversions) >= capOf(c.affiliate_id));
    const written = over ? { ...row, status: 'over_cap', payout: 0, revenue: 0, url: null } : row;
    const id = (await writeConversions(trx, [written], shard)).get(0);
    if (id !== undefined && !over) {
      await trx
        .updateTable('cap_counts')
        .set({ conversions: sql`conversions + 1` })
        .where('day', '=', row.day)
        .where('campaign_id', '=', row.campaign_id)
        .where('affiliate_id', 'in', keys)
        .execute();
    }
    return { id, over };
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
