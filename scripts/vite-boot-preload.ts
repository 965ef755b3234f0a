import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { sessionKeys } from '../src/lib/storageKeys.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

interface RouteEntry {
  route: string;
  /** The route's address, as a regular expression over `location.pathname`. */
  /** The addresses of the route; without it the row is measured only, never preloaded. */
  match?: string;
  /** The route's lazily loaded modules (the first one names the side: SignedInRoutes or SignedOutRoutes). */
  modules: string[];
}

/** What the boot script preloads: [signed in, pathname pattern, files]. */
export type BootRoute = [boolean, string, string[]];

/**
 * The route chunks a first visit needs, preloaded from the start (issue 11).
 *
 * Without this a first visit fetches in three rounds: the entry (with its static imports, which Vite
 * already preloads from index.html), then the side's route list (SignedOutRoutes or SignedInRoutes,
 * imported once the entry runs), then the screen's chunk and its imports. On a phone's network each
 * round costs at least a round trip. The boot script in index.html's head (the theme script of
 * public/theme-boot.js, which runs before the first paint anyway, with this added) reads whether this
 * device holds a session and the address, and adds `<link rel="modulepreload">` for that route's
 * chunks, so they download beside the entry. The routes and their modules are bench/budgets.json's:
 * the routes whose first download is measured are the ones preloaded. An address no route matches
 * preloads nothing more than before.
 */
export function bootPreload(): Plugin {
  let root = '';
  return {
    name: 'portal:boot-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return; // the workbench's build: no portal index.html
      const routes = (JSON.parse(readFileSync(path.join(root, 'bench/budgets.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
      // A row without `match` measures a later download (sign-in once it starts), not a first visit.
      const boot: BootRoute[] = routes.flatMap((r) => (r.match ? [r as RouteEntry & { match: string }] : [])).map((r) => [r.modules[0].endsWith('SignedInRoutes.tsx'), r.match, routeChunks(bundle, root, r.modules)]);
      const source = `${readFileSync(path.join(root, 'public/theme-boot.js'), 'utf8')}\n${preloadSource(boot)}`;
      const file = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source }));
      const text = String(html.source);
      const tag = '<script src="/theme-boot.js"></script>';
      if (!text.includes(tag)) this.error(`index.html no longer loads ${tag}: scripts/vite-boot-preload.ts replaces it with the boot script`);
      html.source = text.replace(tag, `<script src="/${file}"></script>`);
    },
  };
}

/** The chunks of a route's modules and everything they import statically, less what the entry already loads. */
export function routeChunks(bundle: OutputBundle, root: string, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const skip = new Set<string>([entry.fileName]);
  const withImports = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const next of byFile.get(file)?.imports ?? []) withImports(next, into);
  };
  const entryFiles = new Set<string>();
  withImports(entry.fileName, entryFiles);
  for (const f of entryFiles) skip.add(f);
  const files = new Set<string>();
  for (const module of modules) {
    const id = path.join(root, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`${module} (bench/budgets.json) is not a chunk of its own in the build`);
    withImports(chunk.fileName, files);
  }
  return [...files].filter((f) => !skip.has(f));
}

/** The boot script's second part: the route table and the few lines that add the preload links. */
export function preloadSource(routes: BootRoute[]): string {
  // Each file once, the routes naming them by place: the routes share most of their chunks.
  const files = [...new Set(routes.flatMap((r) => r[2]))];
  const table = routes.map(([signedIn, match, list]) => [signedIn ? 1 : 0, match, list.map((f) => files.indexOf(f))]);
  return `// Added at build time (scripts/vite-boot-preload.ts): the chunks of the route this visit opens, preloaded
// beside the entry. Signed in: every session key of src/lib/storageKeys.ts is present.
(function (files, routes, keys) {
  try {
    var s = window.localStorage;
    var signedIn = keys.every(function (key) { return !!s.getItem(key); });
    var path = window.location.pathname;
    for (var i = 0; i < routes.length; i++) {
      if (!routes[i][0] !== !signedIn || !new RegExp(routes[i][1]).test(path)) continue;
      routes[i][2].forEach(function (n) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = '/' + files[n];
        document.head.appendChild(link);
      });
      return;
    }
  } catch (e) {
    // No storage: the entry loads the routes itself.
  }
})(${JSON.stringify(files)}, ${JSON.stringify(table)}, ${JSON.stringify(sessionKeys)});
`;
}
