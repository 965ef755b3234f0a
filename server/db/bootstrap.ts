import type { Database } from './database';
import { countRows, isDemoSeeded, isNetworkEmpty, seedDemo, seedReference, type DemoOptions } from './demo/seed';
import { migrateToLatest } from './migrate';
import { sealPlainTotpSecrets } from '../modules/twoFactor/secrets';

export interface PrepareResult {
  migrations: string[];
  seededDemo: boolean;
  demoAvailable: boolean;
  rows?: Record<string, number>;
}

/**
 * Migrates, adds reference data, and fills an empty database with the demo network when allowed:
 * always for the embedded PGlite database, for a DATABASE_URL database only with `--demo`.
 */
export async function prepareDatabase(
  database: Database,
  options: { demo: boolean; demoOptions?: DemoOptions; log?: (message: string) => void; totpKey?: Buffer },
): Promise<PrepareResult> {
  const log = options.log ?? (() => {});
  const migrations = await migrateToLatest(database.db, { totpKey: options.totpKey });
  if (migrations.length) log(`applied migrations: ${migrations.join(', ')}`);
  await seedReference(database.db);
  const allowDemo = database.engine === 'pglite' || options.demo;
  let seededDemo = false;
  if (allowDemo && !(await isDemoSeeded(database.db)) && (await isNetworkEmpty(database.db))) {
    log('empty database: generating the demo network (first start only)...');
    const summary = await seedDemo(database.db, options.demoOptions);
    const total = Object.values(summary.rows).reduce((s, n) => s + n, 0);
    log(`demo network ready: ${total} rows in ${(summary.ms / 1000).toFixed(1)} s`);
    seededDemo = true;
  }
  // The demo seed writes its authenticator secret in plain text: sealed like every other.
  if (options.totpKey) await sealPlainTotpSecrets(database.db, options.totpKey);
  const demoAvailable = await isDemoSeeded(database.db);
  return { migrations, seededDemo, demoAvailable, rows: seededDemo ? await countRows(database.db) : undefined };
}
