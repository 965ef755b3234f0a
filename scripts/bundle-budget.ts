// The JavaScript each route downloads on a first visit, from the build's chunk graph
// (dist/.vite/manifest.json), against the budgets of the route manifest (src/app/routeManifest.ts;
// the rules: docs/adr/0010-route-budgets.md). `npm test` runs it after a build (stage 'bundle budget');
// it fails when a route is over its budget, naming the route and its largest chunks. `--build` builds
// first; `--dist DIR` measures another build. Sizes are the bytes the server sends a client without
// brotli: the build's `.gz` file (scripts/vite-precompress.ts), or the file itself where none was
// written (brotli is smaller still).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { entryModules, routeManifest, type Side } from '../src/app/routeManifest.ts';
import { OPERATOR_TOKEN_HEADER } from '../src/api/contract/operator.ts';
import { OPS_SESSION_KEY } from '../src/ops/api/session.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export interface RouteBudget {
  route: string;
  side: Side;
  /** The route's lazily loaded modules (manifest keys), beside the entry that every route loads. */
  modules: string[];
  /** Hard limit, gzipped KiB: over it, `npm test` fails. */
  budgetKiB: number;
  /** Where the route should get to, when the budget is not there yet. */
  targetKiB?: number;
}

const root = join(import.meta.dirname, '..');

/** The manifest's rows as budgets: each with its side's route table among its modules. */
export const routeBudgets = (): RouteBudget[] => routeManifest.map((r) => ({ route: r.route, side: r.side, modules: entryModules(r), budgetKiB: r.budgetKiB, targetKiB: r.targetKiB }));

/** Every file a route loads: the entry's static imports, and each route module's, transitively. */
export function routeFiles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build (src/app/routeManifest.ts names a module that moved?)`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  [entry, ...modules].forEach(visit);
  return [...seen].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]);
}

/** The budget row of an address: '/browse/new' is the row '/browse/{tab}'; none for an address without a row. */
export function budgetOf<B extends { route: string }>(rows: B[], address: string): B | undefined {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return rows.find((b) => new RegExp(`^${b.route.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`).test(address));
}

/** What a client without brotli downloads for a file of the build: its precompressed gzip, else the file. */
function sentSize(dist: string, file: string): number {
  const gz = join(dist, `${file}.gz`);
  return statSync(existsSync(gz) ? gz : join(dist, file)).size;
}

export function checkBudgets(manifest: Record<string, ManifestChunk>, budgets: RouteBudget[], dist = join(root, 'dist')) {
  return budgets.map((b) => {
    const files = routeFiles(manifest, b.modules).map((f) => ({ file: f, bytes: sentSize(dist, f) }));
    const kib = files.reduce((n, f) => n + f.bytes, 0) / 1024;
    return { ...b, kib, over: kib > b.budgetKiB, largest: files.sort((x, y) => y.bytes - x.bytes).slice(0, 4) };
  });
}

/** Text only the back office's code holds: the operator's token header and its session key. */
export const CONSOLE_MARKERS = [OPERATOR_TOKEN_HEADER, OPS_SESSION_KEY];

/**
 * The portal's routes that would download back-office code: a file of a portal route (signed in or
 * out) that is a chunk of src/ops, or that holds text only the console's code holds. Empty when
 * affiliates never download the console.
 */
export function consoleLeaks(manifest: Record<string, ManifestChunk>, budgets: RouteBudget[], readText: (file: string) => string): Array<{ route: string; file: string }> {
  const opsFiles = new Set(Object.entries(manifest).filter(([key]) => key.startsWith('src/ops/')).map(([, c]) => c.file));
  return budgets
    .filter((b) => b.side !== 'ops')
    .flatMap((b) =>
      routeFiles(manifest, b.modules)
        .filter((file) => file.endsWith('.js') && (opsFiles.has(file) || CONSOLE_MARKERS.some((m) => readText(file).includes(m))))
        .map((file) => ({ route: b.route, file })),
    );
}

const isMain = process.argv[1] && import.meta.filename === process.argv[1];
if (isMain) {
  const at = process.argv.indexOf('--dist');
  const dist = at > 0 ? resolve(process.argv[at + 1]) : join(root, 'dist');
  if (process.argv.includes('--build') || !existsSync(join(dist, '.vite/manifest.json'))) {
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { stdio: 'inherit', cwd: root });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const results = checkBudgets(manifest, routeBudgets(), dist);
  console.log('route                            JS gzipped   budget   target');
  for (const r of results) {
    console.log(
      `${r.route.padEnd(32)} ${r.kib.toFixed(1).padStart(7)} KiB ${String(r.budgetKiB).padStart(6)} KiB ${r.targetKiB ? `${r.targetKiB} KiB` : ''}${r.over ? '   OVER BUDGET' : ''}`,
    );
    if (r.over) for (const f of r.largest) console.log(`    ${(f.bytes / 1024).toFixed(1).padStart(7)} KiB  ${f.file}`);
  }
  const over = results.filter((r) => r.over);
  console.log(`budget: ${over.length ? `${over.length} route(s) over budget` : `${results.length} routes within budget`}`);
  const leaks = consoleLeaks(manifest, routeBudgets(), (file) => readFileSync(join(dist, file), 'utf8'));
  for (const l of leaks) console.log(`BACK OFFICE CODE in ${l.route}: ${l.file}`);
  console.log(`console: ${leaks.length ? `${leaks.length} portal file(s) carry back office code` : 'no portal route downloads back office code'}`);
  process.exit(over.length || leaks.length ? 1 : 0);
}
