/**
 * `npm run bench:web`: the portal as a new user on a mid-range phone sees it. Builds the
 * portal, starts the real product on a fresh demo database, and runs Lighthouse (its default mobile
 * emulation and simulated throttling, Debian's Chromium) on the sign-in page and on every signed-in
 * route (as the demo affiliate, signed in once through the real form), each with an empty HTTP cache.
 * Per route, the median of BENCH_WEB_RUNS runs (3): performance and accessibility scores, LCP, TBT,
 * CLS, and the JavaScript the route downloaded (bytes over the wire, brotli here), compared with the
 * route's budget in src/app/routeManifest.ts (gzip sizes from the build, which brotli stays under).
 * Then the reports at scale: the demo affiliate is given BENCH_WEB_CONVERSIONS (100,000)
 * more conversions (with their clicks and rollups) on the stopped product's database, the product
 * starts again, and the bench times the conversions report's answer (bytes over the wire, brotli)
 * and, in the browser, changing page, preparing the CSV of every row, and sorting the Sub ID report;
 * each against the same action on a report of 50 rows in the same run.
 * Knobs: BENCH_WEB_RUNS, BENCH_WEB_ROUTES (comma-separated paths, e.g. "/,/dashboard"), BENCH_WEB_LHR_DIR (keep each run's report),
 * BENCH_WEB_CONVERSIONS, BENCH_WEB_SKIP_LIGHTHOUSE=1, BENCH_WEB_SKIP_REPORTS=1, BENCH_WEB_TRACE=n (n more visits per route,
 * traced: the main thread's real blocking time with the CPU slowed 4x, for comparing two builds), BENCH_WEB_HTTP1=1 (plain
 * HTTP/1.1 instead of HTTPS with HTTP/2, bench/served.ts), BENCH_WEB_NO_BUILD=1 (measure dist/ as it is).
 * Not a test: scores move with the machine's load; the hard byte budget is `npm test`'s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { budgetOf, checkBudgets, routeBudgets, type RouteBudget } from '../scripts/bundle-budget';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { DEMO_PASSWORD } from '../server/db/demo/seed';
import { paths } from '../src/shared/paths';
import { reportsAtScale } from './reportsAtScale';
import { chromiumTlsArgs, get, servedEnv, servedScheme } from './served';
import { onScratchPostgres } from './scratchPostgres';

const root = path.join(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const say = (line: string) => console.log(line);

/** The budget entry of each measured route (src/app/routeManifest.ts). */
const budgets: RouteBudget[] = routeBudgets();
const signInBudget = budgets.find((b) => b.route.includes('sign-in'));

const signedIn = [
  paths.dashboard,
  paths.browse('new'),
  paths.campaign(1001),
  paths.search(),
  paths.reports('earnings'),
  paths.settings,
  paths.accountBalance,
  paths.globalPostback,
  paths.maxmoney,
  paths.resources,
  paths.refer,
  paths.faq,
  paths.terms,
];

function build() {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) throw new Error('the build failed');
}

export interface Product {
  url: string;
  dataDir: string;
  /** The Postgres database it runs on; PGlite in `dataDir` when absent. */
  databaseUrl?: string;
  /** Stops the server; `keepData` leaves its database for the next start. */
  stop: (keepData?: boolean) => Promise<void>;
}

export async function startProduct(dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-')), databaseUrl?: string): Promise<Product> {
  // Below Linux's ephemeral range (32768-60999), where any outgoing connection may hold a port: a
  // port from 20000-39999 was once taken that way while the demo network was generated (EADDRINUSE).
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  // On Postgres the demo network is seeded into the empty database only when asked (--demo).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts', ...(databaseUrl ? ['--demo'] : [])], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn', ...servedEnv() },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `${servedScheme}://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited early');
    try {
      const res = await get(`${url}/api/health`);
      res.resume();
      if (res.statusCode === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    databaseUrl,
    stop: async (keepData = false) => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKiB: number;
  /** Where the main thread went: Lighthouse's work breakdown (ms) and the scripts that cost most. */
  mainThread: string;
  /** BENCH_WEB_TRACE: the median traced blocking time (ms, CPU 4x); absent without it. */
  traced?: number;
  /** What moved (the largest layout shifts' elements) and which accessibility audits failed: the why behind CLS and a11y. */
  findings: string[];
}

function figures(lhr: Result): Figures {
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsKiB: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024,
    mainThread: mainThread(lhr),
    findings: findings(lhr),
  };
}

/** The elements of the largest layout shifts (when they add up to 0.05 or more) and every failed accessibility audit. */
function findings(lhr: Result): string[] {
  const out: string[] = [];
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
  if (cls >= 0.05) {
    const shifts = (lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { selector?: string; nodeLabel?: string } }[] } | undefined)?.items ?? [];
    for (const s of shifts.slice(0, 3)) out.push(`shift ${(s.score ?? 0).toFixed(3)}: ${s.node?.selector ?? '?'} (${(s.node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)})`);
  }
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (a && a.score === 0) {
      const items = (a.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
      out.push(`a11y ${ref.id}: ${items.slice(0, 3).map((i) => i.node?.selector ?? '?').join(' | ')}`);
    }
  }
  return out;
}

function mainThread(lhr: Result): string {
  const work = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)?.items ?? [];
  const scripts = (lhr.audits['bootup-time']?.details as { items?: { url?: string; scripting?: number }[] } | undefined)?.items ?? [];
  const ms = (n = 0) => `${Math.round(n)} ms`;
  return [
    work.slice(0, 4).map((w) => `${w.groupLabel} ${ms(w.duration)}`).join(', '),
    scripts.slice(0, 4).map((s) => `${(s.url ?? '').split('/').pop()} ${ms(s.scripting)}`).join(', '),
  ].join('\n      scripts: ');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run of `url` in `page`, with the HTTP cache emptied first (a first visit) and storage kept (the session). */
async function audit(page: Page, url: string): Promise<Figures> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  // BENCH_WEB_LHR_DIR: every run's whole Lighthouse report, to read what the figures come from.
  const dir = process.env.BENCH_WEB_LHR_DIR;
  if (dir) writeFileSync(path.join(dir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
  return figures(result.lhr);
}

/**
 * BENCH_WEB_TRACE: the blocking time of a first visit measured in the browser's own trace rather than
 * simulated: the CPU slowed 4x (DevTools' throttling), every task of the page's main thread from the
 * navigation until the network is quiet and 1 s more, summing each task's time over 50 ms. Lighthouse's
 * TBT is simulated from one observed run and moved by ±500 ms between runs of the same build here; this
 * counts what ran, so an A/B of two builds needs fewer runs to tell them apart.
 */
async function tracedBlocking(page: Page, url: string): Promise<number> {
  interface TraceEvent { name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string } }
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.tracing.start({ categories: ['devtools.timeline', 'toplevel', 'disabled-by-default-devtools.timeline'] });
  let events: TraceEvent[] = [];
  try {
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    const trace = await page.tracing.stop();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    if (trace) events = JSON.parse(Buffer.from(trace).toString('utf8')).traceEvents;
  }
  // Each renderer main thread's tasks, read in one pass over the trace.
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = new Map<string, number[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(thread)) continue;
    if (!tasks.has(thread)) tasks.set(thread, []);
    tasks.get(thread)!.push((e.dur ?? 0) / 1000);
  }
  // The page moves to a new renderer process when it leaves about:blank: the busiest renderer main thread is the page's.
  const sum = (ms: number[]) => ms.reduce((n, d) => n + d, 0);
  const busiest = [...tasks.values()].sort((a, b) => sum(b) - sum(a))[0];
  return busiest ? sum(busiest.map((d) => Math.max(0, d - 50))) : NaN;
}

export async function signIn(browser: Browser, base: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"]').fill('demo@example.com');
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.locator('button[type="submit"]').click()]);
  if (!page.url().endsWith(paths.dashboard)) throw new Error(`signing in ended on ${page.url()}`);
  return page;
}

async function main() {
  // BENCH_WEB_NO_BUILD=1 measures dist/ as it is (an A/B of a change made to the built files).
  if (process.env.BENCH_WEB_NO_BUILD === '1') say('Measuring dist/ as built (BENCH_WEB_NO_BUILD=1)');
  else {
    say('Building the portal…');
    build();
  }
  let product = await startProduct();
  say(`The product serves ${servedScheme === 'https' ? 'HTTPS with HTTP/2, as a deployment does' : 'plain HTTP/1.1 (BENCH_WEB_HTTP1=1)'}: ${product.url}`);
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: [...chromiumArgs.filter((a) => a !== '--headless'), ...chromiumTlsArgs()], headless: true });
  const only = process.env.BENCH_WEB_ROUTES?.split(',').map((s) => s.trim());
  const wanted = (route: string) => !only || only.includes(route);
  // The bytes are judged as `npm test` judges them: from the build's chunk graph (gzip), the same
  // figure for every run. Lighthouse's bytes over the wire (brotli, with the HTTP headers and the two
  // boot scripts) are shown beside them.
  const graph = new Map(checkBudgets(JSON.parse(readFileSync(path.join(root, 'dist/.vite/manifest.json'), 'utf8')), budgets).map((r) => [r.route, r.kib]));
  const rows: { route: string; f: Figures; budget?: RouteBudget }[] = [];
  const measure = async (page: Page, route: string, budget?: RouteBudget) => {
    const all: Figures[] = [];
    // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: that run is made again, once.
    const auditOnce = (url: string) => audit(page, url).catch((err: unknown) => {
      say(`  ${route}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; running it again`);
      return audit(page, url);
    });
    for (let i = 0; i < runs; i += 1) all.push(await auditOnce(`${product.url}${route}`));
    const numbers = ['performance', 'accessibility', 'lcp', 'tbt', 'cls', 'jsKiB'] as const;
    const f = { ...all[0], ...Object.fromEntries(numbers.map((k) => [k, median(all.map((x) => x[k]))])) } as Figures;
    // The main-thread breakdown of the run whose blocking time was the median.
    f.mainThread = all.find((x) => x.tbt === f.tbt)?.mainThread ?? all[0].mainThread;
    f.findings = all.find((x) => x.cls === f.cls)?.findings ?? all[0].findings;
    const traces = Number(process.env.BENCH_WEB_TRACE ?? 0);
    if (traces > 0) {
      const blocked: number[] = [];
      for (let i = 0; i < traces; i += 1) blocked.push(await tracedBlocking(page, `${product.url}${route}`));
      f.traced = median(blocked);
      say(`  ${route}: traced blocking time ${blocked.map(Math.round).join(', ')} ms (CPU 4x)`);
    }
    rows.push({ route, f, budget });
    say(`  ${route}: performance ${f.performance}, JS ${f.jsKiB.toFixed(1)} KiB`);
  };
  const lighthouseToo = process.env.BENCH_WEB_SKIP_LIGHTHOUSE !== '1';
  try {
    if (lighthouseToo && wanted('/')) {
      // A fresh context: no session, as a new user arrives.
      const context = await browser.createBrowserContext();
      await measure(await context.newPage(), '/', signInBudget);
      await context.close();
    }
    const routes = lighthouseToo ? signedIn.filter(wanted) : [];
    if (routes.length) {
      const page = await signIn(browser, product.url);
      for (const route of routes) {
        await measure(page, route, budgetOf(budgets, route));
      }
    }
    if (process.env.BENCH_WEB_SKIP_REPORTS !== '1') {
      product = await reportsAtScale({ browser, product, startProduct, signIn, say });
      // The same on Postgres (BENCH_WEB_DATABASE_URL: a scratch database is made there and dropped).
      const pgUrl = process.env.BENCH_WEB_DATABASE_URL;
      if (pgUrl) await onScratchPostgres(pgUrl, 'bench_web', async (url) => {
        say('\nThe same on Postgres:');
        const onPostgres = await startProduct(undefined, url);
        await (await reportsAtScale({ browser, product: onPostgres, startProduct, signIn, say })).stop();
      });
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  if (!lighthouseToo) return;

  say(`\nLighthouse ${runs === 1 ? 'single run' : `median of ${runs}`}, mobile (simulated throttling), empty cache:`);
  say('route                         perf  a11y    LCP ms   TBT ms    CLS  wire KiB  gzip KiB  budget');
  let over = 0;
  for (const { route, f, budget } of rows) {
    const kib = budget && graph.get(budget.route);
    const verdict = !budget || kib === undefined ? '' : kib > budget.budgetKiB ? `${budget.budgetKiB} OVER` : `${budget.budgetKiB}${budget.targetKiB ? ` (target ${budget.targetKiB})` : ''}`;
    if (budget && kib !== undefined && kib > budget.budgetKiB) over += 1;
    say(
      `${route.padEnd(28)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ${Math.round(f.lcp).toString().padStart(9)} ${Math.round(f.tbt).toString().padStart(8)} ${f.cls.toFixed(3).padStart(6)} ${f.jsKiB.toFixed(1).padStart(9)} ${(kib === undefined ? '-' : kib.toFixed(1)).padStart(9)}  ${verdict}`,
    );
  }
  if (rows.some(({ f }) => f.traced !== undefined)) {
    say(`\nTraced blocking time (BENCH_WEB_TRACE=${process.env.BENCH_WEB_TRACE}, median, CPU slowed 4x, ms):`);
    for (const { route, f } of rows) say(`  ${route.padEnd(28)} ${Math.round(f.traced ?? NaN)}`);
  }
  say('\nMain thread (median run): work by kind, then the scripts that ran longest:');
  for (const { route, f } of rows) say(`  ${route}: ${f.mainThread}`);
  const found = rows.filter(({ f }) => f.findings.length);
  if (found.length) say('\nWhat moved (layout shifts of the median run) and what failed accessibility:');
  for (const { route, f } of found) say(`  ${route}: ${f.findings.join('\n      ')}`);
  say(over ? `\n${over} route(s) downloaded more JavaScript than their budget.` : '\nEvery route within its JavaScript budget.');
}

// Run as the bench, not when a probe imports its helpers.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
