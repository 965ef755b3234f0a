// The JavaScript each route downloads on a first visit, from the build's chunk graph
// (dist/.vite/manifest.json), against the budgets in bench/budgets.json. `npm test` runs it after a
// build (stage 'bundle budget'); it fails when a route is over its budget, naming the route and its
// largest chunks. `--build` builds first. Sizes are the bytes the server sends a client without brotli:
// the build's `.gz` file (scripts/vite-precompress.ts), or the file itself where none was written
// (brotli is smaller still).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export interface RouteBudget {
  route: string;
  /** The route's lazily loaded modules (manifest keys), beside the entry that every route loads. */
  modules: string[];
  /** Hard limit, gzipped KiB: over it, `npm test` fails. */
  budgetKiB: number;
  /** Where the route should get to (issue 11), when the budget is not there yet. */
  targetKiB?: number;
}

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');

/** Every file a route loads: the entry's static imports, and each route module's, transitively. */
export function routeFiles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build (bench/budgets.json names a module that moved?)`);
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
function sentSize(file: string): number {
  const gz = join(dist, `${file}.gz`);
  return statSync(existsSync(gz) ? gz : join(dist, file)).size;
}

export function checkBudgets(manifest: Record<string, ManifestChunk>, budgets: RouteBudget[]) {
  return budgets.map((b) => {
    const files = routeFiles(manifest, b.modules).map((f) => ({ file: f, bytes: sentSize(f) }));
    const kib = files.reduce((n, f) => n + f.bytes, 0) / 1024;
    return { ...b, kib, over: kib > b.budgetKiB, largest: files.sort((x, y) => y.bytes - x.bytes).slice(0, 4) };
  });
}

const isMain = process.argv[1] && import.meta.filename === process.argv[1];
if (isMain) {
  if (process.argv.includes('--build') || !existsSync(join(dist, '.vite/manifest.json'))) {
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const budgets: RouteBudget[] = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')).routes;
  const results = checkBudgets(manifest, budgets);
  console.log('route                          JS gzipped   budget   target');
  for (const r of results) {
    console.log(
      `${r.route.padEnd(30)} ${r.kib.toFixed(1).padStart(7)} KiB ${String(r.budgetKiB).padStart(6)} KiB ${r.targetKiB ? `${r.targetKiB} KiB` : ''}${r.over ? '   OVER BUDGET' : ''}`,
    );
    if (r.over) for (const f of r.largest) console.log(`    ${(f.bytes / 1024).toFixed(1).padStart(7)} KiB  ${f.file}`);
  }
  const over = results.filter((r) => r.over);
  console.log(`budget: ${over.length ? `${over.length} route(s) over budget` : `${results.length} routes within budget`}`);
  process.exit(over.length ? 1 : 0);
}
