import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_two_factor';
import * as m0003 from './migrations/0003_tracking';
import * as m0004 from './migrations/0004_dashboard';
import { secretsMigration } from './migrations/0005_secrets_security';
import * as m0006 from './migrations/0006_limits_security';
import * as m0007 from './migrations/0007_search';
import * as m0009 from './migrations/0009_postback_log';
import * as m0010 from './migrations/0010_access_requests';
import * as m0011 from './migrations/0011_report_buckets';
import * as m0012 from './migrations/0012_settings_window';
import * as m0013 from './migrations/0013_paychange';
import * as m0015 from './migrations/0015_recovery';
import * as m0016 from './migrations/0016_registration';
import * as m0017 from './migrations/0017_maxmoney';
import * as m0018 from './migrations/0018_referrals';
import * as m0019 from './migrations/0019_rollup_shards';
import * as m0020 from './migrations/0020_click_journal';

export interface MigrateOptions {
  /** The key that seals TOTP secrets (config totpKey); needed only where plain secrets are stored. */
  totpKey?: Buffer;
}

/** Migrations in order; new files are added here (a static list works the same under tsx and bundlers). */
const migrationsFor = (options: MigrateOptions): Record<string, Migration> => ({
  '0001_initial': m0001,
  '0002_two_factor': m0002,
  '0003_tracking': m0003,
  '0004_dashboard': m0004,
  '0005_secrets_security': secretsMigration(options.totpKey),
  '0006_limits_security': m0006,
  '0007_search': m0007,
  '0009_postback_log': m0009,
  '0010_access_requests': m0010,
  '0011_report_buckets': m0011,
  '0012_settings_window': m0012,
  '0013_paychange': m0013,
  '0015_recovery': m0015,
  '0016_registration': m0016,
  '0017_maxmoney': m0017,
  '0018_referrals': m0018,
  '0019_rollup_shards': m0019,
  '0020_click_journal': m0020,
});

export async function migrateToLatest<T>(db: Kysely<T>, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = migrationsFor(options);
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
