import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, tlsFromEnv } from '../../server/config';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { certificateNote, readTls, reloadTls, type TlsFiles } from '../../server/lib/tls';
import { setupTestApp, testEngine, tokenFor, type TestContext } from './helpers';
import { buildLink, codeOf, prepareCampaign } from './trackingFixtures';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { LOCALHOST_TLS } from '../fixtures/tls/localhost';

/** The repository's certificate for localhost (tests/fixtures/tls/README.md). */
const FIXTURE: TlsFiles = LOCALHOST_TLS;
const ca = readFileSync(FIXTURE.certFile);

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await setupTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'portal-tls-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** One HTTP/2 request on `session`: status, headers and body. */
function h2Request(session: http2.ClientHttp2Session, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = session.request({ ':path': pathname, ...headers });
    let body = '';
    let head: http2.IncomingHttpHeaders = {};
    req.setEncoding('utf8');
    req.on('response', (h) => (head = h));
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve({ status: Number(head[':status']), headers: head, body }));
    req.on('error', reject);
    req.end();
  });
}

function connect(port: number) {
  return new Promise<http2.ClientHttp2Session>((resolve, reject) => {
    const session = http2.connect(`https://localhost:${port}`, { ca });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

describe(`HTTPS with HTTP/2 (${testEngine})`, () => {
  it('answers the API, the tracking redirect and HTTP/1.1 clients on one port, with the configured certificate', async () => {
    const app = await buildApp({ db: t.database.db, engine: t.database.engine, passwordCost: TEST_SCRYPT, tls: readTls(FIXTURE), tracking: { baseUrl: 'https://localhost' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const session = await connect(port);
    try {
      // The browser's protocol: HTTP/2, negotiated by ALPN, the certificate checked against its CA.
      expect(session.alpnProtocol).toBe('h2');
      const health = await h2Request(session, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ success: true });
      // Fastify's headers pass HTTP/2's rules (no connection-specific header), compression included.
      const openapi = await h2Request(session, '/api/openapi.json', { 'accept-encoding': 'br' });
      expect(openapi.status).toBe(200);
      expect(openapi.headers['content-encoding']).toBe('br');

      // A click over HTTP/2 goes through the raw fast path in front of Fastify: the same 302 and cookie.
      const campaign = await prepareCampaign(t.database.db, 0);
      const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
      const { body } = await buildLink(t.app, token, { campaign_id: campaign.id, traffic_type: campaign.trafficCode, creative_id: campaign.creativeId });
      const click = await h2Request(session, `/go/${codeOf(body['tracking-link'] as string)}?sub1=h2`, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0' });
      expect(click.status).toBe(302);
      expect(new URL(click.headers.location as string).searchParams.get('s1')).toBe('h2');
      expect(String(click.headers['set-cookie'])).toMatch(new RegExp(`^pp_ck_${campaign.id}=[^;]+;.*Secure`));

      // A client that offers only HTTP/1.1 over TLS gets HTTP/1.1.
      const h1 = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port, path: '/api/health', servername: 'localhost', agent: new https.Agent({ ca, ALPNProtocols: ['http/1.1'] }) }, (res) => {
            let data = '';
            res.on('data', (d: Buffer) => (data += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body: data }));
          })
          .on('error', reject);
      });
      expect(h1).toMatchObject({ status: 200, version: '1.1' });
      expect(JSON.parse(h1.body)).toMatchObject({ success: true });
    } finally {
      session.close();
      await app.close();
    }
  });

  it('closes promptly while a browser keeps an idle HTTP/2 connection open', async () => {
    const app = await buildApp({ db: t.database.db, engine: t.database.engine, passwordCost: TEST_SCRYPT, tls: readTls(FIXTURE) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const session = await connect(port);
    expect((await h2Request(session, '/api/health')).status).toBe(200);
    const goaway = new Promise((resolve) => session.once('goaway', resolve));
    const started = Date.now();
    // Without the sessions' GOAWAY, close() waits for the idle connection (72 s) and the test times out.
    await app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await goaway;
    session.destroy();
  });

  it('loads a renewed certificate into the listening server, and keeps the old one when the new files are bad', async () => {
    const files = { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') };
    writeFileSync(files.certFile, ca);
    writeFileSync(files.keyFile, readFileSync(FIXTURE.keyFile));
    const app = await buildApp({ db: t.database.db, engine: t.database.engine, passwordCost: TEST_SCRYPT, tls: readTls(files) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      writeFileSync(files.certFile, 'not a certificate');
      expect(() => reloadTls(app.server, files)).toThrow(/TLS_CERT_FILE: .* holds no PEM certificate/);
      writeFileSync(files.certFile, ca);
      reloadTls(app.server, files);
      const session = await connect(port);
      expect((await h2Request(session, '/api/health')).status).toBe(200);
      session.close();
    } finally {
      await app.close();
    }
  });
});

describe('TLS configuration', () => {
  it('says whom the certificate is for and until when, and warns before and after it ends', () => {
    // The fixture is valid until 2129-07-08.
    expect(certificateNote(ca, new Date('2026-11-28T00:00:00Z'))).toEqual({
      message: 'TLS certificate for DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, valid until 2129-07-08',
      warn: false,
    });
    expect(certificateNote(ca, new Date('2129-06-28T00:00:00Z'))).toMatchObject({ message: expect.stringMatching(/ends on 2129-07-08, in 10 days: renew it and send SIGHUP$/), warn: true });
    expect(certificateNote(ca, new Date('2129-07-07T12:00:00Z')).message).toMatch(/in 0 days/);
    expect(certificateNote(ca, new Date('2130-01-01T00:00:00Z'))).toMatchObject({ message: expect.stringMatching(/ended on 2129-07-08: browsers refuse it/), warn: true });
  });

  it('takes both files or neither, and says which one is missing', () => {
    expect(tlsFromEnv({})).toBeUndefined();
    expect(tlsFromEnv({ TLS_CERT_FILE: 'a.crt', TLS_KEY_FILE: 'a.key' }, '/srv/portal')).toEqual({ certFile: '/srv/portal/a.crt', keyFile: '/srv/portal/a.key' });
    expect(() => tlsFromEnv({ TLS_CERT_FILE: 'a.crt' })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together: TLS_KEY_FILE is not set');
    expect(() => tlsFromEnv({ TLS_KEY_FILE: 'a.key' })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together: TLS_CERT_FILE is not set');
  });

  it('makes tracking links https by default when the product serves HTTPS', () => {
    const env = { PORT: '8443', TLS_CERT_FILE: FIXTURE.certFile, TLS_KEY_FILE: FIXTURE.keyFile };
    expect(loadConfig(env, []).tracking.baseUrl).toBe('https://localhost:8443');
    expect(loadConfig({ PORT: '8080' }, []).tracking.baseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...env, TRACKING_BASE_URL: 'https://t.example.com' }, []).tracking.baseUrl).toBe('https://t.example.com');
  });

  it('refuses unreadable, non-PEM and mismatched files with a message naming the setting', () => {
    const missing = path.join(dir, 'missing.crt');
    expect(() => readTls({ certFile: missing, keyFile: FIXTURE.keyFile })).toThrow(`TLS_CERT_FILE: cannot read ${missing} (no such file)`);
    const notPem = path.join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    expect(() => readTls({ certFile: FIXTURE.certFile, keyFile: notPem })).toThrow(`TLS_KEY_FILE: ${notPem} holds no PEM private key`);
    // A key of another pair: the certificate's public key does not match it.
    const otherKey = path.join(dir, 'other.key');
    writeFileSync(otherKey, generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => readTls({ certFile: FIXTURE.certFile, keyFile: otherKey })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE do not make a usable pair/);
  });
});
