import { randomBytes, randomFillSync } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { pgPoolOf } from '../../db/database';
import { CLICK_COLUMNS, CLICK_COLUMN_LIST, ROLLUP_DIMS } from './clickColumns';
import { ClickJournal, consoleLog, type JournalLog } from './journal';
import { LinkCache } from './linkCache';
import { queryNamed } from './prepared';
import type { DB } from '../../db/schema';
import { fillMacros, encodeForUrl, stripMacros, type MacroValues } from './macros';
import { dayInZoneByMinute } from '../../../src/shared/dates';
import type { ClickJournalSettings, TrackingOptions } from './options';
import { rollupShardsOf, type RollupShards } from './rollupShards';

/**
 * The click redirect (GET /go/{code}): resolve the link, apply the campaign's rules, record the
 * click through the group-commit batcher, and only then answer 302 to one of the campaign's own
 * landing pages (or the fallback). Transport-neutral: the Fastify route and the raw fast path both
 * call handleClick().
 */

/** Codes and click ids: 128 random bits, base64url (22 characters). */
export function newOpaqueId(): string {
  return randomBytes(16).toString('base64url');
}

// Click ids come from a pool of random bytes refilled 4 KiB at a time (the same CSPRNG; one
// system call per 256 clicks instead of one per click). Each id's bytes are used once.
const POOL = Buffer.allocUnsafe(4096);
let poolAt = POOL.length;
function newClickId(): string {
  if (poolAt + 16 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  poolAt += 16;
  return POOL.toString('base64url', poolAt - 16, poolAt);
}
const CODE_SHAPE = /^[A-Za-z0-9_-]{16,43}$/;

interface LandingPage { id: number; url: string; is_default: boolean }
export interface ResolvedLink {
  id: number;
  affiliate_id: number;
  campaign_id: number;
  traffic_type: string;
  creative_id: number | null;
  landing_page_id: number | null;
  subs: [string, string, string, string, string];
  /** A search-safe link (docs/tracking.md "Search-safe links"). */
  safesearch: boolean;
  campaign_status: string;
  expiry_date: string | null;
  geo_filtering: boolean;
  os_filtering: boolean;
  desktop_traffic: boolean;
  mobile_traffic: boolean;
  affiliate_status: string;
  access_status: string | null;
  landing_pages: LandingPage[];
  countries: string[];
  os_list: string[];
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** One round trip: the link with everything the rules need. */
export async function loadLink(db: Kysely<DB>, code: string): Promise<ResolvedLink | null> {
  const { rows } = await sql<Record<string, unknown>>`
    select l.id, l.affiliate_id, l.campaign_id, l.traffic_type, l.creative_id, l.landing_page_id, l.safesearch,
           l.sub1, l.sub2, l.sub3, l.sub4, l.sub5,
           c.status as campaign_status, c.expiry_date, c.geo_filtering, c.os_filtering, c.desktop_traffic, c.mobile_traffic,
           a.status as affiliate_status, ca.status as access_status,
           (select json_agg(json_build_object('id', lp.id, 'url', lp.url, 'is_default', lp.is_default) order by lp.id)
              from landing_pages lp where lp.campaign_id = c.id and lp.status = 'active') as landing_pages,
           (select json_agg(cc.country_code) from campaign_countries cc where cc.campaign_id = c.id) as countries,
           (select json_agg(co.os) from campaign_os co where co.campaign_id = c.id) as os_list
    from tracking_links l
    join campaigns c on c.id = l.campaign_id
    join affiliates a on a.id = l.affiliate_id
    left join campaign_access ca on ca.affiliate_id = l.affiliate_id and ca.campaign_id = l.campaign_id
    where l.code = ${code}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    affiliate_id: Number(r.affiliate_id),
    campaign_id: Number(r.campaign_id),
    traffic_type: String(r.traffic_type),
    creative_id: r.creative_id === null ? null : Number(r.creative_id),
    landing_page_id: r.landing_page_id === null ? null : Number(r.landing_page_id),
    subs: [r.sub1, r.sub2, r.sub3, r.sub4, r.sub5].map(String) as ResolvedLink['subs'],
    safesearch: Boolean(r.safesearch),
    campaign_status: String(r.campaign_status),
    expiry_date: r.expiry_date === null ? null : String(r.expiry_date),
    geo_filtering: Boolean(r.geo_filtering),
    os_filtering: Boolean(r.os_filtering),
    desktop_traffic: Boolean(r.desktop_traffic),
    mobile_traffic: Boolean(r.mobile_traffic),
    affiliate_status: String(r.affiliate_status),
    access_status: r.access_status === null ? null : String(r.access_status),
    landing_pages: parseJson<LandingPage[]>(r.landing_pages, []),
    countries: parseJson<string[]>(r.countries, []).map((c) => c.trim().toUpperCase()),
    os_list: parseJson<string[]>(r.os_list, []),
  };
}

interface UserAgentInfo { device: string; os: string; browser: string }
const NO_USER_AGENT: UserAgentInfo = { device: '', os: '', browser: '' };
// Most clicks come from a few thousand browser versions: their parse is remembered.
const userAgents = new Map<string, UserAgentInfo>();

/** parseUserAgent, remembered for the last few thousand distinct User-Agents. */
function userAgentInfo(ua: string): UserAgentInfo {
  if (ua.length > 512) return parseUserAgent(ua);
  let info = userAgents.get(ua);
  if (!info) {
    info = parseUserAgent(ua);
    if (userAgents.size >= 5000) userAgents.clear();
    userAgents.set(ua, info);
  }
  return info;
}

/** Device, OS and browser from a User-Agent (coarse: what the campaign rules and reports need). */
export function parseUserAgent(ua: string): UserAgentInfo {
  if (!ua) return NO_USER_AGENT;
  const os = /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Android/.test(ua) ? 'Android'
    : /Windows/.test(ua) ? 'Windows'
    : /Macintosh|Mac OS X/.test(ua) ? 'macOS'
    : /Linux|CrOS/.test(ua) ? 'Linux' : '';
  const device = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) ? 'Tablet'
    : /Mobi|iPhone|iPod|Android/.test(ua) ? 'Mobile' : 'Desktop';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Other';
  return { device, os, browser };
}

export interface ClickRequest {
  code: string;
  /** HEAD: answer what GET would, but record nothing (link checkers, prefetchers). */
  head?: boolean;
  query: URLSearchParams;
  ip: string;
  userAgent: string;
  referrer: string;
  country: string;
}

export type ClickOutcome =
  | { kind: 'redirect'; location: string; clickId: string; campaignId: number; recorded: boolean; safe: boolean }
  | { kind: 'fallback'; reason: string }
  /** The click could not be recorded (database down): nothing was answered as a 302. */
  | { kind: 'unavailable' };

/** Picks the landing page: the link's, else the campaign's default, else its first active one. */
function pickLandingPage(link: ResolvedLink): LandingPage | null {
  const pages = link.landing_pages;
  return pages.find((p) => p.id === link.landing_page_id) ?? pages.find((p) => p.is_default) ?? pages[0] ?? null;
}

/**
 * Fills the landing page's macros (adding click_id when the page has no {click_id}); refuses a result whose origin differs from the page's own
 * (a sub ID can never move the redirect to another host: no open redirect).
 */
export function landingUrl(template: string, values: MacroValues): string | null {
  const own = templateOf(template);
  if (!own) return null;
  try {
    const filled = new URL(fillMacros(template, values, encodeForUrl));
    if (filled.protocol !== 'http:' && filled.protocol !== 'https:') return null;
    if (filled.origin !== own.origin || filled.username || filled.password) return null;
    // The advertiser needs the click id for its postback: a page that does not place it with
    // {click_id} gets it as a click_id query parameter.
    if (values.click_id !== undefined && !own.placesClickId) filled.searchParams.set('click_id', String(values.click_id));
    return filled.toString();
  } catch {
    return null;
  }
}

/** What a landing page template's own URL is (its origin, whether it places {click_id}), parsed once per template. */
const templates = new Map<string, { origin: string; placesClickId: boolean } | null>();
function templateOf(template: string) {
  let own = templates.get(template);
  if (own === undefined) {
    try {
      own = { origin: new URL(stripMacros(template)).origin, placesClickId: /\{click_id\}/i.test(template) };
    } catch {
      own = null;
    }
    if (templates.size >= 10_000) templates.clear();
    templates.set(template, own);
  }
  return own;
}

/** C0 control characters and DEL (a NUL cannot be stored in a Postgres text column at all). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
/** A UTF-16 surrogate without its pair (not valid in JSON text Postgres parses). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value from the visitor (sub ID, referrer, user agent, IP) made storable: control characters
 * removed, lone surrogates replaced, and cut to at most `max` code points (never inside a
 * surrogate pair, so an emoji is kept whole or dropped whole).
 */
export function cleanText(value: string, max: number): string {
  let s = value.replace(CONTROL_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
  if (s.length > max) s = Array.from(s).slice(0, max).join('');
  return s;
}

export interface ClickEngine {
  handle(req: ClickRequest): Promise<ClickOutcome>;
  batcher: ClickBatcher;
}

export function createClickEngine(db: Kysely<DB>, options: TrackingOptions, now: () => Date = () => new Date(), log: JournalLog = consoleLog): ClickEngine {
  const cache = new LinkCache(options.linkCacheMs, loadLink, options.linkCacheEntries);
  const batcher = new ClickBatcher(db, { ...options, log });
  return {
    batcher,
    async handle(req) {
      if (!CODE_SHAPE.test(req.code)) return { kind: 'fallback', reason: 'malformed code' };
      const link = await cache.get(db, req.code);
      if (!link) return { kind: 'fallback', reason: 'unknown code' };
      const at = now();
      if (link.campaign_status !== 'active') return { kind: 'fallback', reason: `campaign ${link.campaign_status}` };
      if (link.expiry_date !== null && link.expiry_date < clickDay(at, options.timeZone)) return { kind: 'fallback', reason: 'campaign expired' };
      if (link.affiliate_status !== 'active' || link.access_status !== 'Approved') return { kind: 'fallback', reason: 'affiliate not approved' };
      const country = req.country.trim().toUpperCase().slice(0, 2);
      if (link.geo_filtering && link.countries.length > 0 && options.countryHeader) {
        if (!link.countries.includes(country)) return { kind: 'fallback', reason: `country ${country || 'unknown'} not allowed` };
      }
      const ua = userAgentInfo(req.userAgent);
      if (ua.device === 'Desktop' && !link.desktop_traffic) return { kind: 'fallback', reason: 'desktop traffic not allowed' };
      if ((ua.device === 'Mobile' || ua.device === 'Tablet') && !link.mobile_traffic) return { kind: 'fallback', reason: 'mobile traffic not allowed' };
      if (link.os_filtering && link.os_list.length > 0 && ua.os && !link.os_list.includes(ua.os)) {
        return { kind: 'fallback', reason: `OS ${ua.os} not allowed` };
      }
      const page = pickLandingPage(link);
      if (!page) return { kind: 'fallback', reason: 'no landing page' };
      const subs = link.subs.map((stored, i) => {
        const given = req.query.get(`sub${i + 1}`);
        const clean = given === null ? '' : cleanText(given, 255);
        return clean !== '' ? clean : stored;
      });
      const clickId = newClickId();
      const values: MacroValues = {
        click_id: clickId, affiliate_id: link.affiliate_id, campaign_id: link.campaign_id,
        // A search-safe link does not tell the landing page it came from search traffic.
        creative_id: link.creative_id ?? 0, landing_page_id: page.id, traffic_type: link.safesearch ? '' : link.traffic_type,
        sub1: subs[0], sub2: subs[1], sub3: subs[2], sub4: subs[3], sub5: subs[4],
      };
      const location = landingUrl(page.url, values);
      if (!location) return { kind: 'fallback', reason: 'landing page URL refused' };
      const safe = link.safesearch;
      if (req.head) return { kind: 'redirect', location, clickId, campaignId: link.campaign_id, recorded: false, safe };
      try {
        await batcher.record({
          click_key: clickId, affiliate_id: link.affiliate_id, campaign_id: link.campaign_id, tracking_link_id: link.id,
          creative_id: link.creative_id ?? 0, landing_page_id: page.id, sub1: subs[0], sub2: subs[1], sub3: subs[2],
          sub4: subs[3], sub5: subs[4], ip: cleanText(req.ip, 64), country_code: cleanText(country, 2), device: ua.device, os: ua.os,
          browser: ua.browser, referrer: cleanText(req.referrer, 500), user_agent: cleanText(req.userAgent, 500),
          traffic_type: link.traffic_type, clicked_at: at,
        });
      } catch {
        return { kind: 'unavailable' };
      }
      return { kind: 'redirect', location, clickId, campaignId: link.campaign_id, recorded: true, safe };
    },
  };
}

/** A click to write, with its explicit time (the live engine's `now()`, or a demo history's). */
export type ClickRow = Insertable<DB['clicks']> & { clicked_at: Date };

/** The click queue is full (the database is not keeping up): the click is answered 503. */
export class ClickQueueFullError extends Error {
  constructor() {
    super('click queue is full');
    this.name = 'ClickQueueFullError';
  }
}
interface Pending { row: ClickRow; resolve: () => void; reject: (err: unknown) => void }

/**
 * Group commit: clicks queue here and are written in one transaction per batch (the clicks and
 * their stats_daily increments together); each click's promise settles only after its batch
 * commits, so a 302 is never sent for a click that is not durable. A batch is flushed when it is
 * full, after `clickBatchDelayMs`, or right after the previous batch commits (clicks that arrived
 * meanwhile go together), with at most `clickBatchConcurrency` batches in flight.
 */
export class ClickBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private idle: Array<() => void> = [];
  /** Counters for benchmarks and tests. */
  readonly stats = { batches: 0, clicks: 0, failures: 0, refused: 0 };

  private readonly shards: RollupShards;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: Pick<TrackingOptions, 'clickBatchMax' | 'clickBatchDelayMs' | 'clickBatchConcurrency' | 'timeZone'> & {
      clickQueueMax?: number;
      processIndex?: number;
      clickJournal?: ClickJournalSettings | null;
      log?: JournalLog;
    },
  ) {
    this.shards = rollupShardsOf(options.processIndex);
    const pool = options.clickJournal ? pgPoolOf(db) : undefined;
    if (options.clickJournal && pool) {
      // The journal's ingests write rollup rows of a shard of their own, held for the process's life.
      this.journal = new ClickJournal(pool, {
        ...options.clickJournal, processIndex: options.processIndex ?? 0, shard: this.shards.acquire(), log: options.log ?? consoleLog,
      });
    }
  }

  /** The click journal, when clicks are made durable by it (Postgres, CLICK_JOURNAL not off). */
  readonly journal: ClickJournal | null = null;
  private opened: Promise<void> | null = null;

  /** Opens the journal (takes over what an earlier process left); a no-op without one. */
  start(): Promise<void> {
    this.opened ??= this.journal ? this.journal.open() : Promise.resolve();
    return this.opened;
  }

  private queueMax(): number {
    return this.options.clickQueueMax && this.options.clickQueueMax > 0 ? this.options.clickQueueMax : 10 * this.options.clickBatchMax;
  }

  record(row: ClickRow): Promise<void> {
    if (this.closed) return Promise.reject(new Error('click recorder is closed'));
    // Back-pressure: a database that cannot keep up answers 503 at once instead of queueing
    // clicks (and their sockets) without bound.
    if (this.queue.length >= this.queueMax()) {
      this.stats.refused++;
      return Promise.reject(new ClickQueueFullError());
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.queue.length >= this.options.clickBatchMax) return this.flush();
    if (!this.timer && this.inFlight < Math.max(1, this.options.clickBatchConcurrency)) {
      this.timer = setTimeout(() => this.flush(), this.options.clickBatchDelayMs);
    }
  }

  private flush() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0 && this.inFlight < Math.max(1, this.options.clickBatchConcurrency)) {
      const batch = this.queue.splice(0, this.options.clickBatchMax);
      this.inFlight++;
      if (this.journal) {
        this.appendToJournal(this.journal, batch);
        continue;
      }
      // The batch's own rollup rows while it is in flight: it never waits for another batch's lock.
      const shard = this.shards.acquire();
      writeClicks(this.db, batch.map((p) => p.row), this.options.timeZone, shard).then(
        () => {
          this.stats.batches++;
          this.stats.clicks += batch.length;
          for (const p of batch) p.resolve();
        },
        async (err: unknown) => {
          this.stats.failures++;
          if (batch.length === 1) return batch[0].reject(err);
          // One bad row must not fail the others: write the batch's rows one by one (one
          // statement each, so each row commits or fails alone).
          for (const p of batch) {
            try {
              await writeClicks(this.db, [p.row], this.options.timeZone, shard);
              this.stats.clicks++;
              p.resolve();
            } catch (rowErr) {
              p.reject(rowErr);
            }
          }
        },
      ).finally(() => {
        this.shards.release(shard);
        this.inFlight--;
        if (this.queue.length > 0) this.flush();
        else if (this.inFlight === 0) this.idle.splice(0).forEach((f) => f());
      });
    }
  }

  /** A batch made durable by the journal: each click is answered once its line is on disk. */
  private appendToJournal(journal: ClickJournal, batch: Pending[]) {
    const lines = journalLines(batch.map((p) => p.row), this.options.timeZone);
    this.start()
      .then(() => journal.append(lines, batch.length))
      .then(
        () => {
          this.stats.batches++;
          this.stats.clicks += batch.length;
          for (const p of batch) p.resolve();
        },
        (err: unknown) => {
          this.stats.failures++;
          for (const p of batch) p.reject(err);
        },
      )
      .finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.flush();
        else if (this.inFlight === 0) this.idle.splice(0).forEach((f) => f());
      });
  }

  /** Writes what is queued and waits for every batch in flight; later clicks are refused. Then the journal hands Postgres what it holds. */
  async close(): Promise<void> {
    this.closed = true;
    this.flush();
    if (this.inFlight > 0 || this.queue.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.journal && this.opened) await this.journal.close();
  }
}

const COPY_SPECIAL = /[\\\t\n\r]/;
/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
function copyText(v: string): string {
  return COPY_SPECIAL.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
}

/**
 * The click journal's lines of clicks (COPY text format, one line per click): every column in
 * CLICK_COLUMNS order, its time as ISO text, then its report day and its quarter (the staging
 * table's last two columns, journal.ts).
 */
export function journalLines(rows: readonly ClickRow[], timeZone: string): string {
  let out = '';
  for (const r of rows) {
    out += `${copyText(r.click_key)}\t${r.affiliate_id}\t${r.campaign_id}\t${r.tracking_link_id ?? '\\N'}\t${r.creative_id ?? 0}\t${r.landing_page_id ?? 0}\t${copyText(r.sub1 ?? '')}\t${copyText(r.sub2 ?? '')}\t${copyText(r.sub3 ?? '')}\t${copyText(r.sub4 ?? '')}\t${copyText(r.sub5 ?? '')}\t${copyText(r.ip ?? '')}\t${copyText(r.country_code ?? '')}\t${copyText(r.region ?? '')}\t${copyText(r.city ?? '')}\t${copyText(r.device ?? '')}\t${copyText(r.os ?? '')}\t${copyText(r.browser ?? '')}\t${copyText(r.referrer ?? '')}\t${copyText(r.user_agent ?? '')}\t${copyText(r.traffic_type ?? '')}\t${r.clicked_at.toISOString()}\t${clickDay(r.clicked_at, timeZone)}\t${quarterOf(r.clicked_at)}\n`;
  }
  return out;
}

/** The report day of an instant, remembered for the current minute. */
const clickDay = dayInZoneByMinute();

/** The quarter of an hour (UTC) an instant falls in, as the ISO time of its start: the stats_quarter key. */
export function quarterOf(instant: Date): string {
  return new Date(Math.floor(instant.getTime() / 900_000) * 900_000).toISOString();
}

const params = (from: number, types: readonly string[]) => types.map((t, i) => `$${from + i}::${t}[]`).join(', ');

/**
 * The click batch: one statement (hence atomic without BEGIN/COMMIT round trips) whose parameters
 * are arrays, one per column (unnest), so its text never changes: Postgres parses it once per
 * connection (a named, prepared statement) and a batch sends only the values. The last parameter
 * ($37) is the batch's rollup shard (rollupShards.ts).
 */
const CLICK_BATCH_SQL = `with inserted as (
  insert into clicks (${CLICK_COLUMN_LIST})
  select * from unnest(${params(1, CLICK_COLUMNS.map(([, t]) => t))})
  returning 1
),
quarter as (
  insert into stats_quarter (bucket, ${ROLLUP_DIMS}, clicks, shard)
  select *, $37::smallint from unnest(${params(23, ['timestamptz', 'int', 'int', 'int', 'int', 'text', 'int'])})
  on conflict (affiliate_id, bucket, campaign_id, creative_id, landing_page_id, sub1, shard)
  do update set clicks = stats_quarter.clicks + excluded.clicks
  returning 1
)
insert into stats_daily (day, ${ROLLUP_DIMS}, clicks, shard)
select *, $37::smallint from unnest(${params(30, ['date', 'int', 'int', 'int', 'int', 'text', 'int'])})
on conflict (affiliate_id, day, campaign_id, creative_id, landing_page_id, sub1, shard)
do update set clicks = stats_daily.clicks + excluded.clicks`;

/** Rollup increments of a batch, one entry per row (day or quarter, then the dimensions): its parameters as 7 arrays. */
class RollupCounts {
  private rows = new Map<string, { at: string; r: ClickRow; clicks: number }>();
  add(at: string, r: ClickRow) {
    const key = `${r.affiliate_id}\u0000${at}\u0000${r.campaign_id}\u0000${r.creative_id ?? 0}\u0000${r.landing_page_id ?? 0}\u0000${r.sub1 ?? ''}`;
    const hit = this.rows.get(key);
    if (hit) hit.clicks++;
    else this.rows.set(key, { at, r, clicks: 1 });
  }
  /** In key order: concurrent batches (of several processes) lock the same rollup rows in the same order. */
  columns(): string[] {
    const cols: Array<Array<string | number>> = [[], [], [], [], [], [], []];
    for (const key of [...this.rows.keys()].sort()) {
      const { at, r, clicks } = this.rows.get(key)!;
      cols[0].push(at); cols[1].push(r.affiliate_id); cols[2].push(r.campaign_id); cols[3].push(r.creative_id ?? 0);
      cols[4].push(r.landing_page_id ?? 0); cols[5].push(r.sub1 ?? ''); cols[6].push(clicks);
    }
    return [textArray(cols[0] as string[]), intArray(cols[1]), intArray(cols[2]), intArray(cols[3]), intArray(cols[4]), textArray(cols[5] as string[]), intArray(cols[6])];
  }
}

const ARRAY_SPECIAL = /["\\]/;
/** A Postgres array literal of strings (every element quoted; `"` and `\` escaped): cheaper than pg's own array encoding. */
function textArray(values: string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += `${i === 0 ? '' : ','}"${ARRAY_SPECIAL.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}
/** A Postgres array literal of integers (null: NULL). */
function intArray(values: Array<string | number | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

/**
 * Writes clicks and their counts added to stats_daily and stats_quarter (the rows of `shard`) in
 * one statement (CLICK_BATCH_SQL). On a Postgres pool it is a named statement (parsed once per connection); in a
 * transaction or on PGlite the same text goes through Kysely. The group-commit batcher calls it
 * with the live clicks; the demo seed (server/db/demo/seed.ts) calls it with its history (explicit
 * clicked_at, in its own transaction), so demo rollups come from the same code.
 */
export async function writeClicks(db: Kysely<DB>, rows: ClickRow[], timeZone: string, shard = 0): Promise<void> {
  const days = new RollupCounts();
  const quarters = new RollupCounts();
  const n = rows.length;
  const cols: Array<Array<string | number | null>> = CLICK_COLUMNS.map(() => new Array<string | number | null>(n));
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    days.add(clickDay(r.clicked_at, timeZone), r);
    quarters.add(quarterOf(r.clicked_at), r);
    cols[0][i] = r.click_key; cols[1][i] = r.affiliate_id; cols[2][i] = r.campaign_id; cols[3][i] = r.tracking_link_id ?? null;
    cols[4][i] = r.creative_id ?? 0; cols[5][i] = r.landing_page_id ?? 0; cols[6][i] = r.sub1 ?? ''; cols[7][i] = r.sub2 ?? '';
    cols[8][i] = r.sub3 ?? ''; cols[9][i] = r.sub4 ?? ''; cols[10][i] = r.sub5 ?? ''; cols[11][i] = r.ip ?? '';
    cols[12][i] = r.country_code ?? ''; cols[13][i] = r.region ?? ''; cols[14][i] = r.city ?? ''; cols[15][i] = r.device ?? '';
    cols[16][i] = r.os ?? ''; cols[17][i] = r.browser ?? ''; cols[18][i] = r.referrer ?? ''; cols[19][i] = r.user_agent ?? '';
    cols[20][i] = r.traffic_type ?? ''; cols[21][i] = r.clicked_at.toISOString();
  }
  // Array literals built here (text, not JS arrays): pg and PGlite pass a string through as it is.
  const clickArrays = cols.map((col, c) => (CLICK_COLUMNS[c][1] === 'int' ? intArray(col) : textArray(col as string[])));
  const values = [...clickArrays, ...quarters.columns(), ...days.columns(), shard];
  await queryNamed(db, 'pp_click_batch_2', CLICK_BATCH_SQL, values);
}
