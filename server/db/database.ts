import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pgliteDialect';
import type { DB } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, for logs (never includes a password). */
  location: string;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tar (loaded back with `loadDataDir`). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | {
      engine: 'pglite';
      dataDir?: string;
      /** Start from a dump of another PGlite (`dumpDataDir`): the tests' snapshots of a migrated, seeded database. */
      loadDataDir?: Blob;
    }
  | {
      engine: 'postgres';
      url: string;
      schema?: string;
      poolSize?: number;
      /** A connection failed outside any query (Postgres restarted, a backend was terminated); default: a warning on stderr. */
      onConnectionError?: (err: Error) => void;
    };

// Both engines read numeric and int8 as numbers and `date` as 'YYYY-MM-DD' (the API's format),
// so queries behave the same whatever the engine. Money fits easily in a double here.
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
const toNumber = (value: string) => Number(value);
const asIs = (value: string) => value;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'pglite') {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const pglite = new PGlite({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      // Campaign search (migration 0007): trigram index and accent-free matching.
      extensions: { pg_trgm, unaccent },
      parsers: { [OID.INT8]: toNumber, [OID.NUMERIC]: toNumber, [OID.DATE]: asIs },
    });
    await pglite.waitReady;
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: 'pglite',
      location: options.dataDir ? `PGlite in ${options.dataDir}` : 'PGlite in memory',
      dump: () => pglite.dumpDataDir('none'),
      close: async () => {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      },
    };
  }

  if (options.schema) await ensureSchema(options.url, options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A server that does not answer (a network partition, a failover in progress) fails the query
    // after 5 s, answered 503, instead of holding the request without end.
    connectionTimeoutMillis: 5000,
    options: options.schema ? `-c search_path=${checkIdent(options.schema)}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID.INT8 || oid === OID.NUMERIC) return toNumber;
        if (oid === OID.DATE) return asIs;
        return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  keepUpThroughOutages(pool, options.onConnectionError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return {
    db,
    engine: 'postgres',
    location: `Postgres ${redactUrl(options.url)}${options.schema ? ` schema ${options.schema}` : ''}`,
    close: () => db.destroy(),
  };
}

/**
 * A Postgres restart, a failover or a terminated backend ends connections, and node-postgres reports
 * that as an 'error' event on the pool (idle clients) or on the client (one checked out): without a
 * listener the event would end the process. Both are listened to here; the broken client is dropped
 * by the pool, and the query that was using it fails on its own (answered 503).
 */
function keepUpThroughOutages(pool: pg.Pool, onError: (err: Error) => void = warnConnectionError) {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
}

let lastWarning = 0;
function warnConnectionError(err: Error) {
  // One line per second at most: an outage ends every connection at once.
  if (Date.now() - lastWarning < 1000) return;
  lastWarning = Date.now();
  console.warn(`[database] a Postgres connection failed (${err.message}); the pool makes a new one when needed`);
}

/** The pg pool behind a Postgres Kysely (hot paths that send named, prepared statements: the click batch). */
const pools = new WeakMap<Kysely<DB>, pg.Pool>();
/** The pg pool of `db` when it is a Postgres database opened by openDatabase (not a transaction, not PGlite). */
export function pgPoolOf(db: Kysely<DB>): pg.Pool | undefined {
  return pools.get(db);
}

async function ensureSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${quoteIdent(schema)}`);
  } finally {
    await client.end();
  }
}

/**
 * Parallel test files each make and drop their own schema on one Postgres server. kysely's migrator
 * scans the catalog of every schema (`has_schema_privilege` on each name), and a schema dropped by
 * another file in the middle of that scan fails it ('schema "t_..." does not exist'). Drops and the
 * test helpers' migrations therefore take this advisory lock, so they never overlap.
 */
const SCHEMA_LOCK = 724_011;

export async function withSchemaLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** Drops a schema made by openDatabase({ schema }) (tests), under the schema lock. */
export async function dropSchema(url: string, schema: string) {
  await withSchemaLock(url, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
    } finally {
      await client.end();
    }
  });
}

/**
 * Tests on Postgres (tests/server/globalSetup.ts, helpers.ts): each test file gets a database of its
 * own, copied from a database migrated (and seeded) once per run. `CREATE DATABASE ... TEMPLATE` copies
 * it in ~40 ms where migrating and seeding a fresh schema took ~1.2 s (and migrations waited on each
 * other under the schema lock). Answers the new database's URL. The template must have no connections.
 */
export async function createDatabaseFromTemplate(url: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ''}`);
  } finally {
    await client.end();
  }
  return databaseUrl(url, name);
}

/**
 * Drops a database made by createDatabaseFromTemplate. A closed pool's connections may still be on
 * their way out: Postgres waits up to 5 s for them. Only a connection still open after that (a leak)
 * is ended (`force`), since ending one that is closing makes its client throw.
 */
export async function dropDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${quoteIdent(name)}`).catch(async (err: { code?: string }) => {
      // 55006: the database is being accessed by other users.
      if (err.code !== '55006') throw err;
      await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    });
  } finally {
    await client.end();
  }
}

/** The names of the databases on the server of `url` that start with `prefix` (tests: leftovers of a crashed run). */
export async function listDatabases(url: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${checkIdent(name)}`;
  return parsed.toString();
}

function checkIdent(name: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}

function quoteIdent(name: string) {
  return `"${checkIdent(name)}"`;
}

export function redactUrl(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}
