import { CompiledQuery, type Kysely } from 'kysely';
import { pgPoolOf } from '../../db/database';
import type { DB } from '../../db/schema';

/**
 * Runs one of the tracking engine's hot statements (click batch, conversion batch). On a Postgres
 * pool it is a named statement: Postgres parses and plans its text once per connection, and each
 * batch sends only its parameters. In a transaction (the demo seed) or on PGlite the same text goes
 * through Kysely. `name` must be unique to `text`.
 */
export async function queryNamed<R>(db: Kysely<DB>, name: string, text: string, values: unknown[]): Promise<R[]> {
  const pool = pgPoolOf(db);
  if (pool) return (await pool.query<R & object>({ name, text, values })).rows;
  return (await db.executeQuery<R>(CompiledQuery.raw(text, values))).rows;
}

/** Runs one named statement on a connection of the caller's (a transaction's: caps.ts). */
export type NamedRun = <R>(name: string, text: string, values: unknown[]) => Promise<R[]>;
