import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { MIGRATIONS_DIR, migrateToLatest, migrationsIn } from '../../server/db/migrate';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A migrations folder of the given files (name -> source). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  return dir;
}

const createTable = (table: string) => `
export async function up(db) { await db.schema.createTable('${table}').addColumn('id', 'integer').execute(); }
export async function down(db) { await db.schema.dropTable('${table}').execute(); }
`;

describe('migrations found from their folder (server/db/migrate.ts)', () => {
  it('holds every file of server/db/migrations, by its name without .ts, in the order of the names', async () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).sort();
    expect(Object.keys(await migrationsIn(MIGRATIONS_DIR))).toEqual(files);
    expect(files).toContain('0005_secrets_security');
  });

  it('applies a new file of the folder, in name order, and passes the options to a migration() export', async () => {
    const dir = folder({
      '0002_second.ts': createTable('second'),
      '0001_first.ts': createTable('first'),
      '0003_options.ts': `
export const migration = (options) => ({
  async up(db) { await db.schema.createTable('options_' + options.totpKey.toString('hex')).addColumn('id', 'integer').execute(); },
});
`,
      'notes.md': 'not a migration',
    });
    const database = await openDatabase({ engine: 'pglite' });
    try {
      const totpKey = Buffer.from([0xab]);
      expect(await migrateToLatest(database.db, { totpKey }, dir)).toEqual(['0001_first', '0002_second', '0003_options']);
      writeFileSync(path.join(dir, '0004_later.ts'), createTable('later'));
      expect(await migrateToLatest(database.db, { totpKey }, dir)).toEqual(['0004_later']);
      const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_name not like 'kysely%' order by table_name`.execute(database.db);
      expect(rows.map((r) => r.name)).toEqual(['first', 'later', 'options_ab', 'second']);
    } finally {
      await database.close();
    }
  });
});
