import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, openDatabase, type Database } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/db/demo/seed';
import { migrateToLatest } from '../../server/db/migrate';
import { totpCode } from '../../server/lib/totp';
import { insertAffiliate } from './helpers';
import { firstJsonLine } from './serverProcess';

/**
 * The sign-in limits and the API's request limits live in the database, so two server
 * processes on one Postgres share them and a restart keeps them. Two real processes
 * (tests/server/limitsProcess.ts) on one schema; failures on one count on the other, and after
 * both stop, a new process still refuses. Postgres only (PGlite cannot be shared by processes).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const API_LIMIT = 12;
const schema = `t_${randomBytes(6).toString('hex')}`;
const children: ChildProcess[] = [];
let database: Database | undefined;

interface Server { child: ChildProcess; port: number }

function start(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'limitsProcess.ts')], {
    env: { ...process.env, LIM_PG_URL: pgUrl, LIM_PG_SCHEMA: schema, LIM_API_RATE_LIMIT: String(API_LIMIT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return firstJsonLine<{ port: number }>(child, 30_000).then(({ port }) => ({ child, port }));
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  await exited;
}

async function call(server: Server, method: string, url: string, from: string, body?: object, token?: string) {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: { 'x-forwarded-for': from, ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-app-token': token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
}

const signIn = (s: Server, email: string, password: string, from: string) => call(s, 'POST', '/api/authenticationApp', from, { email, password });
const otp = (s: Server, token: string, code: string, from: string) => call(s, 'POST', '/api/authenticationApp/otpVerify', from, { inputCode: code }, token);
const wrongCode = () => totpCode(SECRET, new Date(Date.now() + 3_600_000));

beforeAll(async () => {
  if (!pgUrl) return;
  database = await openDatabase({ engine: 'postgres', url: pgUrl, schema, poolSize: 2 });
  await migrateToLatest(database.db);
  await insertAffiliate(database, { email: 'password@example.com', manager_id: null });
  await insertAffiliate(database, { email: 'authenticator@example.com', manager_id: null, otp_enabled: true, otp_secret: SECRET });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (!pgUrl) return;
  await database?.close();
  await dropSchema(pgUrl, schema);
});

describe.skipIf(!pgUrl)('limits shared by two server processes on one Postgres, kept across a restart', () => {
  it('counts failed passwords, wrong codes and API requests across processes and restarts', async () => {
    const [a, b] = await Promise.all([start(), start()]);

    // Failed passwords: 3 on one process and 2 on the other are the account's 5 from this address.
    for (const s of [a, b, a, b, a]) expect((await signIn(s, 'password@example.com', 'wrong-password!', '203.0.113.1')).status).toBe(400);
    for (const s of [a, b]) {
      const res = await signIn(s, 'password@example.com', DEMO_PASSWORD, '203.0.113.1');
      expect(res.status).toBe(429);
      expect(Number(res.retryAfter)).toBeGreaterThan(50);
    }

    // Wrong authenticator codes: per account, across half sign-ins and processes.
    const first = (await signIn(a, 'authenticator@example.com', DEMO_PASSWORD, '203.0.113.2')).body['mb-app-token'] as string;
    for (let i = 0; i < 3; i++) expect((await otp(a, first, wrongCode(), '203.0.113.2')).body).toEqual({ success: true, isCodeValid: false });
    const second = (await signIn(b, 'authenticator@example.com', DEMO_PASSWORD, '203.0.113.2')).body['mb-app-token'] as string;
    expect((await otp(b, second, wrongCode(), '203.0.113.2')).body).toEqual({ success: true, isCodeValid: false });
    const fifth = await otp(b, second, wrongCode(), '203.0.113.2');
    expect(fifth.status).toBe(429);
    expect(fifth.retryAfter).not.toBeNull();

    // API requests: one budget for both processes.
    const statuses: number[] = [];
    for (let i = 0; i < API_LIMIT + 2; i++) statuses.push((await call(i % 2 ? b : a, 'GET', '/api/application/verifyToken', '198.51.100.7')).status);
    expect(statuses).toEqual([...Array(API_LIMIT).fill(401), 429, 429]);

    // Both stop; a new process still refuses all three.
    await Promise.all([stop(a), stop(b)]);
    const c = await start();
    const password = await signIn(c, 'password@example.com', DEMO_PASSWORD, '203.0.113.1');
    expect(password.status).toBe(429);
    expect(Number(password.retryAfter)).toBeGreaterThan(0);
    const third = (await signIn(c, 'authenticator@example.com', DEMO_PASSWORD, '203.0.113.2')).body['mb-app-token'] as string;
    const code = await otp(c, third, totpCode(SECRET, new Date()), '203.0.113.2');
    expect(code.status).toBe(429);
    const api = await call(c, 'GET', '/api/application/verifyToken', '198.51.100.7');
    expect(api.status).toBe(429);
    expect(Number(api.retryAfter)).toBeGreaterThan(0);
    await stop(c);
  }, 120_000);
});
