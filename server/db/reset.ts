import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { loadConfig, pgliteDir } from '../config';
import { prepareDatabase } from './bootstrap';
import { openDatabase } from './database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed';

/**
 * `npm run db:reset`: rebuilds the database from scratch and regenerates the demo network.
 * Embedded: deletes DATA_DIR's database. DATABASE_URL: drops and recreates the public schema's
 * tables and deletes the click journal's waiting segments (CLICK_JOURNAL_DIR), and refuses unless
 * `--demo` or `--yes` is given (it destroys data).
 */
async function main() {
  const config = loadConfig();
  const say = (m: string) => console.log(`[db:reset] ${m}`);
  const started = Date.now();
  if (config.databaseUrl) {
    if (!config.demo && !process.argv.includes('--yes')) {
      console.error('[db:reset] DATABASE_URL is set: this would delete every table there. Add --yes (empty) or --demo (with the demo network).');
      process.exit(2);
    }
    const database = await openDatabase({ engine: 'postgres', url: config.databaseUrl });
    await sql`drop schema if exists public cascade`.execute(database.db);
    // Clicks answered before the reset and still waiting in this machine's click journal belong to
    // the dropped database: they must not go into the new one.
    const journal = config.tracking.clickJournal;
    if (journal) {
      rmSync(journal.dir, { recursive: true, force: true });
      say(`removed the click journal ${journal.dir}`);
    }
    await sql`create schema public`.execute(database.db);
    await prepareDatabase(database, { demo: config.demo, demoOptions: { campaigns: config.demoCampaigns }, log: say });
    await database.close();
  } else {
    rmSync(pgliteDir(config), { recursive: true, force: true });
    say(`removed ${pgliteDir(config)}`);
    const database = await openDatabase({ engine: 'pglite', dataDir: pgliteDir(config) });
    await prepareDatabase(database, { demo: true, demoOptions: { campaigns: config.demoCampaigns }, log: say });
    await database.close();
    say(`demo sign-in: ${DEMO_ACCOUNTS.demo} / ${DEMO_PASSWORD}`);
  }
  say(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error('[db:reset] failed:', err);
  process.exit(1);
});
