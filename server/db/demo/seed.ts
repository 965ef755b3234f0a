import { sql, type Insertable, type Kysely } from 'kysely';
import { hashPassword, newToken, OWASP_SCRYPT, type ScryptCost } from '../../lib/crypto';
import { DEFAULT_REPORT_TIME_ZONE } from '../../config';
import { ISO_COUNTRIES } from '../../../src/shared/countries';
import { seedDemoMaxmoney } from '../../modules/maxmoney/demo';
import type { DB } from '../schema';
import { DEMO_ACCOUNT_KEYS, DEMO_PASSWORD, DEMO_SEED } from './accounts';
import { seedAffiliates } from './affiliates';
import { seedCampaigns } from './campaigns';
import { CATEGORIES } from './catalog';
import { MACRO_HELP_HTML, RESOURCE_CATEGORIES, SECURITY_QUESTIONS } from './content';
import { seedDashboardEarnings } from './dashboardEarnings';
import { seedDemoCampaigns } from './demoCampaigns';
import { seedDemoHistory } from './history';
import { insertMany } from './insert';
import { seedLedger } from './ledger';
import { Random } from './random';
import { DAY, historyWriter, type DemoRun } from './run';
import { seedSiteContent } from './siteContent';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SEED, DEMO_TOTP_SECRET } from './accounts';

/**
 * The demo network: a short driver over one seeder per part of the network, each in its own file of
 * server/db/demo (or, for an area with its own demo rules, in its module: server/modules/maxmoney/demo.ts).
 * A seeder gets the run (DemoRun in run.ts: the transaction, the main random stream, the clock, `put`)
 * and what earlier seeders made (the campaign plans, the demo affiliate's campaigns...), and returns
 * what later ones need. The order below is the order of the draws from the main stream, so it is
 * fixed: a new seeder goes at the end, or draws from a stream of its own (new Random(seed ^ k)), so
 * the rest of the network stays the same.
 */

export interface DemoOptions {
  /** Number of campaigns (640 on a real start; tests use about 40). */
  campaigns?: number;
  seed?: number;
  /** Days of click and conversion history of the main demo affiliate. */
  historyDays?: number;
  /** Other affiliates of the network (not sign-in-able). */
  fillerAffiliates?: number;
  /** Cost of the demo passwords' hashes (tests pass a cheap one). */
  passwordCost?: ScryptCost;
  now?: Date;
  /** IANA zone of report days, as the server's REPORT_TIME_ZONE (rollups must use the same days). */
  timeZone?: string;
}

export interface SeedSummary {
  rows: Record<string, number>;
  ms: number;
}

const META_REFERENCE = 'reference_data';
const META_DEMO = 'demo_network';

/** Countries, security questions, verticals and help texts: every database gets these. */
export async function seedReference(db: Kysely<DB>): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', META_REFERENCE).executeTakeFirst();
  if (done) return false;
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'countries', ISO_COUNTRIES.map((c) => ({ code: c.alpha2, name: c.name })));
    await insertMany(
      trx,
      'security_questions',
      SECURITY_QUESTIONS.map(([id, question, group]) => ({ id, question, question_group: group })),
    );
    await insertMany(trx, 'categories', CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, sort: i })));
    await insertMany(
      trx,
      'subcategories',
      CATEGORIES.flatMap((c) => c.subcategories.map((s, i) => ({ id: c.id * 100 + i + 1, category_id: c.id, name: s.name }))),
    );
    await insertMany(trx, 'resource_categories', RESOURCE_CATEGORIES.map(([id, name]) => ({ id, name })));
    await insertMany(trx, 'help_texts', [{ id: 18, body_html: MACRO_HELP_HTML }]);
    await trx.insertInto('app_meta').values({ key: META_REFERENCE, value: '1' }).execute();
  });
  return true;
}

export async function isDemoSeeded(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', META_DEMO).executeTakeFirst();
  return row !== undefined;
}

/** True when the network has no affiliates and no campaigns (a fresh database). */
export async function isNetworkEmpty(db: Kysely<DB>): Promise<boolean> {
  const a = await db.selectFrom('affiliates').select('id').limit(1).executeTakeFirst();
  const c = await db.selectFrom('campaigns').select('id').limit(1).executeTakeFirst();
  return !a && !c;
}

/**
 * Generates the demo network in one transaction (all or nothing), from a fixed seed. Dates are
 * relative to `now`, so the network always looks current.
 */
export async function seedDemo(db: Kysely<DB>, options: DemoOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const seed = options.seed ?? DEMO_SEED;
  const now = options.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const campaignCount = options.campaigns ?? 640;
  const historyDays = options.historyDays ?? 180;
  const timeZone = options.timeZone ?? DEFAULT_REPORT_TIME_ZONE;
  const cost = options.passwordCost ?? OWASP_SCRYPT;

  await seedReference(db);
  const subcategories = await db.selectFrom('subcategories').selectAll().orderBy('id').execute();

  // Password hashes first, outside the transaction (scrypt runs on libuv's thread pool).
  const hashes = await Promise.all([...DEMO_ACCOUNT_KEYS.map(() => hashPassword(DEMO_PASSWORD, cost)), hashPassword(newToken(), cost)]);
  const fillerHash = hashes[hashes.length - 1];
  const answerHash = await hashPassword('demo answer', cost);

  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);

  await db.transaction().execute(async (trx) => {
    const put = async <T extends keyof DB & string>(table: T, values: ReadonlyArray<Insertable<DB[T]>>) =>
      count(table, await insertMany(trx, table, values));
    const run: DemoRun = {
      trx, rnd: new Random(seed), seed, now, today, daysAgo: (d) => new Date(today.getTime() - d * DAY),
      campaignCount, historyDays, timeZone, fillerCount: options.fillerAffiliates ?? 150, subcategories, put, count,
      writeHistory: historyWriter(trx, timeZone, count),
    };
    const { rnd } = run;

    const plans = await seedCampaigns(run);
    const { demoRegistered, fillers } = await seedAffiliates(run, { hashes, fillerHash, answerHash });
    const { demoId, live, approved } = await seedDemoCampaigns(run, plans);
    const { running, conversions } = await seedDemoHistory(run, { demoId, approved });
    await seedLedger(run, { demoId, demoRegistered, fillers, live, conversions });

    // MaxMoney (docs/rewards.md; server/modules/maxmoney/demo.ts): promos around the demo's
    // real history, the ended ones credited by the crediting job. The main stream's draw stays here
    // (the draws after it are the ones they always were); its campaigns feed the future promo.
    const promoCampaigns = rnd.sample(live, 6);
    count('maxmoney_transactions', await seedDemoMaxmoney(trx, {
      now, demoId, historyDays, ran: running.map((p) => p.id), drawn: promoCampaigns.map((p) => p.id), seed, put,
    }));

    await seedDashboardEarnings(run, { demoId, live, approved });
    const rollupRows = await trx.selectFrom('stats_daily').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    count('stats_daily', Number(rollupRows.n));
    // Saved after the history, so only new conversions fire them.
    await put('postbacks', [
      { affiliate_id: demoId, campaign_id: null, type: 'L', code: 'https://tracker.morganmedia.example/postback?cid=#s1#&payout=#rate#&oid=#oid#' },
      ...approved.slice(0, 3).map((p) => ({ affiliate_id: demoId, campaign_id: p.id, type: 'S' as const, code: `https://tracker.morganmedia.example/pb?offer=${p.id}&sub=#s1#&amount=#rate#` })),
    ]);

    await seedSiteContent(run, { demoId, live, approved });

    await trx
      .insertInto('app_meta')
      .values({ key: META_DEMO, value: JSON.stringify({ seed, campaigns: campaignCount, at: now.toISOString() }) })
      .execute();
  });

  return { rows, ms: Date.now() - started };
}

/** Row counts of every table, for the start-up log and the report. */
export async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(db);
    out[table_name] = r.rows[0].n;
  }
  return out;
}
