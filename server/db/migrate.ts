import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely';

/**
 * The migrations are the files of server/db/migrations, applied in the order of their names (the name
 * without `.ts` is the row kysely keeps per applied migration, so a file is never renamed). A file
 * exports `up` (and `down`), or, when it needs the options below, `migration(options)` returning them.
 */
export interface MigrateOptions {
  /** The key that seals TOTP secrets (config totpKey); needed only where plain secrets are stored. */
  totpKey?: Buffer;
}

/** What a file of the migrations folder exports. */
export interface MigrationModule extends Partial<Migration> {
  migration?: (options: MigrateOptions) => Migration;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Every migration of `dir` by name, in the order of the names (the server runs under tsx: plain imports). */
export async function migrationsIn(dir: string, options: MigrateOptions = {}): Promise<Record<string, Migration>> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_\w+\.ts$/.test(f)).sort();
  const migrations: Record<string, Migration> = {};
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as MigrationModule;
    const migration = mod.migration ? mod.migration(options) : mod;
    if (typeof migration.up !== 'function') throw new Error(`server/db/migrations/${file} exports neither up nor migration()`);
    migrations[file.replace(/\.ts$/, '')] = { up: migration.up, down: migration.down };
  }
  return migrations;
}

export async function migrateToLatest<T>(db: Kysely<T>, options: MigrateOptions = {}, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await migrationsIn(dir, options);
  // Name the schema: otherwise kysely may see another schema's migration tables on the same server.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
  });
  // kysely looks for its migration table by listing the tables of every schema on the server; a schema
  // dropped by someone else during that listing fails it ('schema "..." does not exist', 3F000: seen
  // when two test files, or a test and a server it started, share one Postgres). Nothing has been
  // changed then, so the listing is simply made again.
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrator.migrateToLatest();
    if (error && attempt < 4 && (error as { code?: string }).code === '3F000') continue;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}
