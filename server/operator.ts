import { randomBytes } from 'node:crypto';
import { loadConfig, pgliteDir, totpKey } from './config';
import { prepareDatabase } from './db/bootstrap';
import { openDatabase } from './db/database';
import { upsertOperator } from './modules/access/operator';

/**
 * `npm run operator -- create EMAIL`: makes a network operator account (or sets a new password for
 * an existing one, ending its sessions) and prints a generated password, shown once. With
 * `--password-stdin` the password is read from standard input instead (at least 12 characters).
 * Operators use the operator API (docs/campaigns.md "Access requests").
 *
 * The embedded database (PGlite) is one process's at a time: stop `npm start` first, or set
 * OPERATOR_EMAIL and OPERATOR_PASSWORD, which make the account when the server starts. On Postgres
 * (DATABASE_URL) it runs beside the server.
 */
const usage = 'usage: npm run operator -- create EMAIL [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return r.ok;
  } catch {
    return false;
  }
}

async function main() {
  const [command, email] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (command !== 'create' || !email) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.databaseUrl && (await serverAnswers(config.port))) {
    console.error(
      `[operator] the product is running on port ${config.port} with its embedded database, which one process uses at a time: stop it first, or set OPERATOR_EMAIL and OPERATOR_PASSWORD and restart it.`,
    );
    process.exit(1);
  }
  const fromStdin = process.argv.includes('--password-stdin');
  const password = fromStdin ? await readStdin() : randomBytes(18).toString('base64url');
  const database = await openDatabase(config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'pglite', dataDir: pgliteDir(config) });
  try {
    await prepareDatabase(database, { totpKey: totpKey(config, () => {}), demo: false, log: () => {} });
    const done = await upsertOperator(database.db, email, password);
    console.log(`[operator] ${done === 'created' ? 'created' : 'new password for'} ${email.trim().toLowerCase()}`);
    if (!fromStdin) console.log(`[operator] password (shown once): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`[operator] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
