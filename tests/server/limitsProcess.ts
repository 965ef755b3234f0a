/**
 * A real server process for tests/server/sharedLimits.test.ts: buildApp on a Postgres schema named
 * by the environment, behind a trusted proxy (the test picks client addresses with X-Forwarded-For),
 * with a small API limit and a one-minute first delay, so limits outlast a restart. Prints one JSON
 * line `{ "port" }` once it listens. Not a test file.
 *
 * env: LIM_PG_URL, LIM_PG_SCHEMA, LIM_API_RATE_LIMIT.
 */
import { parseTrustedProxies } from '../../server/lib/trustedProxies';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { TEST_SCRYPT } from '../../server/lib/crypto';

async function main() {
  const env = process.env;
  const database = await openDatabase({ engine: 'postgres', url: env.LIM_PG_URL!, schema: env.LIM_PG_SCHEMA, poolSize: 4 });
  await migrateToLatest(database.db);
  const app = await buildApp({
    db: database.db,
    engine: database.engine,
    passwordCost: TEST_SCRYPT,
    trustProxy: parseTrustedProxies('loopback'),
    apiRateLimit: Number(env.LIM_API_RATE_LIMIT ?? 20),
    loginLimits: { firstDelayMs: 60_000 },
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
