import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contractWithoutSchemas } from './scripts/vite-contract-stubs.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { bootPreload } from './scripts/vite-boot-preload.ts';
import { pureComponents } from './scripts/vite-pure-components.ts';
import { contextSplit } from './scripts/vite-context-split.ts';
import { noVendorPrefixes } from './scripts/vite-no-vendor-prefixes.ts';
import { styledMinify } from './scripts/vite-styled-minify.ts';

/**
 * Vendor chunks: name and the packages in it. react-aria is not one of them on purpose: as one chunk it
 * would put every control of the signed-in areas on the sign-in page (+13 KiB gzipped, measured). The
 * part under the basic controls goes with them (the 'links' and 'controls' groups below); the rest is
 * split by use, so each route gets the controls it renders.
 */
const vendorChunks: [string, string[]][] = [
  ['react', ['react', 'react-dom', 'scheduler']],
  ['router', ['react-router', 'react-router-dom']],
  ['redux', ['@reduxjs/toolkit', 'redux', 'react-redux', 'immer', 'reselect', 'redux-thunk', 'use-sync-external-store']],
  ['styled', ['styled-components', 'stylis', '@emotion/is-prop-valid', '@emotion/unitless', 'shallowequal']],
  ['xstate', ['xstate', '@xstate/react']],
  ['dates', ['date-fns', 'date-fns-tz']],
];
const packageTest = (packages: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](?:${packages.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})[\\\\/]`);

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [styledMinify(), react(), contractWithoutSchemas(), pureComponents(), contextSplit(), noVendorPrefixes(), bootPreload(), precompress()],
  server: {
    port: 5173,
    // In development the API (and the tracking paths) run on the server started by `npm start`.
    proxy: {
      '/api': apiTarget,
      '/go': apiTarget,
      '/postback': apiTarget,
      '/pixel': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: the chunk graph the route budgets are measured from (scripts/bundle-budget.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, by what changes together: a change in one area of the portal
        // (or an upgrade of one library) leaves the others' cached files valid. Each group still loads only
        // with the routes that use it.
        codeSplitting: {
          groups: [
            ...vendorChunks.map(([name, packages]) => ({ name, test: packageTest(packages), priority: 10 })),
            // The app's store and the API's base, which every signed-in route and every public page that
            // calls the API load together: one small chunk, not four (each costs its own request and
            // gzip framing).
            { name: 'store', test: /[\\/]src[\\/](?:app[\\/]store|api[\\/]baseApi|features[\\/]dashboard[\\/]modals[\\/]closedModals)\.tsx?$/, priority: 5, includeDependenciesRecursively: false },
            // What the entry needs stays in the entry: without this, the groups below would take the
            // button styles and react-aria's link helpers the entry uses, and every page (the one-time
            // token hand-off included) would load them.
            { name: 'initial', tags: ['$initial'], priority: 4.5 },
            // The design system's basic controls with the react-aria code under them, in two chunks
            // instead of about twenty (gzip compresses one file of related code far better than many
            // small ones: sign-in -6 KiB, the signed-in routes -4 to -6 KiB, measured). Links and cards
            // (press, focus and hover handling) first, so a page of text and links (the terms, the FAQ)
            // loads only them; buttons, fields and banners second.
            { name: 'links', test: /[\\/]src[\\/]ui[\\/](?:Link|Card)[\\/]/, priority: 4 },
            // With them the sign-in notice (src/lib/signInNotice.ts: a few lines both sides of sign-in use,
            // shown in a banner): a chunk of its own cost every route 0.2-0.4 KiB, measured.
            { name: 'controls', test: /[\\/]src[\\/](?:ui[\\/](?:Button|IconButton|TextField|Field|ErrorMessage|SystemMessage)[\\/]|lib[\\/]signInNotice\.ts$)/, priority: 3 },
            // The list boxes (src/ui/FieldList: selects, combo boxes) with react-aria's collection and
            // selection code, which tabs and tables share: one chunk. Left to the bundler, a console page
            // using tabs and selects together split that code off into a chunk of its own, which cost every
            // signed-in route 1.1 KiB (measured).
            {
              name: 'FieldList',
              test: /[\\/](?:src[\\/]ui[\\/]FieldList[\\/]|node_modules[\\/]react-(?:aria|stately)[\\/]dist[\\/]private[\\/](?:collections|selection|list)[\\/]|node_modules[\\/]react-aria-components[\\/]dist[\\/]private[\\/](?:Collection|SelectionIndicator)\.mjs$)/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
