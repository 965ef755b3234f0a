import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { freePort, makeThrowawayCluster, throwawayClusterUnavailable, type ThrowawayCluster } from './pgCluster';
import { seedMinimalNetwork } from './trackingNetwork';

/**
 * A Postgres outage under a stream of clicks, against `npm start`'s own entry (server/index.ts: the
 * primary and two server processes) on a throwaway Postgres cluster: Postgres is stopped for 15 s
 * (every connection ended, as a restart or a failover does) and started again, then every backend of
 * the server is terminated (pg_terminate_backend). Proven: no server process exits, no connection is
 * refused, every click answered with a 302 is in Postgres afterwards, the API answers 503 with
 * Retry-After and a sentence while Postgres is down (never a 500), /api/health answers 503 saying the
 * database is down, conversions are refused with a 503, and everything is back by itself once Postgres is.
 *
 * Runs in the Postgres stage of the server suite (TEST_DATABASE_URL set), where the Postgres binaries
 * are installed; the embedded PGlite database lives in the server's own process and has no outage.
 */
const skip = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : throwawayClusterUnavailable();
const OUTAGE_MS = 15_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string }

function request(port: number, urlPath: string, agent: http.Agent | false, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startProduct(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const root = path.resolve(__dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r(undefined);
        }, 20_000);
        child.once('exit', () => {
          clearTimeout(t);
          r(undefined);
        });
      });
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/\[server\] ready in/.test(out)) {
        clearInterval(timer);
        resolve({ child, output: () => out });
      }
    }, 50);
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`the server did not start:\n${out}`));
    }, 90_000);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the server exited with ${code}:\n${out}`));
    });
  });
}

describe.skipIf(skip)(`a Postgres outage under a stream of clicks${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let pg: ThrowawayCluster;

  it('keeps every process up, answers clicks from the journal, refuses the API with 503 and comes back by itself', async () => {
    pg = await makeThrowawayCluster();
    cleanups.push(() => pg.remove());
    const seed = await openDatabase({ engine: 'postgres', url: pg.url, poolSize: 2 });
    await migrateToLatest(seed.db);
    const network = await seedMinimalNetwork(seed.db);
    await seed.close();

    const dataDir = mkdtempSync(path.join(tmpdir(), 'outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const product = await startProduct({
      DATABASE_URL: pg.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      TRACKING_LINK_CACHE_MS: '1000',
      CLICK_JOURNAL_ROTATE_MS: '100',
    });

    // The stream: four clients, each on fresh connections (a refused connection would show).
    const answered: string[] = [];
    const tally = { answered: 0, refusedConnections: 0, other: new Map<number, number>(), during: { answered: 0, other: 0 } };
    let down = false;
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await request(port, `/go/${network.code}?sub1=c${n}-${i}`, false);
          if (res.status === 302) {
            answered.push(new URL(res.headers.location!).searchParams.get('cid')!);
            tally.answered++;
            if (down) tally.during.answered++;
          } else {
            tally.other.set(res.status, (tally.other.get(res.status) ?? 0) + 1);
            if (down) tally.during.other++;
          }
        } catch {
          tally.refusedConnections++;
        }
        await sleep(5);
      }
    };
    const stream = Promise.all([0, 1, 2, 3].map(client));
    await sleep(2000);
    const clickBeforeOutage = answered[answered.length - 1];

    // Postgres stops: every connection of the server ends at once.
    pg.stop('fast');
    down = true;
    await sleep(1500);
    const health = await request(port, '/api/health', false);
    const api = await request(port, '/api/campaigns/categories', false);
    const conversion = await request(port, `/postback?click_id=${clickBeforeOutage}&txid=OUT-1&secret=${network.secret}`, false);
    await sleep(OUTAGE_MS - 1500);
    const clickDuringOutage = answered[answered.length - 1];
    pg.start();
    down = false;
    const upAt = Date.now();
    let apiBackMs = -1;
    while (Date.now() - upAt < 30_000) {
      const res = await request(port, '/api/health', false).catch(() => null);
      if (res?.status === 200) {
        apiBackMs = Date.now() - upAt;
        break;
      }
      await sleep(100);
    }

    // Then every backend of the server is ended while it runs.
    const admin = await openDatabase({ engine: 'postgres', url: pg.url, poolSize: 1 });
    cleanups.push(() => admin.close());
    const { sql } = await import('kysely');
    await sleep(500);
    const terminated = await sql<{ n: number }>`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid() and backend_type = 'client backend') t`.execute(admin.db);
    await sleep(2000);
    const healthAfterTerminate = await request(port, '/api/health', false);
    // As an advertiser does: a conversion answered 503 is sent again a little later. Clicks of the outage
    // may still wait in a journal for a moment; their conversions are asked again, never refused.
    const convert = async (clickId: string, txid: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await request(port, `/postback?click_id=${clickId}&txid=${txid}&secret=${network.secret}`, false);
        statuses.push(res.status);
        if (res.status !== 503) break;
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        await sleep(500);
      }
      return statuses;
    };
    const conversionsAfter = [await convert(clickBeforeOutage, 'OUT-2'), await convert(clickDuringOutage, 'OUT-3')];
    stop = true;
    await stream;

    // Every answered click reaches Postgres (the journal hands them over a few times a second).
    const missing = async () => {
      const have = new Set<string>();
      for (let i = 0; i < answered.length; i += 1000) {
        const rows = await admin.db.selectFrom('clicks').select('click_key').where('click_key', 'in', answered.slice(i, i + 1000)).execute();
        for (const r of rows) have.add(r.click_key);
      }
      return answered.filter((k) => !have.has(k));
    };
    let lost = await missing();
    for (let tries = 0; lost.length > 0 && tries < 100; tries++) {
      await sleep(200);
      lost = await missing();
    }
    const exits = (product.output().match(/server process \d+ exited/g) ?? []).length;
    const figures = {
      clicksAnswered: tally.answered,
      answeredDuringOutage: tally.during.answered,
      otherAnswers: Object.fromEntries(tally.other),
      refusedConnections: tally.refusedConnections,
      lost: lost.length,
      processExits: exits,
      apiDuringOutage: `${api.status} ${api.headers['retry-after'] ? `Retry-After ${api.headers['retry-after']}` : 'no Retry-After'}`,
      healthDuringOutage: `${health.status} ${health.body}`,
      conversionDuringOutage: `${conversion.status} Retry-After ${conversion.headers['retry-after']}`,
      apiBackMs,
      backendsTerminated: terminated.rows[0].n,
      conversionsAfter,
    };
    console.log(`[outage] ${JSON.stringify(figures)}`);

    expect(exits, product.output()).toBe(0);
    expect(tally.refusedConnections).toBe(0);
    expect(lost).toEqual([]);
    expect(tally.during.answered).toBeGreaterThan(50);
    expect(tally.during.other).toBe(0);
    expect([...tally.other.keys()]).toEqual([]);
    expect(api.status).toBe(503);
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(api.body).errors.message).toMatch(/database/i);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body).errors.message).toMatch(/^The database is down/);
    expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
    expect(conversion.status).toBe(503);
    expect(Number(conversion.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiBackMs).toBeGreaterThanOrEqual(0);
    expect(terminated.rows[0].n).toBeGreaterThan(0);
    expect(healthAfterTerminate.status).toBe(200);
    for (const statuses of conversionsAfter) expect(statuses.at(-1), statuses.join(' ')).toBe(200);
    expect(product.output()).not.toMatch(/unhandled|uncaught/i);
  }, 180_000);
});
