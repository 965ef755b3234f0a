import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../../server/cluster';
import { dropSchema, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { SLOTS_PER_PROCESS } from '../../server/modules/tracking/rollupShards';
import { freePort } from './pgCluster';
import { seedMinimalNetwork } from './trackingNetwork';

/**
 * `npm start` with several server processes: server/index.ts itself, WEB_CONCURRENCY=2 on
 * Postgres. SIGKILL of one server process in the middle of a click load loses no answered click and
 * the primary starts another; SIGTERM of the primary in the middle of a load stops every process
 * cleanly, with every answered click stored and the rollup equal to the raw clicks. Postgres only
 * (the embedded database runs one process, checked below on both engines).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(__dirname, '../..');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('server processes', () => {
  it('runs one per core on Postgres, WEB_CONCURRENCY when set, and always one on the embedded database', () => {
    expect(serverProcesses({ databaseUrl: 'postgres://db/x', webConcurrency: undefined }, 2)).toEqual({ count: 2 });
    expect(serverProcesses({ databaseUrl: 'postgres://db/x', webConcurrency: 3 }, 2)).toEqual({ count: 3 });
    expect(serverProcesses({ databaseUrl: undefined, webConcurrency: undefined }, 8)).toEqual({ count: 1, note: undefined });
    const pglite = serverProcesses({ databaseUrl: undefined, webConcurrency: 4 }, 8);
    expect(pglite.count).toBe(1);
    expect(pglite.note).toMatch(/WEB_CONCURRENCY=4 ignored/);
  });
});

function get(port: number, urlPath: string, agent: http.Agent): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * The server processes the primary started. Only its node children: on a cold tsx cache (a clean CI
 * clone) the primary also has an esbuild service child, which is not a server process.
 */
const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([p, comm]) => Number(p) > 0 && comm !== undefined && !/esbuild/i.test(comm))
    .map(([p]) => Number(p));

const until = async (cond: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
};

describe.skipIf(!pgUrl)('npm start with WEB_CONCURRENCY=2 on Postgres', () => {
  it('loses no answered click when a server process is killed, replaces it, and stops cleanly on SIGTERM', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    cleanups.push(() => dropSchema(pgUrl!, schema));
    const database = await openDatabase({ engine: 'postgres', url: pgUrl!, schema, poolSize: 2 });
    await migrateToLatest(database.db);
    const network = await seedMinimalNetwork(database.db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const url = new URL(pgUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const port = await freePort();
    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    });
    let out = '';
    server.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await until(() => out.includes('ready in') || server.exitCode !== null, 40_000);
    expect(out).toContain('(2 server processes)');
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);

    const answered: string[] = [];
    let stop = false;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await get(port, `/go/${network.code}?sub1=w${n}-${i}`, agent);
          if (res.status === 302) answered.push(new URL(res.location!).searchParams.get('cid')!);
        } catch {
          // A connection of the killed process was reset: the click was not answered; go on.
          await new Promise((r) => setTimeout(r, 5));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 24 }, (_, n) => worker(n)));
    await until(() => answered.length >= 300, 20_000);
    // One server process dies in the middle of the load: the other keeps answering, the primary forks another.
    process.kill(workers[0], 'SIGKILL');
    const killedAt = answered.length;
    await until(() => out.includes('starting another') && childrenOf(server.pid!).length === 2, 15_000);
    expect(out).toContain(`server process ${workers[0]} exited (SIGKILL); starting another`);
    await until(() => answered.length >= killedAt + 300, 20_000);
    // Then the whole server is stopped in the middle of the load.
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    stop = true;
    await load;
    agent.destroy();
    expect(out).toContain('stopped cleanly');
    // On Postgres clicks are made durable by the click journal (DATA_DIR/click-journal); after a
    // clean stop every segment has been handed to Postgres, the killed process's too.
    expect(readdirSync(path.join(dataDir, 'click-journal'), { recursive: true }).map(String).filter((f) => f.endsWith('.clicks'))).toEqual([]);

    const keys = new Set<string>();
    for (let i = 0; i < answered.length; i += 1000) {
      const rows = await database.db.selectFrom('clicks').select('click_key').where('click_key', 'in', answered.slice(i, i + 1000)).execute();
      for (const r of rows) keys.add(r.click_key);
    }
    const rollup = await database.db.selectFrom('stats_daily').select((eb) => eb.fn.sum<number>('clicks').as('n')).executeTakeFirstOrThrow();
    const all = await database.db.selectFrom('clicks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // Each process wrote rollup rows of its own shards (process i: i * 16 onwards); the process
    // that replaced the killed one took over its index, so no third range appeared.
    const shards = await database.db.selectFrom('stats_daily').select('shard').distinct().execute();
    const owners = new Set(shards.map((r) => Math.floor(r.shard / SLOTS_PER_PROCESS)));
    await database.close();
    expect([...owners].sort()).toEqual([0, 1]);
    expect(answered.length).toBeGreaterThan(600);
    expect(answered.filter((k) => !keys.has(k))).toEqual([]);
    expect(Number(rollup.n)).toBe(Number(all.n));
  }, 90_000);
});
