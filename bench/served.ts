import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { LOCALHOST_TLS } from '../tests/fixtures/tls/localhost';

/**
 * How `npm run bench:web` serves the product: as a deployment does, over HTTPS, which every browser
 * speaks HTTP/2 on (the product's own TLS_CERT_FILE / TLS_KEY_FILE with the repository's localhost
 * certificate, tests/fixtures/tls). BENCH_WEB_HTTP1=1 serves plain HTTP/1.1 instead, for comparison with
 * figures taken that way (docs/adr/0012-https-and-http2-in-the-product.md).
 */
export const benchTls = process.env.BENCH_WEB_HTTP1 === '1' ? undefined : LOCALHOST_TLS;

const ca = benchTls ? readFileSync(benchTls.certFile) : undefined;

/** The environment that makes the product serve HTTPS (nothing for plain HTTP). */
export function servedEnv(): Record<string, string> {
  return benchTls ? { TLS_CERT_FILE: benchTls.certFile, TLS_KEY_FILE: benchTls.keyFile } : {};
}

export const servedScheme = benchTls ? 'https' : 'http';

/**
 * Chromium trusts the repository's certificate by its public key (as if a CA had signed it), so pages
 * are cached and treated as any secure site's; no other certificate error is ignored.
 */
export function chromiumTlsArgs(): string[] {
  if (!ca) return [];
  const spki = createPublicKey(ca).export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`];
}

/** A GET from Node that trusts the bench's certificate: the response, not yet read. */
export function get(url: string, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.startsWith('https:') ? https.get(url, { headers, ca }, resolve) : http.get(url, { headers }, resolve);
    request.on('error', reject);
  });
}
