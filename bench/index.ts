/**
 * `npm run bench`: the tracking engine's three ratios, measured side by side in one run on loopback
 * (docs/benchmarks.md records the figures).
 *  (a) click redirects per second and p99 latency of the real server (group commit) against a bare
 *      Node http server answering the same 302 without recording anything; PGlite, and Postgres
 *      when DATABASE_URL is set;
 *  (b) conversions per second (server-to-server postbacks, each with its rollup and outbox row);
 *  (c) the 90-day earnings-by-campaign summary of one affiliate from the rollup, against the same
 *      answer computed from the raw events, with BENCH_SUMMARY_CLICKS clicks (default 10 million
 *      on Postgres; 1 million on PGlite, whose in-memory database would not hold 10 million).
 * Knobs: BENCH_SECONDS (3 per run), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50), BENCH_SUMMARY_CLICKS, BENCH_SKIP_SUMMARY=1,
 * BENCH_ONLY_SUMMARY=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { dropSchema, openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { generateHistory, median, summaryFromRawEvents, summaryFromRollup } from './summary';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgUrl = process.env.DATABASE_URL;
const say = (line: string) => console.log(line);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

interface Target { child: ChildProcess; port: number; code?: string; secret?: string }

function start(mode: 'bare' | 'app', env: Record<string, string> = {}): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'target.ts'), mode], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...(JSON.parse(line) as { port: number; code?: string; secret?: string }) });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

async function stop(t: Target) {
  t.child.removeAllListeners('exit');
  const done = new Promise((r) => t.child.once('exit', r));
  t.child.kill('SIGTERM');
  await done;
}

async function load(url: string, requests?: Parameters<typeof autocannon>[0]['requests']): Promise<Result> {
  return autocannon({ url, connections, duration: seconds, requests });
}

const rate = (r: Result) => r.requests.total / r.duration;

const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function clicksAndConversions(engineName: string, env: Record<string, string>) {
  const app = await start('app', env);
  const bare = await start('bare');
  try {
    const appUrl = `http://127.0.0.1:${app.port}/go/${app.code}?sub1=bench`;
    const bareUrl = `http://127.0.0.1:${bare.port}/go/x`;
    // Warm up (JIT, link cache), then alternate bare and app runs so that load from other
    // processes on the machine affects both sides alike; the medians are reported.
    await autocannon({ url: appUrl, connections, duration: 1 });
    await autocannon({ url: bareUrl, connections, duration: 1 });
    const ratios: number[] = [];
    const appRates: number[] = [];
    const bareRates: number[] = [];
    const appP99: number[] = [];
    const bareP99: number[] = [];
    let other = 0;
    for (let round = 0; round < rounds; round++) {
      const b = await load(bareUrl);
      const a = await load(appUrl);
      bareRates.push(rate(b));
      appRates.push(rate(a));
      ratios.push(rate(a) / rate(b));
      bareP99.push(b.latency.p99);
      appP99.push(a.latency.p99);
      other += a.non2xx - a['3xx'] + a.errors;
    }
    say(`(a) clicks, ${engineName}: ${fmt(med(appRates))} redirects/s, p99 ${med(appP99)} ms vs bare node ${fmt(med(bareRates))}/s, p99 ${med(bareP99)} ms ` +
      `-> ratio ${(med(ratios) * 100).toFixed(0)}% (rounds: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}; non-302 answers: ${other}) [target >= 40%, p99 < 25 ms on Postgres]`);
    let n = 0;
    const convRun = await load(`http://127.0.0.1:${app.port}/postback`, [
      {
        setupRequest: (req) => {
          const i = n++;
          return { ...req, method: 'GET', path: `/postback?click_id=bc${String(i).padStart(8, '0')}&txid=b${i}&secret=${app.secret}` };
        },
      },
    ]);
    say(`(b) conversions, ${engineName}: ${fmt(rate(convRun))} postbacks/s, p99 ${convRun.latency.p99} ms (2xx ${fmt(convRun['2xx'])}, other ${fmt(convRun.non2xx + convRun.errors)}) ` +
      `-> ratio ${((rate(convRun) / med(bareRates)) * 100).toFixed(1)}% of the bare server's requests/s`);
  } finally {
    await stop(bare);
    await stop(app);
  }
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
  } finally {
    await database.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  }
}

async function main() {
  say(`tracking benchmarks: ${rounds} rounds of ${seconds} s per side, ${connections} connections, loopback`);
  if (process.env.BENCH_ONLY_SUMMARY === '1') return summary();
  await clicksAndConversions('PGlite', {});
  if (pgUrl) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    try {
      await clicksAndConversions('Postgres', { BENCH_PG_URL: pgUrl, BENCH_PG_SCHEMA: schema });
    } finally {
      await dropSchema(pgUrl, schema);
    }
  } else {
    say('(a, b) Postgres: skipped (set DATABASE_URL to measure it)');
  }
  if (process.env.BENCH_SKIP_SUMMARY !== '1') await summary();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
