import cluster from 'node:cluster';
import { buildApp } from './app';
import { buildPortalIfNeeded } from './build';
import { reportReady, serverProcesses, supervise } from './cluster';
import { captchaKey, loadConfig, pgliteDir, totpKey, type Config } from './config';
import { prepareDatabase } from './db/bootstrap';
import { openDatabase, pgPoolOf, type Database } from './db/database';
import { foldRollupShards } from './db/rollups';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo/seed';
import { createMessenger } from './lib/messenger';
import { upsertOperator } from './modules/access/operator';
import { createPostbackWorker } from './modules/postbacks/worker';
import { drainClickJournals } from './modules/tracking/journal';
import { memoryFilesystemOf } from './lib/memoryFilesystem';
import { createFileStore } from './lib/storage/config';
import { serverLoggerOptions } from './modules/tracking/logging';
import { startMoneyJobs } from './jobs';
import { certificateNote, readTls, reloadTls, type TlsPair } from './lib/tls';

/**
 * `npm start`: config, portal build when needed, database (PGlite in ./data unless DATABASE_URL),
 * migrations, demo network on first start, listen; SIGINT/SIGTERM finish in-flight requests, write
 * the clicks still queued and close the database. On Postgres it runs WEB_CONCURRENCY server
 * processes (default: one per core; server/cluster.ts): the primary prepares the database and
 * supervises, each forked process serves.
 */
type Say = (message: string) => void;

function open(config: Config) {
  return openDatabase(config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'pglite', dataDir: pgliteDir(config) });
}

/**
 * A directory on tmpfs or ramfs (a container's /tmp, /dev/shm, a RAM disk) loses what it holds when the
 * machine restarts: said at every start, for each place the server keeps something that must last.
 */
function warnMemoryFilesystems(config: Config, say: Say) {
  const kept = [
    config.databaseUrl ? '' : 'the embedded database',
    config.totpSecretKey ? '' : 'the key of the TOTP secrets (TOTP_SECRET_KEY unset)',
    config.captchaHmacKey ? '' : 'the captcha key (ALTCHA_HMAC_KEY unset)',
  ].filter(Boolean);
  const places: Array<[string, string, string]> = [['UPLOAD_DIR', config.uploadDir, `the uploaded ad-placement images${config.fileStore.kind === 'disk' ? ' and campaign material' : ''}`]];
  if (kept.length > 0) places.unshift(['DATA_DIR', config.dataDir, kept.join(', ')]);
  const journal = config.tracking.clickJournal;
  if (journal) places.push(['CLICK_JOURNAL_DIR', journal.dir, 'the clicks answered but not yet in Postgres (normally the last fraction of a second; all of them while Postgres is unreachable)']);
  for (const [setting, dir, what] of places) {
    const memory = memoryFilesystemOf(dir);
    if (memory) say(`warning: ${setting} (${dir}) is on ${memory}, kept in memory: ${what} will be lost when the machine restarts. Set ${setting} to a directory on a disk`);
  }
}

/** Once per start, before any process serves: portal build, migrations, reference and demo data. */
async function prepare(config: Config, say: Say) {
  if (config.buildIfNeeded) await buildPortalIfNeeded(process.cwd(), config.distDir, say);
  const database = await open(config);
  say(`database: ${database.location}`);
  say(`files: ${createFileStore(config.fileStore).description}`);
  const totpSecretKey = totpKey(config, say);
  captchaKey(config, say); // made once here, before several processes read it
  const prepared = await prepareDatabase(database, {
    totpKey: totpSecretKey,
    demo: config.demo,
    demoOptions: { campaigns: config.demoCampaigns, timeZone: config.reportTimeZone },
    log: say,
  });
  warnMemoryFilesystems(config, say);
  const operator = config.access.bootstrapOperator;
  if (operator) say(`operator ${operator.email}: ${await upsertOperator(database.db, operator.email, operator.password)} (OPERATOR_EMAIL)`);
  else if (!(await database.db.selectFrom('operators').select('id').limit(1).executeTakeFirst())) {
    say('no operator account yet: create the first with `npm run operator -- create you@example.com` (it prints the password once), or set OPERATOR_EMAIL and OPERATOR_PASSWORD');
  }
  return { database, totpSecretKey, demoAvailable: prepared.demoAvailable };
}

/**
 * After every server process has stopped: what a click journal still holds goes to Postgres (a
 * process replaced just before the stop may not have opened its journal; tracking/journal.ts).
 */
async function drainJournals(config: Config, say: Say) {
  const settings = config.tracking.clickJournal;
  if (!settings) return;
  const database = await open(config);
  try {
    const pool = pgPoolOf(database.db);
    const log = { warn: (obj: object, msg: string) => console.warn(`[server] ${msg}`, obj), error: (obj: object, msg: string) => console.error(`[server] ${msg}`, obj) };
    const clicks = pool ? await drainClickJournals(pool, settings.dir, log) : 0;
    if (clicks > 0) say(`click journal: ${clicks} clicks left by a stopped process handed to Postgres`);
  } finally {
    await database.close();
  }
}

/** One serving process: the app on the shared port, the postback worker, graceful shutdown. */
async function serve(config: Config, database: Database, totpSecretKey: Buffer, say: Say, tls: TlsPair | undefined) {
  // Affiliate postbacks: the outbox worker, woken after each conversion that queued one. Every
  // process runs one; they share the outbox through SKIP LOCKED claims.
  const postbackWorker = createPostbackWorker(database.db, {
    ...config.postbacks,
    log: (message, extra) => app.log.info(extra ?? {}, message),
  });
  const app = await buildApp({
    db: database.db,
    engine: database.engine,
    reportTimeZone: config.reportTimeZone,
    productName: config.productName,
    leadPixels: config.leadPixels,
    maxmoney: config.maxmoney,
    postbackPolicy: { allowLoopback: config.postbacks.allowLoopback },
    messenger: createMessenger({ smtpUrl: config.smtpUrl, from: config.mailFrom, sms: config.sms, db: database.db }),
    tracking: { ...config.tracking, onPostbackQueued: () => postbackWorker.kick() },
    distDir: config.distDir,
    trustProxy: config.trustProxy,
    operatorAllowFrom: config.operatorAllowFrom,
    tls,
    loginLimits: { countryCheck: config.countryCheck },
    totpKey: totpSecretKey,
    captchaKey: captchaKey(config),
    creativeBaseUrl: config.creativeBaseUrl,
    access: { ...config.access, uploadDir: config.uploadDir },
    files: createFileStore(config.fileStore),
    paychange: config.paychange,
    // Never log tokens, passwords, cookies, nor the advertiser's postback secret in a URL.
    logger: serverLoggerOptions(config.logLevel),
  });

  const stopMoneyJobs = startMoneyJobs(database.db, (err) => app.log.error({ err }, 'a money job failed (it runs again within the hour)'));

  // Housekeeping, hourly: forget sign-in attempts older than a day; the first server process also
  // folds the rollup shards of the days before yesterday into one row per key (db/rollups.ts).
  const foldShards = () => {
    if (config.tracking.processIndex !== 0) return;
    foldRollupShards(database.db, new Date(Date.now() - 2 * 86_400_000))
      .catch((err: unknown) => app.log.warn({ err }, 'folding rollup shards failed (it runs again within the hour)'));
  };
  foldShards();
  const prune = setInterval(() => {
    database.db
      .deleteFrom('login_attempts')
      .where('created_at', '<', new Date(Date.now() - 86_400_000))
      .execute()
      .catch((err: unknown) => app.log.warn({ err }, 'pruning login attempts failed'));
    foldShards();
  }, 3600_000);
  prune.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) say(`${signal}: finishing in-flight requests...`);
    const force = setTimeout(() => {
      console.error(`[server] process ${process.pid}: shutdown took longer than 10 s, exiting`);
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      clearInterval(prune);
      stopMoneyJobs();
      await postbackWorker.stop();
      // Also writes the clicks and conversions still waiting for their group-commit batch.
      await app.close();
      await database.close();
      if (!cluster.isWorker) say('stopped cleanly');
      process.exit(0);
    } catch (err) {
      console.error(`[server] process ${process.pid}: error while stopping`, err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The primary is gone (killed): stop too rather than serve unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone'));

  // SIGHUP: read the certificate files again (a renewed certificate, no restart; server/lib/tls.ts).
  const tlsFiles = config.tls;
  if (tlsFiles) {
    process.on('SIGHUP', () => {
      try {
        const note = certificateNote(reloadTls(app.server, tlsFiles).cert);
        say(`process ${process.pid}: certificate reloaded from ${tlsFiles.certFile} (${note.message})`);
      } catch (err) {
        console.error(`[server] process ${process.pid}: certificate not reloaded, the old one stays:`, err instanceof Error ? err.message : err);
      }
    });
  }

  await app.listen({
    port: config.port,
    host: config.host,
    // Fastify names the scheme from its own https option, which the server factory (server/lib/tls.ts) replaces.
    listenTextResolver: (address) => `Server listening at ${tlsFiles ? address.replace(/^http:/, 'https:') : address}`,
  });
  postbackWorker.start();
  reportReady();
}

function sayReady(config: Config, started: number, demoAvailable: boolean, processes: number, say: Say) {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s${processes > 1 ? ` (${processes} server processes)` : ''}`);
  const scheme = config.tls ? 'https' : 'http';
  say(`portal:  ${scheme}://${shownHost}:${config.port}/${config.tls ? '  (HTTPS with HTTP/2)' : ''}`);
  say(`API:     ${scheme}://${shownHost}:${config.port}/api  (OpenAPI: /api/openapi.json)`);
  if (demoAvailable) say(`demo sign-in: ${DEMO_ACCOUNTS.demo} / ${DEMO_PASSWORD}`);
  if (!config.hostFromEnv && config.host === '127.0.0.1') {
    say(`listening on 127.0.0.1 only: ${demoAvailable ? "the demo network's passwords and authenticator secret are published, so " : ''}other machines cannot reach it. Set HOST=0.0.0.0 to serve them`);
  }
  if (config.trustProxy) say(`X-Forwarded-For believed from: ${config.trustProxy.text} (TRUST_PROXY)`);
  if (config.operatorAllowFrom) say(`operator API answers from: ${config.operatorAllowFrom.text} (OPERATOR_ALLOW_FROM)`);
}

async function main(config: Config) {
  const started = Date.now();
  const say: Say = (message) => console.log(`[server] ${message}`);
  if (cluster.isWorker) {
    const database = await open(config);
    return serve(config, database, totpKey(config), say, config.tls ? readTls(config.tls) : undefined);
  }
  const processes = serverProcesses(config);
  if (processes.note) say(processes.note);
  // Unreadable or mismatched certificate files stop the start here, before anything else runs.
  const tls = config.tls ? readTls(config.tls) : undefined;
  if (tls) {
    const note = certificateNote(tls.cert);
    (note.warn ? console.warn : console.log)(`[server] ${note.message}`);
  }
  const { database, totpSecretKey, demoAvailable } = await prepare(config, say);
  if (processes.count === 1) {
    await serve(config, database, totpSecretKey, say, tls);
  } else {
    await database.close();
    await supervise(processes.count, say, undefined, Boolean(config.tls), () => drainJournals(config, say));
  }
  sayReady(config, started, demoAvailable, processes.count, say);
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
