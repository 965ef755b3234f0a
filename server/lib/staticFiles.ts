import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './compression';

/** What the portal's build holds, by extension: the files a page loads. Source maps and the rest stay on disk. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** A file larger than this is left to the disk (a build has none; a self-hoster's extra file might). */
const MAX_FILE = 2 * 1024 * 1024;

/** A built file held in memory: its bytes, the build's precompressed variants, and its validator. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

/** A route path find-my-way reads literally: no parameters, no wildcards. */
const PLAIN_PATH = /^\/[\w\-./@~]+$/;

/**
 * The built portal's files (except index.html, answered on its own), read once at start-up with the
 * `.br` and `.gz` beside each (scripts/vite-precompress.ts), keyed by their URL path. Content-hashed
 * files under assets/ are cached for a year, the rest revalidate every time (ETag).
 */
export function loadStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // .vite/manifest.json: the build's own, not the portal's
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const type = TYPES[path.extname(entry.name)];
      const url = `/${path.relative(distDir, full).split(path.sep).join('/')}`;
      if (!type || url === '/index.html' || !PLAIN_PATH.test(url) || statSync(full).size > MAX_FILE) continue;
      const body = readFileSync(full);
      const variant = (ext: string) => {
        try {
          return readFileSync(`${full}${ext}`);
        } catch {
          return undefined;
        }
      };
      const hashed = url.startsWith('/assets/');
      files.set(url, {
        body,
        br: variant('.br'),
        gzip: variant('.gz'),
        type,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
  };
  walk(distDir);
  return files;
}

/** True when the request's If-None-Match names this file's ETag (or `*`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The answer for one file: the smallest variant the client accepts, or 304 when it holds this version. */
function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag).header('vary', 'accept-encoding');
  if (notModified(request, file.etag)) return reply.code(304).send();
  reply.type(file.type);
  // The build writes both variants of a text file or neither; a missing one is sent as it is.
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding && file[encoding];
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(file.body);
}

/**
 * One route per built file, answered from memory: each answer used to wait for a stat, an open and a
 * read stream in libuv's pool (autocannon, 6 connections: a small chunk 1,000/s with p50 5 ms from
 * disk, 5,100/s with p50 0 ms from memory; docs/web-performance.md). Exact routes come before @fastify/static's wildcard,
 * which still serves anything not held here (source maps, a file added after start-up).
 */
export function registerStaticFiles(app: FastifyInstance, files: Map<string, StaticFile>): void {
  for (const [url, file] of files) {
    app.get(url, (request, reply) => sendStaticFile(request, reply, file));
  }
}
