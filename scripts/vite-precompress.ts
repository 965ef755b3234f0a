import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_FILE, brotliBest } from '../server/lib/compression.ts';

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * gzip by Zopfli: the same format every client reads, 3-4 % smaller than zlib's level 9 (what a
 * compression plugin such as vite-plugin-compression2 writes by default), for about 10 s more per
 * build. Measured on the same build, gzipped route by route (2026-12-02): sign-in 122.6 -> 118.9 KiB,
 * /ottlogin 97.7 -> 94.6, /register 286.2 -> 274.6, /dashboard 234.2 -> 226.6, /globalpostback 241.4
 * -> 233.4: with zlib's level 9 every route would be over its budget (src/app/routeManifest.ts). Its
 * output is read back before it is written, so a fault in it fails the build instead of reaching a browser.
 */
export async function zopfliGzip(data: Buffer): Promise<Buffer> {
  const packed = Buffer.from(await gzipAsync(data, { numiterations: 5 }));
  if (!gunzipSync(packed).equals(data)) throw new Error('zopfli: the gzip output does not read back as its input');
  return packed;
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (Zopfli) beside every text file of the
 * build, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * per request. Small files too: the cost is paid once here, not per request (the per-request threshold,
 * COMPRESS_THRESHOLD, is for API answers). A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  let failed = false;
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      failed = false;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle also runs when the build failed: then there is nothing to compress, and the build's
    // own error is the one to show (not a missing dist/).
    buildEnd(error) {
      failed = Boolean(error);
    },
    renderError() {
      failed = true;
    },
    async closeBundle() {
      if (failed) return;
      let before = 0;
      let after = 0;
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE_FILE.test(file)) continue;
        const data = await readFile(file);
        const br = brotliBest(data);
        const gz = await zopfliGzip(data);
        if (br.length < data.length) await writeFile(`${file}.br`, br);
        if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
        before += data.length;
        after += Math.min(br.length, data.length);
      }
      this.info?.(`precompressed ${(before / 1024).toFixed(0)} KiB of text to ${(after / 1024).toFixed(0)} KiB (brotli)`);
    },
  };
}
