import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config';

/**
 * One server process per core: `npm start` forks WEB_CONCURRENCY processes that share
 * the port (node:cluster). The processes hold no state of their own that matters: sessions, limits
 * and clicks live in the database, and each process's batches write rollup rows of its own shards.
 * The embedded PGlite database can be opened by one process only, so it always runs one.
 */
export function serverProcesses(
  config: Pick<Config, 'databaseUrl' | 'webConcurrency'>,
  cores: number = os.availableParallelism(),
): { count: number; note?: string } {
  if (!config.databaseUrl) {
    const note = config.webConcurrency && config.webConcurrency > 1
      ? `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded PGlite database can be opened by one process only (set DATABASE_URL for more)`
      : undefined;
    return { count: 1, note };
  }
  return { count: Math.max(1, config.webConcurrency ?? cores) };
}

/**
 * The environment variable by which the primary tells each server process it forks its index (0 to
 * count - 1; a process that replaces a dead one gets the dead one's): its rollup shards
 * (tracking/rollupShards.ts) are its own, so two processes' batches never wait for one row.
 */
export const PROCESS_INDEX_ENV = 'SERVER_PROCESS_INDEX';
/** How many server processes the primary runs (the click journal's first process takes over the directories of indexes beyond it). */
export const PROCESS_COUNT_ENV = 'SERVER_PROCESS_COUNT';

/** What a server process tells the primary once it listens. */
export const READY_MESSAGE = 'server-ready';

/** Tells the primary (if any) that this process listens. */
export function reportReady() {
  if (cluster.isWorker) process.send?.(READY_MESSAGE);
}

/**
 * The primary process: forks `count` server processes and waits until every one listens; a process
 * that dies later is replaced (after a second when it died young, so a crash loop does not spin);
 * SIGINT/SIGTERM are passed on as SIGTERM (each process stops gracefully: in-flight requests finish,
 * queued clicks are written) and the primary exits once all have exited, forcing them after
 * `forceAfterMs`, then runs `afterStop` (the click journals' last hand-over); with `relayHangup`, SIGHUP is passed on (HTTPS: reload the certificate). Resolves once all are ready; a process that fails before the first start ends all.
 */
export function supervise(
  count: number,
  say: (message: string) => void,
  forceAfterMs = 15_000,
  relayHangup = false,
  afterStop: () => Promise<void> = async () => undefined,
): Promise<void> {
  let closing = false;
  let started = false;
  /** When each process was forked, and its index (a replacement takes the index of the one it replaces). */
  const forked = new Map<Worker, { at: number; index: number }>();
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const fork = (index: number) => {
    const worker = cluster.fork({ [PROCESS_INDEX_ENV]: String(index), [PROCESS_COUNT_ENV]: String(count) });
    forked.set(worker, { at: Date.now(), index });
    return worker;
  };

  const stopAll = (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: stopping ${alive().length} server processes...`);
    for (const w of alive()) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      console.error('[server] server processes took too long to stop, killing them');
      for (const w of alive()) w.process.kill('SIGKILL');
      process.exit(1);
    }, forceAfterMs);
    force.unref();
    if (alive().length === 0) process.exit(0);
  };
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  // With HTTPS, SIGHUP tells every server process to read the certificate files again.
  if (relayHangup) process.on('SIGHUP', () => {
    for (const w of alive()) w.process.kill('SIGHUP');
  });

  return new Promise((resolve, reject) => {
    let ready = 0;
    cluster.on('message', (_worker, message) => {
      if (message !== READY_MESSAGE || started) return;
      if (++ready === count) {
        started = true;
        resolve();
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      const { at = 0, index = 0 } = forked.get(worker) ?? {};
      const age = Date.now() - at;
      forked.delete(worker);
      if (closing) {
        if (alive().length === 0) {
          afterStop().then(
            () => {
              say('stopped cleanly');
              process.exit(0);
            },
            (err: unknown) => {
              console.error('[server] error after the server processes stopped:', err instanceof Error ? err.message : err);
              process.exit(1);
            },
          );
        }
        return;
      }
      if (!started) {
        closing = true;
        for (const w of alive()) w.process.kill('SIGTERM');
        reject(new Error(`a server process exited during start (${signal ?? `code ${code}`})`));
        return;
      }
      say(`server process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
      setTimeout(() => {
        if (!closing) fork(index);
      }, age < 5000 ? 1000 : 0);
    });
    for (let i = 0; i < count; i++) fork(i);
  });
}
