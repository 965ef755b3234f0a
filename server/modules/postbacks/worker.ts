import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { safeGet, SsrfError } from '../../lib/ssrf';

/**
 * The outbox worker of affiliate postbacks: claims due deliveries (FOR UPDATE SKIP LOCKED, so
 * several server processes share the work), fires them with a time limit through the SSRF guard,
 * records every attempt, and retries failures with exponential backoff and jitter for up to
 * `maxAgeMs` after the conversion. A claim is a lease (next_attempt_at moved ahead), so a delivery
 * claimed by a process that dies is picked up again: at-least-once, surviving restarts.
 */
export interface PostbackWorkerOptions {
  pollMs: number;
  batchSize: number;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAgeMs: number;
  allowLoopback: boolean;
  now?: () => Date;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

const DEFAULT_POSTBACK_WORKER: PostbackWorkerOptions = {
  pollMs: 1000,
  batchSize: 20,
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  retryMaxMs: 3600_000,
  maxAgeMs: 24 * 3600_000,
  allowLoopback: false,
};

/** Delay before retry number `attempt` (1-based): base * 2^(attempt-1), capped, with equal jitter. */
export function backoffMs(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const exp = Math.min(max, base * 2 ** Math.min(30, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

export interface PostbackWorker {
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
  /** Runs a round now (after a conversion commits). */
  kick(): void;
  /** One round: claims and fires what is due; returns how many were attempted. */
  runOnce(): Promise<number>;
}

interface AttemptRecord {
  id: number;
  at: Date;
  statusCode: number | null;
  latency: number;
  error: string;
  status: string;
  deliveredAt: Date | null;
  nextAt: Date;
}

/** Delivery attempts in one statement (atomic): their postback_attempts rows and their deliveries' new state. */
async function writeAttempts(db: Kysely<DB>, rows: AttemptRecord[]): Promise<void> {
  const iso = (d: Date | null) => (d === null ? null : d.toISOString());
  await sql`
    with attempts as (
      insert into postback_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
      select * from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => iso(r.at))}::timestamptz[],
                           ${rows.map((r) => r.statusCode)}::int[], ${rows.map((r) => r.latency)}::int[], ${rows.map((r) => r.error)}::text[])
      returning 1
    )
    update postback_deliveries d
    set status = u.status, last_error = u.error, delivered_at = u.delivered_at, next_attempt_at = u.next_at
    from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.error)}::text[],
                ${rows.map((r) => iso(r.deliveredAt))}::timestamptz[], ${rows.map((r) => iso(r.nextAt))}::timestamptz[])
      as u(id, status, error, delivered_at, next_at)
    -- A delivery cancelled while its attempt was in flight (its conversion reversed) stays cancelled unless it got through.
    where d.id = u.id and (d.status <> 'cancelled' or u.status = 'delivered')`.execute(db);
}

export function createPostbackWorker(db: Kysely<DB>, options: Partial<PostbackWorkerOptions> = {}): PostbackWorker {
  const o = { ...DEFAULT_POSTBACK_WORKER, ...options };
  const now = o.now ?? (() => new Date());
  const log = o.log ?? (() => {});
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  // Attempts that finish close together are recorded together: one statement (the attempts rows and
  // the deliveries' new state) per flush, one flush in flight, instead of a transaction per attempt
  // competing with conversion intake for the pool under load.
  let recording: AttemptRecord[] = [];
  let flushing: Promise<void> | null = null;
  let waiters: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  function recordAttempt(r: AttemptRecord): Promise<void> {
    recording.push(r);
    const done = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    if (!flushing) flushing = flushAttempts();
    return done;
  }
  async function flushAttempts(): Promise<void> {
    while (recording.length > 0) {
      // Let the attempts that end in the same turn of the event loop join this flush.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = recording;
      const settle = waiters;
      recording = [];
      waiters = [];
      try {
        await writeAttempts(db, batch);
        for (const w of settle) w.resolve();
      } catch (err) {
        for (const w of settle) w.reject(err);
      }
    }
    flushing = null;
  }

  async function attempt(d: { id: number; url: string; attempts: number; created_at: Date; is_test: boolean }) {
    const started = Date.now();
    let statusCode: number | null = null;
    let error = '';
    let permanent = false;
    try {
      const res = await safeGet(d.url, { timeoutMs: o.timeoutMs, allowLoopback: o.allowLoopback, maxRedirects: 3 });
      statusCode = res.status;
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      permanent = err instanceof SsrfError;
    }
    const latency = Date.now() - started;
    const at = now();
    const delivered = error === '';
    const nextAt = new Date(at.getTime() + backoffMs(d.attempts, o.retryBaseMs, o.retryMaxMs));
    const expired = nextAt.getTime() - new Date(d.created_at).getTime() > o.maxAgeMs;
    // A test postback is tried once: the affiliate is watching for its answer, and a failing test
    // should not keep firing.
    const status = delivered ? 'delivered' : permanent || expired || d.is_test ? 'failed' : 'pending';
    await recordAttempt({ id: d.id, at, statusCode, latency, error: error.slice(0, 500), status, deliveredAt: delivered ? at : null, nextAt: status === 'pending' ? nextAt : at });
    log(delivered ? 'postback delivered' : `postback attempt failed (${status})`, { delivery: d.id, status_code: statusCode, latency_ms: latency, error });
  }

  async function round(): Promise<number> {
    const at = now();
    // The lease: a claimed delivery is not due again until the attempt had time to finish.
    const lease = new Date(at.getTime() + o.timeoutMs + 1000);
    // Deliveries older than maxAgeMs (after downtime, say) are not tried any more: failed.
    const oldest = new Date(at.getTime() - o.maxAgeMs);
    await sql`
      update postback_deliveries
      set status = 'failed', next_attempt_at = ${at}, last_error = ${`expired: not delivered within ${+(o.maxAgeMs / 3600_000).toFixed(2)} hours of the conversion`}
      where status = 'pending' and next_attempt_at <= ${at} and created_at < ${oldest}`.execute(db);
    const { rows } = await sql<{ id: number; url: string; attempts: number; created_at: Date; is_test: boolean }>`
      update postback_deliveries set attempts = attempts + 1, next_attempt_at = ${lease}
      where id in (
        select id from postback_deliveries
        where status = 'pending' and next_attempt_at <= ${at} and created_at >= ${oldest}
        order by next_attempt_at limit ${o.batchSize}
        for update skip locked)
      returning id, url, attempts, created_at, is_test`.execute(db);
    await Promise.all(rows.map((d) => attempt({ ...d, id: Number(d.id), attempts: Number(d.attempts) })));
    return rows.length;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => {
        log('postback round failed', { error: err instanceof Error ? err.message : String(err) });
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function loop() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(loop);
    }, o.pollMs);
    timer.unref?.();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
    kick() {
      if (!stopped) void runOnce();
    },
    runOnce,
  };
}
