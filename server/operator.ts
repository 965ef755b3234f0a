import { randomBytes } from 'node:crypto';
import { loadConfig, pgliteDir, totpKey } from './config';
import { prepareDatabase } from './db/bootstrap';
import { openDatabase } from './db/database';
import { upsertOperator } from './modules/operator/service';

/**
 * `npm run operator -- create EMAIL`: makes an admin operator account (or, for an existing one, sets a
 * new password, the admin role and a fresh authenticator set-up, ending its sessions) and prints a
 * generated password, shown once. With `--password-stdin` the password is read from standard input
 * instead (at least 12 characters). The first sign-in sets up the authenticator app; further
 * operators are invited by an admin (docs/operators.md).
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
    const done = await upsertOperator(database.db, email, password, { resetAuthenticator: true });
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
