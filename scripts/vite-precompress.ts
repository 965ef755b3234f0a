import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_FILE, COMPRESS_THRESHOLD, compressVariants } from '../server/lib/compression.ts';

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` beside every text file of the build, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * Files under 1 KiB, or that would not get smaller, are left alone.
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
        if (!COMPRESSIBLE_FILE.test(file) || (await stat(file)).size < COMPRESS_THRESHOLD) continue;
        const data = await readFile(file);
        const variants = compressVariants(data);
        for (const [encoding, packed] of Object.entries(variants)) {
          if (packed.length < data.length) await writeFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, packed);
        }
        before += data.length;
        after += variants.br.length;
      }
      this.info?.(`precompressed ${(before / 1024).toFixed(0)} KiB of text to ${(after / 1024).toFixed(0)} KiB (brotli)`);
    },
  };
}
