import { EASTERN_TIME_ZONE } from '../../../src/shared/dates';
import type { TrustedProxies } from '../../lib/trustedProxies';
import type { JournalSync } from './journal';
import { DEFAULT_LINK_CACHE_ENTRIES } from './linkCache';

/** Knobs of the tracking engine (server/config.ts reads them from the environment; tests set them). */
export interface TrackingOptions {
  /** Public base of tracking links, without a trailing slash: links are `${baseUrl}/go/{code}`. */
  baseUrl: string;
  /** Where paused, expired, unknown or filtered clicks go; null: a built-in "offer unavailable" page. */
  fallbackUrl: string | null;
  /** Lower-case name of a header a trusted proxy sets to the visitor's ISO country (e.g. cf-ipcountry). */
  countryHeader: string | null;
  /** How long a resolved tracking link is used from memory before it is loaded again in the background (ms); 0 disables the cache (linkCache.ts). */
  linkCacheMs: number;
  /** How often the click redirect reads which daily caps are reached (ms; caps.ts CapGate). */
  capCheckMs: number;
  /** Most tracking links a process keeps in memory (the least recently clicked are dropped first). */
  linkCacheEntries: number;
  /** Group commit: most clicks per batch, longest wait for a batch to fill (ms), batches in flight. */
  clickBatchMax: number;
  clickBatchDelayMs: number;
  clickBatchConcurrency: number;
  /** Group commit of conversions: most per batch (their delay and batches in flight are the clicks'). */
  conversionBatchMax: number;
  /** Most clicks waiting for a batch; beyond it a click is answered 503 at once. 0: 10 x clickBatchMax. */
  clickQueueMax: number;
  /** The reverse proxies whose X-Forwarded-For is believed (the API's TRUST_PROXY); undefined: none. */
  trustProxy: TrustedProxies | undefined;
  /** IANA zone of report days (the app's REPORT_TIME_ZONE): rollup rows are per day in this zone. */
  timeZone: string;
  /**
   * Which of the server processes this is (0 when alone; server/cluster.ts gives each one it forks
   * its own): its click and conversion batches write rollup rows of its own shards (rollupShards.ts).
   */
  processIndex: number;
  /**
   * The click journal (tracking/journal.ts): clicks are made durable in a local file and Postgres
   * takes them a few times a second. null: each batch is committed to the database before its
   * answers (PGlite always; Postgres with CLICK_JOURNAL=off).
   */
  clickJournal: ClickJournalSettings | null;
  /** Called after a conversion that queued a postback commits (wakes the outbox worker). */
  onPostbackQueued?: () => void;
}

export const DEFAULT_TRACKING: TrackingOptions = {
  baseUrl: 'http://localhost:8080',
  fallbackUrl: null,
  countryHeader: null,
  linkCacheMs: 5000,
  capCheckMs: 5000,
  linkCacheEntries: DEFAULT_LINK_CACHE_ENTRIES,
  clickBatchMax: 500,
  clickBatchDelayMs: 1,
  clickBatchConcurrency: 1,
  clickQueueMax: 0,
  conversionBatchMax: 200,
  trustProxy: undefined,
  timeZone: EASTERN_TIME_ZONE,
  processIndex: 0,
  clickJournal: null,
};

export interface ClickJournalSettings {
  /** Root directory (CLICK_JOURNAL_DIR, default DATA_DIR/click-journal); each process writes its own sub-directory. */
  dir: string;
  /** How long a segment stays open before Postgres takes it (CLICK_JOURNAL_ROTATE_MS, default 200). */
  rotateMs: number;
  /** Bytes waiting for Postgres beyond which clicks are answered 503 (CLICK_JOURNAL_MAX_MB, default 1024). */
  maxBacklogBytes: number;
  /** When lines reach the disk (CLICK_JOURNAL_SYNC): when their segment closes (default) or before their clicks are answered. */
  sync: JournalSync;
  /** How many server processes run. */
  processCount: number;
}
