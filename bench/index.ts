/**
 * `npm run bench`: the tracking engine's three ratios, measured side by side in one run on loopback
 * (docs/benchmarks.md records the figures).
 *  (a) click redirects per second and p99 latency of the product against a bare Node http server
 *      answering the same 302 without recording anything. The product runs as `npm start` runs it:
 *      server/index.ts, with WEB_CONCURRENCY server processes on Postgres (default: one per core) and
 *      one on PGlite, on a database the bench seeds (PGlite: a temporary data directory; Postgres: a
 *      scratch database on the DATABASE_URL server, dropped afterwards);
 *  (b) conversions per second (server-to-server postbacks, each counted under the campaign's and the
 *      affiliate's daily caps, with its rollup and outbox row; BENCH_NO_CAP=1 without caps);
 *  (c) the 90-day earnings-by-campaign summary of one affiliate from the rollup, against the same
 *      answer computed from the raw events, with BENCH_SUMMARY_CLICKS clicks (default 10 million
 *      on Postgres; 1 million on PGlite, whose in-memory database would not hold 10 million);
 *  (d) campaign search and browse with 20,000 campaigns against a primary-key lookup (bench/search.ts).
 * Knobs: BENCH_SECONDS (3 per run), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50), WEB_CONCURRENCY,
 * BENCH_SUMMARY_CLICKS, BENCH_SKIP_SUMMARY=1, BENCH_ONLY_SUMMARY=1, BENCH_ONLY_SEARCH=1, BENCH_SKIP_SEARCH=1, BENCH_SKIP_PGLITE=1, BENCH_NO_POSTBACK=1,
 * BENCH_PROFILE_DIR (a CPU profile of every server process), and the server's own CLICK_* settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'kysely';
import { dropSchema, openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { freePort } from '../tests/server/pgCluster';
import { seedMinimalNetwork } from '../tests/server/trackingNetwork';
import { onScratchPostgres } from './scratchPostgres';
import { searchBench } from './search';
import { earningsReport, generateHistory, median, summaryFromRawEvents, summaryFromRollup } from './summary';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgUrl = process.env.DATABASE_URL;
const say = (line: string) => console.log(line);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

interface Target { child: ChildProcess; port: number }

/** The bare Node 302 (bench/target.ts), in its own process. */
function startBare(): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'target.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

/**
 * The product as `npm start` runs it: server/index.ts (WEB_CONCURRENCY processes on Postgres, one on
 * PGlite), on a database prepared by the bench, silent logs. Resolves once it says it is ready.
 */
async function startProduct(env: Record<string, string>): Promise<Target> {
  const port = await freePort();
  // BENCH_PROFILE_DIR: a CPU profile of every server process (node --cpu-prof), written when it stops.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'server/index.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', TRACKING_BASE_URL: 'http://127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('] ready in')) resolve({ child, port });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

async function stop(t: Target) {
  t.child.removeAllListeners('exit');
  if (t.child.exitCode !== null || t.child.signalCode !== null) return;
  const done = new Promise((r) => t.child.once('exit', r));
  t.child.kill('SIGTERM');
  await done;
}

async function load(url: string, requests?: Parameters<typeof autocannon>[0]['requests']): Promise<Result> {
  return autocannon({ url, connections, duration: seconds, requests });
}

const rate = (r: Result) => r.requests.total / r.duration;

/** Next bench click to convert (bc00000000, ...): each conversion run takes fresh ones. */
let conversionSeq = 0;

const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** The one-campaign network and the clicks the conversion run converts: bc00000000, bc00000001, ... */
async function seedBenchNetwork(database: Database) {
  await migrateToLatest(database.db);
  // BENCH_NO_POSTBACK=1: the affiliate has no postback (no outbox rows, no delivery attempts).
  const postbackUrl = process.env.BENCH_NO_POSTBACK === '1' ? undefined : 'https://tracker.example/pb?c={click_id}&p={payout}';
  const network = await seedMinimalNetwork(database.db, { postbackUrl });
  // The campaign and the affiliate's access carry daily caps (never reached), so every conversion is
  // counted under its caps (tracking/caps.ts); BENCH_NO_CAP=1: no caps (the uncapped batch statement).
  if (process.env.BENCH_NO_CAP !== '1') {
    await database.db.updateTable('campaigns').set({ daily_cap: 1_000_000_000 }).where('id', '=', network.campaignId).execute();
    await database.db.updateTable('campaign_access').set({ daily_cap: 1_000_000_000 }).where('campaign_id', '=', network.campaignId).execute();
  }
  const clicks = Number(process.env.BENCH_CONVERSION_CLICKS ?? 200_000);
  await sql`insert into clicks (click_key, affiliate_id, campaign_id, landing_page_id, clicked_at)
    select 'bc' || lpad(g::text, 8, '0'), ${network.affiliateId}, ${network.campaignId}, 0, now()
    from generate_series(0, ${clicks - 1}::int) g`.execute(database.db);
  return network;
}

/**
 * Postgres only: how often the product's connections waited for a lock (a row another batch holds)
 * during a load: pg_stat_activity sampled every 20 ms, the backends of the bench's database whose
 * wait_event_type is 'Lock' summed over the samples, per sample.
 */
function lockWaits(database: Database | null) {
  let samples = 0;
  let waiting = 0;
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  return {
    start() {
      if (!database) return;
      samples = 0;
      waiting = 0;
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
          .execute(database.db)
          .then((r) => {
            samples++;
            waiting += Number(r.rows[0]?.n ?? 0);
          }, () => undefined)
          .finally(() => (busy = false));
      }, 20);
    },
    /** Backends waiting for a lock, on average per sample, since start(); '' without Postgres. */
    stop(): string {
      if (timer) clearInterval(timer);
      timer = null;
      return database && samples > 0 ? `; lock waits ${(waiting / samples).toFixed(2)} backends per sample (${samples} samples)` : '';
    },
  };
}

/**
 * Clicks in Postgres so far (Postgres only: with the click journal a click reaches Postgres a moment
 * after its 302; the bench waits for them after each round and reports how long that took).
 */
type ClickCount = (() => Promise<number>) | null;

async function clicksAndConversions(engineName: string, env: Record<string, string>, code: string, secret: string, sampler = lockWaits(null), stored: ClickCount = null) {
  const app = await startProduct(env);
  const bare = await startBare();
  try {
    const appUrl = `http://127.0.0.1:${app.port}/go/${code}?sub1=bench`;
    const bareUrl = `http://127.0.0.1:${bare.port}/go/x`;
    // Warm up (JIT, link cache), then alternate bare and app runs so that load from other
    // processes on the machine affects both sides alike; the medians are reported.
    const base = stored ? await stored() : 0;
    const warm = await autocannon({ url: appUrl, connections, duration: 1 });
    await autocannon({ url: bareUrl, connections, duration: 1 });
    let answered = warm['3xx'];
    const catchUps: number[] = [];
    let behind = 0;
    const ratios: number[] = [];
    const appRates: number[] = [];
    const bareRates: number[] = [];
    const appP99: number[] = [];
    const bareP99: number[] = [];
    let other = 0;
    let clickWaits = '';
    for (let round = 0; round < rounds; round++) {
      const b = await load(bareUrl);
      if (round === rounds - 1) sampler.start();
      const a = await load(appUrl);
      if (round === rounds - 1) clickWaits = sampler.stop();
      bareRates.push(rate(b));
      appRates.push(rate(a));
      ratios.push(rate(a) / rate(b));
      bareP99.push(b.latency.p99);
      appP99.push(a.latency.p99);
      other += a.non2xx - a['3xx'] + a.errors;
      answered += a['3xx'];
      if (stored) {
        // Every answered click must reach Postgres, and soon: the next round starts once it has.
        const from = Date.now();
        let n = (await stored()) - base;
        while (n < answered && Date.now() - from < 30_000) {
          await new Promise((r) => setTimeout(r, 10));
          n = (await stored()) - base;
        }
        catchUps.push(Date.now() - from);
        behind = answered - n;
      }
    }
    const inPostgres = stored
      ? `; in Postgres ${catchUps.map((ms) => `${ms} ms`).join(', ')} after each round${behind > 0 ? `, ${fmt(behind)} ANSWERED CLICKS MISSING` : ''}`
      : '';
    say(`(a) clicks, ${engineName}: ${fmt(med(appRates))} redirects/s, p99 ${med(appP99)} ms vs bare node ${fmt(med(bareRates))}/s, p99 ${med(bareP99)} ms ` +
      `-> ratio ${(med(ratios) * 100).toFixed(0)}% (rounds: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}; non-302 answers: ${other}${inPostgres}${clickWaits}) [target >= 40%, p99 <= 20 ms on Postgres]`);
    sampler.start();
    const convRun = await load(`http://127.0.0.1:${app.port}/postback`, [
      {
        setupRequest: (req) => {
          const i = conversionSeq++;
          return { ...req, method: 'GET', path: `/postback?click_id=bc${String(i).padStart(8, '0')}&txid=b${i}&secret=${secret}` };
        },
      },
    ]);
    const conversionWaits = sampler.stop();
    say(`(b) conversions, ${engineName}: ${fmt(rate(convRun))} postbacks/s, p99 ${convRun.latency.p99} ms (2xx ${fmt(convRun['2xx'])}, other ${fmt(convRun.non2xx + convRun.errors)}${conversionWaits}) ` +
      `-> ratio ${((rate(convRun) / med(bareRates)) * 100).toFixed(1)}% of the bare server's requests/s [target >= 2,000/s, p99 <= 50 ms on Postgres, caps counted]`);
  } finally {
    await stop(bare);
    await stop(app);
  }
}

/** PGlite: a data directory seeded here, then opened by the server (one process: PGlite cannot be shared). */
async function benchPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  try {
    const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const network = await seedBenchNetwork(database);
    await database.close();
    await clicksAndConversions('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, network.code, network.secret);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Postgres: a scratch database on the DATABASE_URL server, dropped afterwards. */
async function benchPostgres(url: string) {
  await onScratchPostgres(url, 'bench', async (scratch) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    try {
      const database = await openDatabase({ engine: 'postgres', url: scratch, poolSize: 2 });
      const network = await seedBenchNetwork(database);
      // Kept open for the lock-wait sampler (one connection of its own).
      const sampler = lockWaits(database);
      // As npm start: WEB_CONCURRENCY when set, else one process per core; without WEB_CONCURRENCY the
      // single-process server is measured too, for comparison (docs/benchmarks.md).
      const counts = process.env.WEB_CONCURRENCY ? [process.env.WEB_CONCURRENCY] : [...new Set(['1', String(os.availableParallelism())])];
      for (const processes of counts) {
        await clicksAndConversions(
          `Postgres, ${processes} server process${processes === '1' ? '' : 'es'}`,
          { DATA_DIR: dataDir, DATABASE_URL: scratch, WEB_CONCURRENCY: processes }, network.code, network.secret, sampler,
          async () => Number((await sql<{ n: string }>`select count(*) as n from clicks`.execute(database.db)).rows[0].n),
        );
      }
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

async function summary() {
  const total = Number(process.env.BENCH_SUMMARY_CLICKS ?? (pgUrl ? 10_000_000 : 1_000_000));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const database = pgUrl ? await openDatabase({ engine: 'postgres', url: pgUrl, schema, poolSize: 2 }) : await openDatabase({ engine: 'pglite' });
  try {
    await migrateToLatest(database.db);
    say(`(c) generating ${fmt(total)} clicks in ${database.engine}...`);
    const ms = await generateHistory(database.db, total, say);
    const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const rows = await summaryFromRollup(database.db, from);
    const raw = await summaryFromRawEvents(database.db, from);
    if (rows.length !== raw.length) throw new Error(`rollup and raw summaries disagree: ${rows.length} vs ${raw.length} campaigns`);
    const rollupMs = await median(21, () => summaryFromRollup(database.db, from));
    const rawMs = await median(5, () => summaryFromRawEvents(database.db, from));
    say(`(c) 90-day earnings by campaign, one affiliate, ${fmt(total)} clicks in ${database.engine} (generated in ${(ms / 1000).toFixed(0)} s): ` +
      `${rollupMs.toFixed(1)} ms from the rollup vs ${rawMs.toFixed(0)} ms from raw events -> ratio ${(rawMs / rollupMs).toFixed(0)}x faster [target < 50 ms]`);
    // The report itself (GET /reports/earnings), in the network's days and in an affiliate's own +05:30 days.
    const networkMs = await median(21, () => earningsReport(database.db, { kind: 'iana', name: 'America/New_York' }));
    const ownMs = await median(21, () => earningsReport(database.db, { kind: 'offset', minutes: 330 }));
    say(`(c') the earnings report: ${networkMs.toFixed(1)} ms in the network's days [target < 50 ms], ${ownMs.toFixed(1)} ms in +05:30 days ` +
      `-> ratio ${(ownMs / networkMs).toFixed(2)}x [target <= 2x]`);
  } finally {
    await database.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  }
}

async function main() {
  say(`tracking benchmarks: ${rounds} rounds of ${seconds} s per side, ${connections} connections, loopback; ${os.availableParallelism()} cores`);
  if (process.env.BENCH_ONLY_SUMMARY === '1') return summary();
  if (process.env.BENCH_ONLY_SEARCH === '1') return searchBench(say, pgUrl);
  if (process.env.BENCH_SKIP_PGLITE !== '1') await benchPglite();
  if (pgUrl) await benchPostgres(pgUrl);
  else say('(a, b) Postgres: skipped (set DATABASE_URL to measure it)');
  if (process.env.BENCH_SKIP_SUMMARY !== '1') await summary();
  if (process.env.BENCH_SKIP_SEARCH !== '1') await searchBench(say, pgUrl);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
