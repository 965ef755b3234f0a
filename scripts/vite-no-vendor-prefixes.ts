import type { Plugin } from 'vite';

/**
 * Leaves stylis' vendor prefixer out of the build (build only; the workbench and the tests use the
 * packages as published).
 *
 * styled-components adds `-webkit-`/`-moz-` copies of some declarations only when a
 * `StyleSheetManager` says `enableVendorPrefixes` (off by default since v6); the portal never says it,
 * and the browsers it supports need none. The prefixer is still downloaded on every route: styled-
 * components reaches it through `import * as stylis from 'stylis'` and a branch on that setting, which
 * the bundler cannot see is never taken. styled-components' import of stylis is given a module that
 * re-exports stylis with an empty `prefixer` in place of the real one, so the real one and the table of
 * prefix rules under it (about 3 KB minified) are dropped. tests/unit/scripts/noVendorPrefixes.test.ts
 * fails if the portal ever turns vendor prefixes on.
 *
 * Measured (the build with and without it, gzipped, 2026-12-02): 1.4-1.5 KiB less on every route
 * (sign-in 120.4 -> 118.9 KiB, /dashboard 228.0 -> 226.6); without it every route is over its budget.
 */
const virtualId = '\0portal:stylis-without-prefixer';
export const styledComponentsModule = /[\\/]node_modules[\\/]styled-components[\\/]/;

/** The stand-in module: stylis as published, but a middleware that does nothing as its prefixer. */
export function stylisWithoutPrefixer(stylisPath: string): string {
  return `export * from ${JSON.stringify(stylisPath)};\n/** Vendor prefixes are left out of this build (scripts/vite-no-vendor-prefixes.ts). */\nexport function prefixer() {}\n`;
}

export function noVendorPrefixes(): Plugin {
  let stylisPath = '';
  return {
    name: 'portal:no-vendor-prefixes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'stylis' || !importer || !styledComponentsModule.test(importer)) return null;
      const real = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!real) return null;
      stylisPath = real.id;
      return virtualId;
    },
    load(id) {
      return id === virtualId ? stylisWithoutPrefixer(stylisPath) : null;
    },
  };
}
