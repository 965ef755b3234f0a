import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, openDatabase, type Database } from '../../server/db/database';
import { firstJsonLine } from './serverProcess';
import { startReceiver } from './trackingFixtures';

/**
 * Reliability of the tracking engine against a real server process (tests/server/trackingProcess.ts):
 * a SIGKILL in the middle of a click load loses no click that was answered with a 302, and a
 * postback whose receiver fails three times is delivered once the retries reach it, across a
 * restart. Bounded: each server start takes a few seconds, the load runs for about a second.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const engine = pgUrl ? 'postgres' : 'pglite';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function storage(): { env: Record<string, string>; open: () => Promise<Database> } {
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    cleanups.push(() => dropSchema(pgUrl, schema));
    return { env: { TRK_PG_URL: pgUrl, TRK_PG_SCHEMA: schema }, open: () => openDatabase({ engine: 'postgres', url: pgUrl, schema, poolSize: 2 }) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'trk-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { env: { TRK_PGLITE_DIR: dir }, open: () => openDatabase({ engine: 'pglite', dataDir: dir }) };
}

interface Started { child: ChildProcess; port: number; code: string; secret: string }

function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'trackingProcess.ts')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  // A start opens the database and migrates it (on PGlite also in-process): a clean-clone CI run on a
  // busy machine once took more than 25 s. What is tested is what happens after the start.
  return firstJsonLine<Omit<Started, 'child'>>(child, 60_000).then((ready) => ({ child, ...ready }));
}

function get(port: number, urlPath: string, agent: http.Agent): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function withDatabase<T>(open: () => Promise<Database>, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

describe(`reliability of a real server process (${engine})`, () => {
  // One database for both tests: a server restart reopens it (creating a PGlite directory is the
  // slow part of a start).
  const store = storage();

  // On Postgres also with the click journal (tracking/journal.ts, as npm start runs there): the
  // clicks answered before the kill are in the journal's files, and the next start hands them over.
  for (const journal of pgUrl ? [false, true] : [false]) it(`loses no click answered with a 302 when killed with SIGKILL in the middle of a load${journal ? ', with the click journal' : ''}`, async () => {
    const journalEnv: Record<string, string> = {};
    if (journal) {
      const dir = mkdtempSync(path.join(tmpdir(), 'trk-journal-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      journalEnv.TRK_JOURNAL_DIR = dir;
    }
    const server = await startServer({ ...store.env, ...journalEnv });
    // The raw /go handler: malformed, tampered and random codes get the fallback page, not a crash.
    const probe = new http.Agent({ keepAlive: false });
    for (const bad of ['%E0%A4%A', `${server.code.slice(0, 21)}${server.code.endsWith('A') ? 'Q' : 'A'}`, 'x'.repeat(300), '']) {
      const res = await get(server.port, `/go/${bad}`, probe);
      expect(res.status, bad).toBe(200);
      expect(res.body).toContain('no longer available');
    }
    const answered: string[] = [];
    let failures = 0;
    let stop = false;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await get(server.port, `/go/${server.code}?sub1=w${n}-${i}`, agent);
          if (res.status === 302) answered.push(new URL(res.location!).searchParams.get('cid')!);
        } catch {
          failures++;
          return; // connection refused or reset: the server is gone
        }
      }
    };
    const load = Promise.all(Array.from({ length: 24 }, (_, n) => worker(n)));
    // Let the load run (at least 1.2 s and 150 answered clicks: a busy CI machine is slow to warm
    // up), then kill the process while batches are in flight.
    const started = Date.now();
    while ((Date.now() - started < 1200 || answered.length < 150) && Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    stop = true;
    await load;
    agent.destroy();
    expect(answered.length).toBeGreaterThan(100);
    expect(failures).toBeGreaterThan(0); // the kill did land in the middle of the load
    if (journal) {
      // The next process on the same journal takes over what the killed one left, and hands
      // everything to Postgres when it stops.
      const next = await startServer({ ...store.env, ...journalEnv });
      next.child.kill('SIGTERM');
      await exited(next.child);
      expect(next.child.exitCode).toBe(0);
      expect(readdirSync(journalEnv.TRK_JOURNAL_DIR, { recursive: true }).map(String).filter((f) => f.endsWith('.clicks'))).toEqual([]);
    }
    const stored = await withDatabase(store.open, async ({ db }) => {
      const keys = new Set<string>();
      for (let i = 0; i < answered.length; i += 1000) {
        const rows = await db.selectFrom('clicks').select('click_key').where('click_key', 'in', answered.slice(i, i + 1000)).execute();
        for (const r of rows) keys.add(r.click_key);
      }
      const rollup = await db.selectFrom('stats_daily').select((eb) => eb.fn.sum<number>('clicks').as('n')).executeTakeFirstOrThrow();
      const all = await db.selectFrom('clicks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return { keys, rollup: Number(rollup.n), all: Number(all.n) };
    });
    const lost = answered.filter((k) => !stored.keys.has(k));
    expect(lost).toEqual([]);
    // The rollup was written in the same transactions as the clicks.
    expect(stored.rollup).toBe(stored.all);
  }, 150_000);

  it('delivers a postback whose receiver fails three times, across a server restart', async () => {
    const receiver = await startReceiver(3);
    cleanups.push(() => receiver.close());
    const env = { ...store.env, TRK_POSTBACK_URL: `http://127.0.0.1:${receiver.port}/pb?c={click_id}&p={payout}`, TRK_RETRY_BASE_MS: '300' };
    const first = await startServer(env);
    const agent = new http.Agent({ keepAlive: false });
    const click = await get(first.port, `/go/${first.code}`, agent);
    const clickId = new URL(click.location!).searchParams.get('cid')!;
    const conv = await get(first.port, `/postback?click_id=${clickId}&txid=RS-1&secret=${first.secret}`, agent);
    expect(conv.status).toBe(200);
    // Wait for the first (failing) attempt, then kill the server before the retries.
    const until = async (cond: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => receiver.received.length >= 1, 5000);
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await exited(first.child);
    const second = await startServer(env);
    await until(() => receiver.received.length >= 4, 15_000);
    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(receiver.received.length).toBeGreaterThanOrEqual(4);
    expect(receiver.received[3].searchParams.get('c')).toBe(clickId);
    expect(receiver.received[3].searchParams.get('p')).toBe('10.00');
    const state = await withDatabase(store.open, async ({ db }) => {
      const delivery = await db.selectFrom('postback_deliveries').select(['id', 'status', 'attempts']).where('url', 'like', `%c=${clickId}%`).executeTakeFirstOrThrow();
      const attempts = await db.selectFrom('postback_attempts').select('status_code').where('delivery_id', '=', delivery.id).orderBy('id').execute();
      return { delivery, codes: attempts.map((a) => a.status_code) };
    });
    expect(state.delivery.status).toBe('delivered');
    expect(state.codes[state.codes.length - 1]).toBe(200);
    expect(state.codes.filter((c) => c === 200)).toHaveLength(1);
  }, 150_000);
});
