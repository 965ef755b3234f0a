import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { tsImport } from 'tsx/esm/api';
import { BOOT_CALL_GLOBAL } from '../src/api/bootAnswer.ts';
import type { BootCall, bootCalls } from '../src/app/bootCalls.ts';
import { sessionKeys, storageKeys } from '../src/lib/storageKeys.ts';
import type * as RouteManifest from '../src/app/routeManifest.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Whose route a boot row is: the signed-out side's (0), the signed-in side's (1), or the back office's, either way (2). */
export type BootSide = 0 | 1 | 2;
/** What the boot script preloads: [side, pathname pattern, files]. */
export type BootRoute = [BootSide, string, string[]];

const bootSide = { signedOut: 0, signedIn: 1, ops: 2 } as const satisfies Record<string, BootSide>;

/**
 * The route chunks a first visit needs, preloaded from the start.
 *
 * Without this a first visit fetches in three rounds: the entry (with its static imports, which Vite
 * already preloads from index.html), then the side's route list (SignedOutRoutes or SignedInRoutes,
 * imported once the entry runs), then the screen's chunk and its imports. On a phone's network each
 * round costs at least a round trip. The boot script in index.html's head (the theme script of
 * public/theme-boot.js, which runs before the first paint anyway, with this added) reads whether this
 * device holds a session and the address, and adds `<link rel="modulepreload">` for that route's
 * chunks, so they download beside the entry. The routes and their modules are the route manifest's
 * (src/app/routeManifest.ts): what a first visit is measured to download is what it preloads. An
 * address no row matches preloads nothing more than the entry.
 */
export function bootPreload(): Plugin {
  let root = '';
  let apiBase = '/api';
  let calls: BootCall[] = [];
  let manifest: typeof RouteManifest | undefined;
  return {
    name: 'portal:boot-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      // The API base the portal is built with (src/api/baseApi.ts reads the same variable).
      apiBase = (config.env.VITE_API_BASE as string | undefined) ?? '/api';
    },
    async buildStart() {
      // Loaded here rather than imported by the config: these tables' imports (the contract, the route
      // paths) are the portal's, written for the bundler, which Vite's config loader would warn about.
      const table = (await tsImport(path.join(root, 'src/app/bootCalls.ts'), import.meta.url)) as { bootCalls: typeof bootCalls };
      calls = table.bootCalls(apiBase);
      manifest = (await tsImport(path.join(root, 'src/app/routeManifest.ts'), import.meta.url)) as typeof manifest;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return; // the workbench's build: no portal index.html
      // A row without `match` measures a later download (sign-in once it starts), not a first visit.
      const { routeManifest, entryModules } = manifest!;
      const boot: BootRoute[] = routeManifest.flatMap((r) => (r.match ? [[bootSide[r.side], r.match, routeChunks(bundle, root, entryModules(r))] satisfies BootRoute] : []));
      const source = `${readFileSync(path.join(root, 'public/theme-boot.js'), 'utf8')}\n${preloadSource(boot)}\n${callSource(calls)}`;
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
    if (!chunk) throw new Error(`${module} (src/app/routeManifest.ts) is not a chunk of its own in the build`);
    withImports(chunk.fileName, files);
  }
  return [...files].filter((f) => !skip.has(f));
}

/** The boot script's second part: the route table and the few lines that add the preload links. */
export function preloadSource(routes: BootRoute[]): string {
  // Each file once, the routes naming them by place: the routes share most of their chunks.
  const files = [...new Set(routes.flatMap((r) => r[2]))];
  const table = routes.map(([side, match, list]) => [side, match, list.map((f) => files.indexOf(f))]);
  return `// Added at build time (scripts/vite-boot-preload.ts): the chunks of the route this visit opens, preloaded
// beside the entry. Signed in: every session key of src/lib/storageKeys.ts is present; the back office's rows (2) either way.
(function (files, routes, keys) {
  try {
    var s = window.localStorage;
    var signedIn = keys.every(function (key) { return !!s.getItem(key); });
    var path = window.location.pathname;
    for (var i = 0; i < routes.length; i++) {
      if ((routes[i][0] !== 2 && !routes[i][0] !== !signedIn) || !new RegExp(routes[i][1]).test(path)) continue;
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

/**
 * The boot script's third part: on a first visit to a route of src/app/bootCalls.ts, signed in, the
 * route's first call leaves now (with the session token, as the portal sends it) and is left under
 * BOOT_CALL_GLOBAL for RTK Query (src/api/bootAnswer.ts); when its answer names the first screen's
 * largest image, that image is preloaded at high priority, so it is there when the page draws it.
 * Only an http(s) image address is preloaded. Any failure leaves the portal to make the call itself.
 */
export function callSource(calls: BootCall[]): string {
  const table = calls.map((c) => [c.match, c.url, c.image ?? null]);
  return `// Added at build time (scripts/vite-boot-preload.ts): the first screen's call, started before the code arrives.
(function (calls, keys, tokenKey, name) {
  try {
    var s = window.localStorage;
    if (!window.fetch || !keys.every(function (key) { return !!s.getItem(key); })) return;
    var token = s.getItem(tokenKey);
    for (var i = 0; i < calls.length; i++) {
      var found = new RegExp(calls[i][0]).exec(window.location.pathname);
      if (!found) continue;
      var url = new URL(calls[i][1].replace('$1', found[1] || ''), window.location.href).href;
      var answer = window.fetch(url, { credentials: 'include', headers: { 'x-app-token': token } });
      window[name] = { url: url, token: token, at: Date.now(), answer: answer };
      answer.catch(function () {}); // not taken, its failure is nobody's; taken, the portal reads it
      var image = calls[i][2];
      if (image) answer.then(function (r) { return r.ok ? r.clone().json() : null; }).then(function (body) {
        var value = body;
        image.forEach(function (key) { value = value == null ? value : value[key]; });
        if (typeof value !== 'string') return;
        var href = new URL(value, window.location.href);
        if (href.protocol !== 'https:' && href.protocol !== 'http:') return;
        var link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = href.href;
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
      }).catch(function () {});
      return;
    }
  } catch (e) {
    // No storage, no fetch: the portal makes the call itself.
  }
})(${JSON.stringify(table)}, ${JSON.stringify(sessionKeys)}, ${JSON.stringify(storageKeys.authToken)}, ${JSON.stringify(BOOT_CALL_GLOBAL)});
`;
}
