import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pgPoolOf } from '../../server/db/database';
import { writeCapped } from '../../server/modules/tracking/caps';
import type { Checked, ConversionRow } from '../../server/modules/tracking/conversionRules';
import { openTestDatabase, testEngine, type TestDatabase } from './helpers';
import { DEMO_AFFILIATE, prepareCampaign } from './trackingFixtures';

/**
 * writeCapped on its own: batches racing for one campaign's cap, with the same transaction ids sent
 * in several of them, against a count made here from what was sent.
 */
type Write = Extract<Checked, { kind: 'write' }>;
const DAY = '2027-05-04';
let database: TestDatabase;
let campaignId: number;
let clickId: number;
let sequence = 0;

function write(txid: string, caps: { campaign: number | null; affiliate: number | null }): Write {
  const row: ConversionRow = {
    click_id: clickId, affiliate_id: DEMO_AFFILIATE, campaign_id: campaignId, rate_id: 0, creative_id: 0, landing_page_id: 0,
    sub1: '', sub2: '', sub3: '', sub4: '', sub5: '', status: 'approved', rate_type: 'F', sale_amount: 0, payout: 10, revenue: 16,
    advertiser_ref: txid, ip: '198.51.100.7', country_code: 'US', region: '', city: '', device: 'Desktop', os: 'Windows', system: 'Chrome',
    converted_at: `${DAY}T15:00:00.000Z`, intake: 'postback', day: DAY, bucket: `${DAY}T15:00:00.000Z`, postback_id: null, postback_type: '', url: null,
  };
  return { kind: 'write', row, html: null, caps };
}

async function conversionsOf(txids: string[]) {
  return database.db.selectFrom('conversions').select(['advertiser_ref', 'status', 'payout']).where('campaign_id', '=', campaignId).where('advertiser_ref', 'in', txids).execute();
}

async function countOf(affiliateId: number) {
  const row = await database.db.selectFrom('cap_counts').select('conversions').where('day', '=', DAY).where('campaign_id', '=', campaignId).where('affiliate_id', '=', affiliateId).executeTakeFirst();
  return row?.conversions ?? 0;
}

beforeAll(async () => {
  database = await openTestDatabase(true);
  campaignId = (await prepareCampaign(database.db, 3)).id;
  const click = await database.db
    .insertInto('clicks')
    .values({ click_key: 'capsrace0001', affiliate_id: DEMO_AFFILIATE, campaign_id: campaignId, landing_page_id: 0, clicked_at: new Date(`${DAY}T14:00:00Z`) })
    .returning('id')
    .executeTakeFirstOrThrow();
  clickId = Number(click.id);
});
afterAll(async () => {
  await database?.dispose();
});

describe(`daily caps under concurrent batches (${testEngine})`, () => {
  it('credits exactly the cap, once per transaction id, when batches repeating each other race', async () => {
    await sql`delete from cap_counts`.execute(database.db);
    const cap = 7;
    // 12 batches of 3 from 20 transaction ids: every id is sent in one to three batches.
    const ids = Array.from({ length: 20 }, (_, i) => `race-${sequence}-${i}`);
    sequence++;
    const batches = Array.from({ length: 12 }, (_, b) => [0, 1, 2].map((k) => ids[(b * 7 + k * 3) % ids.length]));
    const sent = new Set(batches.flat());
    const results = await Promise.all(batches.map((batch) => writeCapped(database.db, batch.map((txid) => write(txid, { campaign: cap, affiliate: null })), 0)));

    const rows = await conversionsOf([...sent]);
    expect(new Set(rows.map((r) => r.advertiser_ref)).size).toBe(rows.length);
    expect(rows).toHaveLength(sent.size);
    const paid = rows.filter((r) => r.status !== 'over_cap');
    expect(paid).toHaveLength(cap);
    expect(rows.filter((r) => r.status === 'over_cap').every((r) => Number(r.payout) === 0)).toBe(true);
    expect(await countOf(0)).toBe(cap);
    // Each id was written by one batch; its other copies were answered as duplicates.
    const written = results.flat().filter((r) => r.id !== undefined);
    expect(written).toHaveLength(sent.size);
    expect(written.filter((r) => !r.over)).toHaveLength(cap);
  });

  it('holds the campaign cap and the affiliate cap together', async () => {
    await sql`delete from cap_counts`.execute(database.db);
    const ids = Array.from({ length: 9 }, (_, i) => `both-${sequence}-${i}`);
    sequence++;
    const results = await Promise.all([ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)].map((batch) => writeCapped(database.db, batch.map((txid) => write(txid, { campaign: 5, affiliate: 4 })), 0)));
    expect(results.flat().filter((r) => !r.over)).toHaveLength(4);
    expect(await countOf(0)).toBe(4);
    expect(await countOf(DEMO_AFFILIATE)).toBe(4);
  });

  it('says which conversions left a cap reached, so the click gate reloads only then', async () => {
    await sql`delete from cap_counts`.execute(database.db);
    const ids = Array.from({ length: 4 }, (_, i) => `reach-${sequence}-${i}`);
    sequence++;
    const caps = { campaign: 3, affiliate: null };
    // One under the cap: nothing reached; two more: the third place is taken (reached); one over.
    expect(await writeCapped(database.db, [write(ids[0], caps)], 0)).toEqual([{ id: expect.any(Number), over: false, reached: false }]);
    const rest = await writeCapped(database.db, ids.slice(1).map((txid) => write(txid, caps)), 0);
    expect(rest.map((r) => [r.over, r.reached])).toEqual([[false, true], [false, true], [true, true]]);
  });

  it.runIf(testEngine === 'postgres')('writes a batch again when a copy of one of its ids was committed while it waited for the cap', async () => {
    await sql`delete from cap_counts`.execute(database.db);
    const [x, y] = [`late-${sequence}-x`, `late-${sequence}-y`];
    sequence++;
    // Another writer holds the count row while this batch reads the ids already recorded, then
    // records x and takes one place of the cap of 2 before it lets go.
    await database.db.insertInto('cap_counts').values({ day: DAY, campaign_id: campaignId, affiliate_id: 0, conversions: 0 }).execute();
    const holder = await pgPoolOf(database.db)!.connect();
    try {
      await holder.query('begin');
      await holder.query(`select * from cap_counts where day = $1 and campaign_id = $2 and affiliate_id = 0 for update`, [DAY, campaignId]);
      const racing = writeCapped(database.db, [write(x, { campaign: 2, affiliate: null }), write(y, { campaign: 2, affiliate: null })], 0);
      // Until the batch waits on the row lock.
      for (let i = 0; i < 200; i++) {
        const { rows } = await holder.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await holder.query(
        `insert into conversions (click_id, affiliate_id, campaign_id, rate_id, creative_id, landing_page_id, status, rate_type, sale_amount, payout, revenue, advertiser_ref, converted_at, intake)
         values ($1, $2, $3, 0, 0, 0, 'approved', 'F', 0, 10, 16, $4, now(), 'postback')`,
        [clickId, DEMO_AFFILIATE, campaignId, x],
      );
      await holder.query(`update cap_counts set conversions = conversions + 1 where day = $1 and campaign_id = $2 and affiliate_id = 0`, [DAY, campaignId]);
      await holder.query('commit');
      const [first, second] = await racing;
      // x was a duplicate; y fits under the cap (1 of 2 used), although the first try counted x in it.
      expect(first).toEqual({ id: undefined, over: false, reached: true });
      expect(second.over).toBe(false);
      expect(second.id).toBeTypeOf('number');
    } finally {
      holder.release();
    }
    expect((await conversionsOf([y]))[0].status).toBe('approved');
    expect(await countOf(0)).toBe(2);
  });
});
