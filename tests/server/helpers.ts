import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import type { Insertable } from 'kysely';
import { buildApp, type AppDeps } from '../../server/app';
import { createDatabaseFromTemplate, dropDatabase, dropSchema, openDatabase, withSchemaLock, type Database } from '../../server/db/database';
import { testDatabaseName } from './globalSetup';
import { DEMO_PASSWORD, seedDemo, type DemoOptions } from '../../server/db/demo/seed';
import { SMALL_DEMO } from './demoOptions';
import { migrateToLatest } from '../../server/db/migrate';
import { hashPassword, TEST_SCRYPT } from '../../server/lib/crypto';
import type { Messenger, OutgoingMessage } from '../../server/lib/messenger';
import { rebuildRollups } from '../../server/db/rollups';
import type { DB } from '../../server/db/schema';

/** TEST_DATABASE_URL set: a Postgres database of our own per test file; otherwise PGlite in memory. */
export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase extends Database {
  /** Closes the connection and, on Postgres, drops the file's database (or schema). */
  dispose(): Promise<void>;
}

/** The run's PGlite dump (tests/server/globalSetup.ts), as a blob to load, or null (Postgres, or run without it). */
function pgliteDump(kind: 'migrated' | 'demo'): Blob | null {
  const dir = process.env.TEST_DATABASE_URL ? '' : inject('pgliteSnapshots');
  return dir ? new Blob([readFileSync(join(dir, `${kind}.tar`))]) : null;
}

/** `seeded`: start from the small demo network (SMALL_DEMO) already in place, when a snapshot has it. */
export async function openTestDatabase(seeded = false): Promise<TestDatabase & { seeded: boolean }> {
  const url = process.env.TEST_DATABASE_URL;
  const dump = url ? null : pgliteDump(seeded ? 'demo' : 'migrated');
  if (dump) {
    const database = await openDatabase({ engine: 'pglite', loadDataDir: dump });
    return { ...database, dispose: () => database.close(), seeded };
  }
  const templates = url ? inject('pgTemplates') : null;
  if (url && templates) {
    // A copy of the run's template database (tests/server/globalSetup.ts), dropped by dispose.
    const name = testDatabaseName();
    const database = await openDatabase({
      engine: 'postgres',
      url: await createDatabaseFromTemplate(url, name, seeded ? templates.demo : templates.migrated),
      poolSize: 4,
    });
    const dispose = async () => {
      await database.close();
      await dropDatabase(url, name);
    };
    return { ...database, dispose, seeded };
  }
  let database: Database;
  let dispose: () => Promise<void>;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    database = await openDatabase({ engine: 'postgres', url, schema, poolSize: 4 });
    dispose = async () => {
      await database.close();
      await dropSchema(url, schema);
    };
  } else {
    database = await openDatabase({ engine: 'pglite' });
    dispose = () => database.close();
  }
  try {
    // On Postgres, never while another file drops its schema (server/db/database.ts withSchemaLock).
    if (url) await withSchemaLock(url, () => migrateToLatest(database.db));
    else await migrateToLatest(database.db);
  } catch (err) {
    await dispose();
    throw err;
  }
  return { ...database, dispose, seeded: false };
}

export { SMALL_DEMO };

export interface TestContext {
  database: TestDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** One seeded database and app per test file. */
export async function setupTestApp(deps: Partial<AppDeps> = {}, demo: DemoOptions | false = SMALL_DEMO): Promise<TestContext> {
  const database = await openTestDatabase(demo === SMALL_DEMO);
  if (demo && !database.seeded) await seedDemo(database.db, demo);
  const app = await buildApp({ db: database.db, engine: database.engine, passwordCost: TEST_SCRYPT, ...deps });
  await app.ready();
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD, remoteAddress?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/authenticationApp', payload: { email, password }, remoteAddress });
  return { res, body: res.json() as Record<string, unknown> };
}

export async function tokenFor(app: FastifyInstance, email: string): Promise<string> {
  const { res, body } = await signIn(app, email);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return body['mb-app-token'] as string;
}

export function withToken(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, 'x-app-token': token } };
}

/** Row counts of the tables a request could touch, to prove a failed request changed nothing. */
export async function snapshot(database: Database): Promise<Record<string, number>> {
  const tables = ['sessions', 'login_attempts', 'page_views', 'affiliates', 'bookmarks', 'postbacks'] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await database.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  const touched = await database.db
    .selectFrom('affiliates')
    .select((eb) => eb.fn.max('updated_at').as('u'))
    .executeTakeFirstOrThrow();
  const lastLogin = await database.db
    .selectFrom('affiliates')
    .select((eb) => eb.fn.count('last_login_at').as('n'))
    .executeTakeFirstOrThrow();
  out.affiliates_updated = new Date(touched.u as Date).getTime();
  out.affiliates_logged_in = Number(lastLogin.n);
  return out;
}

/**
 * A sign-in-able affiliate of the test's own making (password DEMO_PASSWORD, cheap hash), with
 * everything on file unless `values` says otherwise. Answers its id.
 */
export async function insertAffiliate(
  database: Database,
  values: Partial<Insertable<DB['affiliates']>> & { email: string },
): Promise<number> {
  const row = await database.db
    .insertInto('affiliates')
    .values({
      password_hash: await hashPassword(DEMO_PASSWORD, TEST_SCRYPT),
      first_name: 'Test',
      last_name: 'Affiliate',
      mobile_phone: '+1 (555) 555-0100',
      login_o: 123,
      payment_platform: 'Tipalti',
      payment_method: 'ACH',
      manager_id: 1,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts conversions of an affiliate (approved unless stated) and rebuilds its report rollup. */
export async function insertConversions(
  database: Database,
  affiliateId: number,
  rows: Array<{ at: string | Date; payout: number; status?: 'approved' | 'pending' | 'rejected' | 'reversed'; campaignId?: number }>,
): Promise<void> {
  if (rows.length > 0) {
    await database.db
      .insertInto('conversions')
      .values(rows.map((r) => ({
        affiliate_id: affiliateId,
        campaign_id: r.campaignId ?? 1001,
        status: r.status ?? 'approved',
        rate_type: 'F' as const,
        payout: r.payout,
        converted_at: new Date(r.at),
      })))
      .execute();
  }
  await rebuildRollups(database.db, affiliateId);
}

/**
 * A messenger that keeps what it sends in `sent` (to read codes and links) and writes the outbox row
 * as the real one does, in the caller's transaction.
 */
export function recordingMessenger(): { messenger: Messenger; sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  const messenger: Messenger = {
    queue: async (db, m) => {
      sent.push(m);
      await db.insertInto('outbox_messages').values({ channel: m.channel, recipient: m.recipient, subject: m.subject ?? '', body: m.body, sent_at: null, error: null }).execute();
    },
  };
  return { messenger, sent };
}

/** A file part of a multipart body. */
export type UploadFile = { bytes: Buffer; name: string; type: string };

/** A multipart body as a browser sends it (the platform's FormData and Request make the bytes), for `app.inject`. */
export async function multipartBody(fields: Record<string, string>, files: Record<string, UploadFile | undefined> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) if (f) form.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}
