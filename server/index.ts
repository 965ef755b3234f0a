import { buildApp } from './app';
import { buildPortalIfNeeded } from './build';
import { loadConfig, pgliteDir, type Config } from './config';
import { prepareDatabase } from './db/bootstrap';
import { openDatabase } from './db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo/seed';
import { createMessenger } from './lib/messenger';
import { createPostbackWorker } from './modules/postbacks/worker';
import { serverLoggerOptions } from './modules/tracking/logging';

/**
 * `npm start`: config, portal build when needed, database (PGlite in ./data unless DATABASE_URL),
 * migrations, demo network on first start, listen; SIGINT/SIGTERM finish in-flight requests and
 * close the database.
 */
async function main(config: Config) {
  const started = Date.now();
  const say = (message: string) => console.log(`[server] ${message}`);
  const root = process.cwd();

  if (config.buildIfNeeded) await buildPortalIfNeeded(root, config.distDir, say);

  const database = await openDatabase(
    config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'pglite', dataDir: pgliteDir(config) },
  );
  say(`database: ${database.location}`);
  const prepared = await prepareDatabase(database, {
    demo: config.demo,
    demoOptions: { campaigns: config.demoCampaigns, timeZone: config.reportTimeZone },
    log: say,
  });

  // Affiliate postbacks: the outbox worker, woken after each conversion that queued one.
  const postbackWorker = createPostbackWorker(database.db, {
    ...config.postbacks,
    log: (message, extra) => app.log.info(extra ?? {}, message),
  });
  const app = await buildApp({
    db: database.db,
    engine: database.engine,
    reportTimeZone: config.reportTimeZone,
    productName: config.productName,
    postbackPolicy: { allowLoopback: config.postbacks.allowLoopback },
    messenger: createMessenger({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    tracking: { ...config.tracking, onPostbackQueued: () => postbackWorker.kick() },
    distDir: config.distDir,
    trustProxy: config.trustProxy,
    // Never log tokens, passwords, cookies, nor the advertiser's postback secret in a URL.
    logger: serverLoggerOptions(config.logLevel),
  });

  // Housekeeping: forget sign-in attempts older than a day, hourly.
  const prune = setInterval(() => {
    database.db
      .deleteFrom('login_attempts')
      .where('created_at', '<', new Date(Date.now() - 86_400_000))
      .execute()
      .catch((err: unknown) => app.log.warn({ err }, 'pruning login attempts failed'));
  }, 3600_000);
  prune.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: finishing in-flight requests...`);
    const force = setTimeout(() => {
      console.error('[server] shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      clearInterval(prune);
      await postbackWorker.stop();
      // Also writes the clicks still waiting for their group-commit batch.
      await app.close();
      await database.close();
      say('stopped cleanly');
      process.exit(0);
    } catch (err) {
      console.error('[server] error while stopping', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  postbackWorker.start();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  say(`portal:  http://${shownHost}:${config.port}/`);
  say(`API:     http://${shownHost}:${config.port}/api  (OpenAPI: /api/openapi.json)`);
  if (prepared.demoAvailable) say(`demo sign-in: ${DEMO_ACCOUNTS.demo} / ${DEMO_PASSWORD}`);
}

let config: Config | undefined;
try {
  config = loadConfig();
} catch (err) {
  console.error('[server] configuration:', err instanceof Error ? err.message : err);
  process.exit(1);
}
main(config).catch((err: unknown) => {
  console.error('[server] failed to start:', err instanceof Error ? err.message : err);
  if (config?.logLevel === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
