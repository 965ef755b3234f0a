/**
 * (d) Campaign search: with BENCH_SEARCH_CAMPAIGNS campaigns (default 20,000) in a
 * Postgres schema of its own (PGlite in memory without DATABASE_URL), the p50/p95 latency of
 *   - a search with text plus three filters: GET /api/search?st=loan, traffic Email + Search
 *     (Includes), country US (Includes), CPA type F, newest first, page 1;
 *   - a browse page: GET /api/campaigns/new?page=0&limit=30;
 *   - the baseline, a primary-key lookup through the same stack: GET /api/display/maincategory/{id};
 * each reported as a ratio of its p95 to the baseline's p95 in the same run. Requests go through
 * the whole Fastify app (session hook, validation, queries, serialisation) with app.inject, one at a
 * time, so the figures are the server's own time without socket or load-generator noise.
 * BENCH_SEARCH_NO_INDEXES=1 drops the indexes of migration 0007 first (the "before" figures).
 * Run alone with BENCH_ONLY_SEARCH=1; skip with BENCH_SKIP_SEARCH=1.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { dropSchema, openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, seedReference } from '../server/db/demo/seed';
import { migrateToLatest } from '../server/db/migrate';
import type { DB } from '../server/db/schema';
import { TEST_SCRYPT } from '../server/lib/crypto';
import { searchParamsOf } from '../src/shared/searchState';
import { insertAffiliate } from '../tests/server/helpers';

const WORDS = [
  'Loan', 'Café', 'Crème', 'Solar', 'Insurance', 'Dating', 'Casino', 'Keto', 'VPN', 'Résumé', 'Sweepstakes', 'Credit',
  'Mortgage', 'Gaming', 'Fitness', 'Travel', 'Crypto', 'Survey', 'Coupon', 'Pet', 'Home', 'Auto', 'Health', 'Beauté',
  'Garden', 'Music', 'Streaming', 'Education', 'Jobs', 'Energy', 'Skin', 'Diet', 'Wine', 'Fashion', 'Kids', 'Senior',
];
const POINTS = ['Lead', 'Sale', 'Install', 'Sign Up', 'Trial', 'Quote', 'Deposit', 'Registration'];
const TRAFFIC = ['email', 'contextual', 'display', 'search', 'incentive', 'social', 'native', 'mobile', 'brand_bid'];
const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'BR', 'MX', 'IN', 'JP', 'NZ', 'IE', 'BE', 'AT', 'CH', 'PL'];

/** The bench network: `total` campaigns with names, rates, traffic types, countries, history. */
export async function generateCatalog(db: Kysely<DB>, total: number, affiliateId: number) {
  await seedReference(db);
  await sql`insert into advertisers (name) select 'Advertiser ' || g from generate_series(1, 200) g`.execute(db);
  const words = sql.lit(`{${WORDS.map((w) => `"${w}"`).join(',')}}`);
  const points = sql.lit(`{${POINTS.map((w) => `"${w}"`).join(',')}}`);
  // Deterministic pseudo-random picks from g (hashes of the row number), so every run is the same.
  await sql`insert into campaigns (advertiser_id, subcategory_id, name, status, epc, geo_filtering, popularity, highlight, created_at)
    select (select min(id) from advertisers) + (g % 200),
           subs.ids[1 + (abs(hashint4(g)) % array_length(subs.ids, 1))],
           (${words}::text[])[1 + abs(hashint4(g * 3)) % ${WORDS.length}] || ' ' || (${words}::text[])[1 + abs(hashint4(g * 7)) % ${WORDS.length}]
             || ' ' || 'Offer ' || g || ' - ' || (${points}::text[])[1 + abs(hashint4(g * 11)) % ${POINTS.length}],
           case when g % 20 = 0 then 'expired' when g % 20 = 1 then 'paused' else 'active' end,
           (abs(hashint4(g * 13)) % 400) / 100.0,
           g % 5 < 3,
           abs(hashint4(g * 17)) % 1000,
           g % 50 = 0,
           now() - (g * interval '7 minutes')
    from generate_series(1, ${total}::int) g, (select array_agg(id order by id) as ids from subcategories) subs`.execute(db);
  await sql`insert into campaign_rates (campaign_id, description, rate_type, rate, status, is_default)
    select id, 'Default', case when id % 4 = 0 then 'P' else 'F' end, 1 + abs(hashint4(id)) % 60, 'Active', true from campaigns`.execute(db);
  await sql`insert into campaign_rates (campaign_id, description, rate_type, rate, status, is_default)
    select id, 'Tier 2', 'F', 1 + abs(hashint4(id * 5)) % 30, 'Inactive', false from campaigns where id % 3 = 0`.execute(db);
  const traffic = sql.lit(`{${TRAFFIC.join(',')}}`);
  await sql`insert into campaign_traffic_types (campaign_id, traffic_type)
    select c.id, t.type from campaigns c, unnest(${traffic}::text[]) with ordinality t(type, n)
    where (abs(hashint4(c.id * 31 + t.n::int)) % 100) < 45`.execute(db);
  const countries = sql.lit(`{${COUNTRIES.join(',')}}`);
  await sql`insert into campaign_countries (campaign_id, country_code)
    select c.id, k.code from campaigns c, unnest(${countries}::text[]) with ordinality k(code, n)
    where c.geo_filtering and (k.n = 1 + c.id % 20 or (abs(hashint4(c.id * 37 + k.n::int)) % 100) < 15)`.execute(db);
  // The affiliate's own lists: approved on 400 campaigns, 150 bookmarks, history on 600.
  await sql`insert into campaign_access (affiliate_id, campaign_id, status) select ${affiliateId}, id, 'Approved' from campaigns where id % 50 = 3`.execute(db);
  await sql`insert into bookmarks (affiliate_id, campaign_id) select ${affiliateId}, id from campaigns where id % 133 = 5`.execute(db);
  await sql`insert into stats_daily (day, affiliate_id, campaign_id, clicks, leads, sales, earnings)
    select current_date - d, ${affiliateId}, c.id, 5 + c.id % 40, c.id % 3, 0, (c.id % 3) * 10
    from campaigns c, generate_series(0, 20, 5) d where c.id % 33 = 7`.execute(db);
  // Network history of the last 30 days over a quarter of the campaigns (recent EPC, popularity).
  await sql`insert into stats_daily (day, affiliate_id, campaign_id, clicks, leads, sales, earnings)
    select current_date - d, 900000 + (c.id % 300), c.id, 20 + c.id % 90, c.id % 7, 0, (c.id % 7) * 12.5
    from campaigns c, generate_series(0, 29, 3) d where c.id % 4 = 1`.execute(db);
  await sql`analyze`.execute(db);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Timing { p50: number; p95: number }

export async function searchBench(say: (line: string) => void, pgUrl: string | undefined): Promise<void> {
  const total = Number(process.env.BENCH_SEARCH_CAMPAIGNS ?? 20_000);
  const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 300);
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const database = pgUrl ? await openDatabase({ engine: 'postgres', url: pgUrl, schema, poolSize: 4 }) : await openDatabase({ engine: 'pglite' });
  try {
    await migrateToLatest(database.db);
    await seedReference(database.db);
    const email = 'search-bench@example.com';
    const affiliateId = await insertAffiliate(database, { email, manager_id: null, status: 'active' });
    const started = Date.now();
    await generateCatalog(database.db, total, affiliateId);
    say(`(d) ${total.toLocaleString('en-US')} campaigns generated in ${database.engine} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_SEARCH_NO_INDEXES === '1') {
      for (const index of ['campaigns_search_name_trgm_idx', 'campaign_rates_default_idx', 'stats_daily_affiliate_campaign_idx', 'campaigns_active_created_idx']) {
        await sql`drop index ${sql.id(index)}`.execute(database.db);
      }
      await sql`analyze`.execute(database.db);
      say('(d) without the indexes of migration 0007 ("before")');
    }
    const app = await buildApp({ db: database.db, engine: database.engine, passwordCost: TEST_SCRYPT });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/authenticationApp', payload: { email, password: DEMO_PASSWORD } });
      const token = (login.json() as Record<string, string>)['mb-app-token'];
      if (!token) throw new Error(`bench sign-in failed: ${login.body}`);
      const category = await database.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow();
      const searchUrl = `/api/search?${new URLSearchParams(
        searchParamsOf({ st: 'loan', ep: true, cp: false, bp: false, sp: true, ip: false, lp: false, np: false, mp: false, bbp: false, gr: 'US', ct: 'F' }),
      )}`;
      const cases: Array<[string, string]> = [
        ['primary-key lookup (GET /display/maincategory/{id}, the baseline)', `/api/display/maincategory/${category.id}`],
        ['search: text + traffic + country + CPA type', searchUrl],
        ['browse page: GET /campaigns/new page 0 limit 30', '/api/campaigns/new?page=0&limit=30'],
        ['search: no text, default options (every active campaign, by date)', '/api/search?pn=1'],
        ['search: text + approved + never promoted, by EPC', `/api/search?${new URLSearchParams(searchParamsOf({ st: 'café', af: true, rf: true, ob: 'epc' }))}`],
        ['quick search: q=cre', '/api/search?q=cre'],
      ];
      // One client address per case: the API's limit of 1,200 requests a minute per address applies.
      let client = 0;
      const time = async (url: string): Promise<Timing & { found: string }> => {
        client += 1;
        const times: number[] = [];
        let found = '';
        for (let i = 0; i < runs + 20; i++) {
          const t0 = process.hrtime.bigint();
          const res = await app.inject({ method: 'GET', url, headers: { 'x-app-token': token }, remoteAddress: `10.140.${client}.1` });
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          if (i >= 20) times.push(ms);
          if (i === 0) {
            const body = res.json() as { total?: number; campaigns?: unknown[]; matchingCampaigns?: unknown[] };
            const list = body.campaigns ?? body.matchingCampaigns;
            found = body.total !== undefined ? `${body.total} matches` : list ? `${list.length} answered` : 'one row';
          }
        }
        times.sort((a, b) => a - b);
        return { p50: percentile(times, 50), p95: percentile(times, 95), found };
      };
      let baseline: Timing | undefined;
      for (const [name, url] of cases) {
        const t = await time(url);
        baseline ??= t;
        const target = name.startsWith('search: text + traffic') ? ' [target p95 <= 30 ms]' : name.startsWith('browse') ? ' [target p95 <= 20 ms]' : '';
        say(
          `(d) ${name}: p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms (${t.found}) -> ${(t.p95 / baseline.p95).toFixed(1)}x the primary-key lookup${target}`,
        );
      }
      if (process.env.BENCH_SEARCH_EXPLAIN === '1') {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain analyze select id from campaigns c
          where c.status = 'active' and c.search_name like '%loan%'`.execute(database.db);
        for (const r of rows) say(`    ${r['QUERY PLAN']}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  }
}
