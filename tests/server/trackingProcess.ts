/**
 * A real server process for the reliability tests: the same buildApp, click batcher and postback
 * worker as server/index.ts, on a database named by the environment, listening on a free port.
 * Prints one JSON line `{ "port", "code", "secret" }` once it listens. Not a test file.
 *
 * env: TRK_PGLITE_DIR or TRK_PG_URL + TRK_PG_SCHEMA; TRK_JOURNAL_DIR (the click journal's directory); TRK_POSTBACK_URL (global postback of the
 * fixture affiliate); TRK_RETRY_BASE_MS.
 */
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createPostbackWorker } from '../../server/modules/postbacks/worker';
import { seedMinimalNetwork } from './trackingNetwork';

async function main() {
  const env = process.env;
  const database = env.TRK_PG_URL
    ? await openDatabase({ engine: 'postgres', url: env.TRK_PG_URL, schema: env.TRK_PG_SCHEMA, poolSize: 4 })
    : await openDatabase({ engine: 'pglite', dataDir: env.TRK_PGLITE_DIR });
  await migrateToLatest(database.db);
  const network = await seedMinimalNetwork(database.db, { postbackUrl: env.TRK_POSTBACK_URL });
  const worker = createPostbackWorker(database.db, {
    allowLoopback: true,
    pollMs: 50,
    timeoutMs: 1000,
    retryBaseMs: Number(env.TRK_RETRY_BASE_MS ?? 200),
    retryMaxMs: 2000,
  });
  const app = await buildApp({
    db: database.db,
    engine: database.engine,
    tracking: {
      baseUrl: 'http://127.0.0.1',
      onPostbackQueued: () => worker.kick(),
      // TRK_JOURNAL_DIR: clicks made durable by the click journal (Postgres), as npm start does there.
      clickJournal: env.TRK_JOURNAL_DIR ? { dir: env.TRK_JOURNAL_DIR, rotateMs: 200, maxBacklogBytes: 64 * 1024 * 1024, sync: 'segment', processCount: 1 } : null,
    },
  });
  const stop = async () => {
    await worker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  await app.listen({ port: 0, host: '127.0.0.1' });
  worker.start();
  const address = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port, code: network.code, secret: network.secret })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
