import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ClickRow } from '../../modules/tracking/clickColumns';
import { writeClicks } from '../../modules/tracking/clickWrite';
import { recordConversion } from '../../modules/tracking/conversions';
import type { DB, TrafficType } from '../schema';
import type { CategorySpec } from './catalog';
import type { Random } from './random';

export const DAY = 86_400_000;

/** What every demo seeder gets from the driver (server/db/demo/seed.ts). */
export interface DemoRun {
  trx: Kysely<DB>;
  /** The main random stream: the seeders draw from it in the driver's order, so that order is fixed. */
  rnd: Random;
  /** The network's seed (DemoOptions.seed), for the seeders' own streams. */
  seed: number;
  now: Date;
  /** Midnight UTC of `now`'s day. */
  today: Date;
  daysAgo: (d: number) => Date;
  campaignCount: number;
  historyDays: number;
  timeZone: string;
  fillerCount: number;
  subcategories: Array<Selectable<DB['subcategories']>>;
  /** Inserts rows and counts them for the summary. */
  put: <T extends keyof DB & string>(table: T, values: ReadonlyArray<Insertable<DB[T]>>) => Promise<number>;
  count: (table: string, n: number) => void;
  /** Writes clicks and conversions through the tracking engine's own writes (historyWriter). */
  writeHistory: (clickRows: ClickRow[], toRecord: PlannedConversion[]) => Promise<DemoRecorded[]>;
}

export interface CampaignPlan {
  id: number;
  category: CategorySpec;
  subcategoryId: number;
  subcategoryName: string;
  brand: string;
  countries: string[];
  traffic: TrafficType[];
  rateType: 'F' | 'P';
  rate: number;
  rateId: number;
  creatives: number[];
  landingPages: number[];
  status: 'active' | 'paused' | 'expired';
  byRequest: boolean;
}

export interface PlannedConversion { clickKey: string; txid: string; sale: number; status: 'approved' | 'pending'; at: Date; reversal?: { at: Date; reason: string } }
export interface DemoRecorded { status: string; payout: number; converted_at: Date }

/**
 * The history goes through the tracking engine's own writes: clicks with their stats_daily increments
 * in batches (writeClicks, as the group-commit batcher), then each conversion, and each reversal, with
 * its rollup change (recordConversion), so the demo's reports agree with its raw events. The
 * affiliate's postbacks are saved after the history, so no postback is queued for past conversions.
 */
export function historyWriter(trx: Kysely<DB>, timeZone: string, count: DemoRun['count']): DemoRun['writeHistory'] {
  return async (clickRows, toRecord) => {
    for (let i = 0; i < clickRows.length; i += 500) await writeClicks(trx, clickRows.slice(i, i + 500), timeZone);
    count('clicks', clickRows.length);
    const recorded: DemoRecorded[] = [];
    for (const c of toRecord) {
      const base = { clickId: c.clickKey, txid: c.txid, via: 'demo' as const, timeZone };
      const r = await recordConversion(trx, { ...base, amount: c.sale, status: c.status, at: c.at });
      count('conversions', 1);
      if (c.reversal) {
        await recordConversion(trx, { ...base, status: 'reversed', reason: c.reversal.reason, at: c.reversal.at });
        count('reversals', 1);
      }
      recorded.push({ status: c.reversal ? 'reversed' : c.status, payout: r.payout ?? 0, converted_at: c.at });
    }
    return recorded;
  };
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Sunday of the week (UTC), the start of a pay period. */
export function startOfWeek(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - day.getUTCDay() * DAY);
}
