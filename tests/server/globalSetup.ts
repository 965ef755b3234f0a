import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabaseFromTemplate, dropDatabase, listDatabases, openDatabase } from '../../server/db/database';
import { seedDemo } from '../../server/db/demo/seed';
import { migrateToLatest } from '../../server/db/migrate';
import { SMALL_DEMO } from './demoOptions';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server project on Postgres: the run's template databases (migrated, and seeded with the small demo), or null on PGlite. */
    pgTemplates: { migrated: string; demo: string } | null;
  }
}

/**
 * Every test file starts from a migrated database, most from one seeded with the small demo. Migrating
 * and seeding in every file cost ~4 s a file on PGlite (initdb, migrations, seed) and ~1.2 s on
 * Postgres (migrations, one file at a time under the schema lock, then the seed). Here it is done once
 * per run, and each file gets its own copy, so files stay independent of each other:
 * - PGlite: the two states are dumped; each file loads a copy of a dump (~1.3 s).
 * - Postgres: the two states are template databases; each file gets a database of its own made with
 *   `CREATE DATABASE ... TEMPLATE` (~40 ms), dropped at the end of the file (tests/server/helpers.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteSnapshots', '');
    return postgresTemplates(project, url);
  }
  project.provide('pgTemplates', null);
  const dir = mkdtempSync(join(tmpdir(), 'pglite-snapshots-'));
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await migrateToLatest(database.db);
    writeFileSync(join(dir, 'migrated.tar'), Buffer.from(await (await database.dump!()).arrayBuffer()));
    await seedDemo(database.db, SMALL_DEMO);
    writeFileSync(join(dir, 'demo.tar'), Buffer.from(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshots', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Test databases are named `t_<unix seconds>_<random>`: a run's own, and leftovers of a crashed run told by age. */
export const TEST_DATABASE_PREFIX = 't_';
export function testDatabaseName(suffix = '') {
  return `${TEST_DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString('hex')}${suffix}`;
}

/** Databases of runs that ended without their teardown (killed), after a day: never another live run's. */
async function dropLeftovers(url: string) {
  const dayAgo = Date.now() / 1000 - 86_400;
  for (const name of await listDatabases(url, TEST_DATABASE_PREFIX)) {
    const made = /^t_(\d{10})_[0-9a-f]{10}(_migrated|_demo)?$/.exec(name);
    if (made && Number(made[1]) < dayAgo) await dropDatabase(url, name);
  }
}

async function postgresTemplates(project: TestProject, url: string) {
  await dropLeftovers(url);
  const base = testDatabaseName();
  const migrated = `${base}_migrated`;
  const demo = `${base}_demo`;
  const drop = async () => {
    await dropDatabase(url, demo);
    await dropDatabase(url, migrated);
  };
  try {
    let database = await openDatabase({ engine: 'postgres', url: await createDatabaseFromTemplate(url, migrated), poolSize: 4 });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    database = await openDatabase({ engine: 'postgres', url: await createDatabaseFromTemplate(url, demo, migrated), poolSize: 4 });
    try {
      await seedDemo(database.db, SMALL_DEMO);
    } finally {
      await database.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  project.provide('pgTemplates', { migrated, demo });
  return drop;
}
