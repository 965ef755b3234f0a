import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/** The built portal's files worth compressing, precompressed at build time (scripts/vite-precompress.ts); source maps are only fetched by developer tools. */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

export type Encoding = 'br' | 'gzip';

/** Brotli at its best quality (the build's files, index.html once at start-up). */
export function brotliBest(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** Brotli at its best and gzip for clients without brotli (index.html once at start-up). */
export function compressVariants(data: Buffer): Record<Encoding, Buffer> {
  return { br: brotliBest(data), gzip: gzipSync(data, { level: 9 }) };
}

/**
 * The encoding to answer with for an Accept-Encoding header: brotli if accepted, else gzip, else none.
 * Honours q=0 ("not acceptable") and `*`.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/**
 * Answers over this size (a report of 100,000 conversions is about 39 MB of JSON) are compressed at
 * the fastest level, off the event loop: brotli 1 takes ~80 ms for those 39 MB (1.55 MB out) where
 * the level-4 per-request setting takes ~500 ms, synchronously, for 1.44 MB (docs/benchmarks.md).
 */
export const LARGE_ANSWER = 1024 * 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * API answers over 1 KiB are compressed per request (brotli at a fast level, or gzip); answers over
 * LARGE_ANSWER at the fastest level, in zlib's thread pool. Requests are never decompressed: a
 * compressed request body would be a way round the body size limit.
 */
export async function registerCompression(app: FastifyInstance) {
  // A callback hook: answers under the size go on in the same tick, as if the hook were not there.
  app.addHook('onSend', (request, reply, payload, done) => {
    const large = (typeof payload === 'string' || Buffer.isBuffer(payload)) && Buffer.byteLength(payload) >= LARGE_ANSWER;
    const encoding = large && !reply.getHeader('content-encoding') ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return done(null, payload);
    const packed =
      encoding === 'br'
        ? brotliAsync(payload as string | Buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
        : gzipAsync(payload as string | Buffer, { level: 1 });
    packed.then(
      (body) => {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
        reply.header('content-encoding', encoding);
        reply.header('content-length', body.length);
        done(null, body);
      },
      (err: Error) => done(err),
    );
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}
