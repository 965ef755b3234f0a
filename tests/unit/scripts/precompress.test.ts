import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zopfliGzip } from '../../../scripts/vite-precompress';

// Zopfli on react-dom is seconds of one core's work: a busy CI machine took more than Vitest's 5 s.
const ZOPFLI_MS = 30_000;

describe("the build's gzip files (Zopfli)", () => {
  // react-dom's client: the largest module every route of the portal loads.
  const reactDom = readFileSync(join(import.meta.dirname, '../../../node_modules/react-dom/cjs/react-dom-client.production.js'));

  it('read back as the file they were made from', async () => {
    expect(gunzipSync(await zopfliGzip(reactDom)).equals(reactDom)).toBe(true);
    const tiny = Buffer.from('export const a = 1;');
    expect(gunzipSync(await zopfliGzip(tiny)).equals(tiny)).toBe(true);
  }, ZOPFLI_MS);

  it('are smaller than zlib at its best level, which is what they replace', async () => {
    const zopfli = (await zopfliGzip(reactDom)).length;
    const zlib = gzipSync(reactDom, { level: 9 }).length;
    expect(zopfli).toBeLessThan(zlib * 0.98);
  }, ZOPFLI_MS);
});
