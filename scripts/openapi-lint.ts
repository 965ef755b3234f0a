// Lints the OpenAPI document the server answers at /api/openapi.json with Redocly CLI (rules in
// redocly.yaml). The app is built in this process on an in-memory PGlite database, beside a stand-in
// portal build (index.html and one asset) so that the document is generated as a server with the
// portal serves it; the document is written to a temporary file and linted there.
// Exits with Redocly's status: non-zero when the document has errors.
//   node --import tsx scripts/openapi-lint.ts
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { TEST_SCRYPT } from '../server/lib/crypto';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));

async function writeDocument(file: string): Promise<{ paths: number; operations: number }> {
  const distDir = path.join(work, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body></body></html>');
  writeFileSync(path.join(distDir, 'assets', 'index-stand-in.js'), 'export {};\n');

  const database = await openDatabase({ engine: 'pglite' });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ db: database.db, engine: database.engine, passwordCost: TEST_SCRYPT, distDir });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const items = Object.values(doc.paths);
      return { paths: items.length, operations: items.reduce((n, item) => n + Object.keys(item).length, 0) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

let status = 1;
try {
  const file = path.join(work, 'openapi.json');
  const { paths, operations } = await writeDocument(file);
  console.log(`openapi: ${paths} paths, ${operations} operations`);
  const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const lint = spawnSync(process.execPath, [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--max-problems', '1000'], {
    cwd: root,
    stdio: 'inherit',
    // No telemetry and no update check: the lint must not reach out to the network.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (lint.error) throw lint.error;
  status = lint.status ?? 1;
} catch (err) {
  console.error(err);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
