import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';

/**
 * HTTPS with HTTP/2 served by the product itself (TLS_CERT_FILE / TLS_KEY_FILE, docs/server.md).
 *
 * One secure server answers both protocols on one port: browsers negotiate HTTP/2 (ALPN), and an
 * HTTP/1.1 client over TLS (curl --http1.1, an old monitoring probe, a tracking click from any HTTP
 * library) still gets HTTP/1.1. HTTP/2 carries every request of a page over one connection, where
 * HTTP/1.1 gives a browser six per host: the portal's first visit loads about 45 files
 * (docs/web-performance.md "HTTPS and HTTP/2").
 */

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/**
 * Reads the certificate chain and its private key (PEM) and checks that they make a usable pair,
 * with a message that names the setting and the file: a start-up error, not a failed handshake later.
 */
export function readTls(files: TlsFiles): TlsPair {
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new Error(`${name}: cannot read ${file}${code === 'ENOENT' ? ' (no such file)' : code === 'EACCES' ? ' (permission denied)' : ''}`, { cause: err });
    }
  };
  const cert = read(files.certFile, 'TLS_CERT_FILE');
  const key = read(files.keyFile, 'TLS_KEY_FILE');
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`TLS_CERT_FILE: ${files.certFile} holds no PEM certificate`);
  if (!/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/.test(key.toString('latin1'))) throw new Error(`TLS_KEY_FILE: ${files.keyFile} holds no PEM private key`);
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`TLS_CERT_FILE and TLS_KEY_FILE do not make a usable pair (${reason})`, { cause: err });
  }
  return { cert, key };
}

/** Days before a certificate's end from which the start-up (and each reload) warns. */
const CERTIFICATE_WARN_DAYS = 14;

/**
 * What the server says about the certificate it serves: whom it is for and until when, and a warning
 * when it has ended or ends within CERTIFICATE_WARN_DAYS (a renewal that did not happen).
 */
export function certificateNote(cert: Buffer, now: Date = new Date()): { message: string; warn: boolean } {
  const x509 = new X509Certificate(cert);
  const names = x509.subjectAltName ?? x509.subject;
  const until = new Date(x509.validTo);
  const days = Math.floor((until.getTime() - now.getTime()) / 86_400_000);
  const end = until.toISOString().slice(0, 10);
  if (days < 0) return { message: `WARNING: the TLS certificate (${names}) ended on ${end}: browsers refuse it; renew it and send SIGHUP`, warn: true };
  if (days < CERTIFICATE_WARN_DAYS) return { message: `WARNING: the TLS certificate (${names}) ends on ${end}, in ${days} day${days === 1 ? '' : 's'}: renew it and send SIGHUP`, warn: true };
  return { message: `TLS certificate for ${names}, valid until ${end}`, warn: false };
}

/** The idle time after which an HTTP/2 connection is closed (Fastify's own default for HTTP/2). */
const SESSION_IDLE_MS = 72_000;

/**
 * The listening server for `handler`: plain HTTP/1.1, or with `tls` HTTPS with HTTP/2 (and HTTP/1.1
 * for clients that do not offer h2). The HTTP/2 server tracks its sessions and offers Fastify the
 * `closeHttp2Sessions` hook, so `app.close()` ends idle browser connections (a GOAWAY; requests in
 * flight finish) instead of waiting for them to time out.
 */
export function createListeningServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  tls?: TlsPair,
): http.Server {
  if (!tls) return http.createServer(handler);
  const server = http2.createSecureServer({ cert: tls.cert, key: tls.key, allowHTTP1: true }, handler as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    session.setTimeout(SESSION_IDLE_MS, () => session.close());
  });
  Object.assign(server, {
    closeHttp2Sessions: () => {
      for (const session of sessions) session.close();
    },
  });
  // The request and response objects of both protocols have the API the app uses (Node's HTTP/2
  // compatibility layer); Fastify itself is typed for one server kind.
  return server as unknown as http.Server;
}

/**
 * Loads the certificate files again into a listening HTTPS server (SIGHUP: a renewed certificate
 * without a restart). Connections already open keep the old one. Throws, leaving the server as it
 * was, when the new files are not a usable pair.
 */
export function reloadTls(server: http.Server, files: TlsFiles): TlsPair {
  const pair = readTls(files);
  (server as unknown as http2.Http2SecureServer).setSecureContext({ cert: pair.cert, key: pair.key });
  return pair;
}
