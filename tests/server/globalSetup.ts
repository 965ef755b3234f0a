import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { seedDemo } from '../../server/db/demo/seed';
import { migrateToLatest } from '../../server/db/migrate';
import { SMALL_DEMO } from './demoOptions';

/**
 * On PGlite, every test file used to start an empty database (initdb, ~2.7 s), migrate it and seed
 * the small demo (~1.3 s): about 4 s per file, 40 files. Here it is done once per run and dumped;
 * each file loads its own copy of the dump (~1.3 s), so files stay independent of each other.
 * Postgres keeps a schema per file (its set-up is already cheap).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshots', '');
    return;
  }
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
