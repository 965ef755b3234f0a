import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import Fastify from 'fastify';
import { compressVariants, LARGE_ANSWER, preferredEncoding, registerCompression } from '../../server/lib/compression';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';
import { endpoint } from '../../src/api/contract/endpoint';
import { SuccessOnly } from '../../src/api/contract/envelope';
import { route } from '../../server/lib/route';
import { GeneratedImageCache } from '../../server/modules/images/routes';

/** A public endpoint of the tests' own, registered beside the real ones. */
const testEndpoint = (path: string) =>
  endpoint({ method: 'GET', path, access: 'public', tags: ['test'], summary: 'test route', response: SuccessOnly });

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

describe(`OpenAPI document (${testEngine})`, () => {
  it('is generated from the contract schemas at /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    // Paths are relative to the server URL /api.
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const login = doc.paths['/authenticationApp'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    const ok = login.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties)).toEqual(
      expect.arrayContaining(['mb-app-token', 'mb-aid', 'mb-ld', 'mb-oid', 'mb-p', 'mb-o', 'otp_enabled', 'otp_prompt_date', 'country_verified', 'is_mobile_added']),
    );
    expect(doc.paths['/affiliate'].get.responses['401']).toBeDefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
    const operations = Object.values(doc.paths as Record<string, object>).reduce<number>((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBeGreaterThanOrEqual(12);
  });
});

describe(`envelope and errors (${testEngine})`, () => {
  it('answers unknown API routes with a 404 envelope', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/affiliate/nope'], ['GET', '/api'], ['DELETE', '/api/affiliate']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, errors: { message: 'This address does not exist.', code: 404 } });
    }
  });

  it('keeps the tracking paths out of the SPA fallback', async () => {
    // An unknown tracking code lands on the fallback page (never an error page, never the portal).
    const go = await t.app.inject({ method: 'GET', url: '/go/abc' });
    expect(go.statusCode).toBe(200);
    expect(go.body).not.toContain('<div id="root">');
    // Conversion intake without its parameters: a 4xx in the JSON envelope.
    for (const url of ['/postback', '/pixel?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ success: false, errors: { message: expect.any(String) } });
    }
  });

  it('answers an over-size body with 413 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/authenticationApp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, errors: { message: 'The request is too large.', code: 413 } });
  });

  it('answers malformed JSON and unsupported media types with a clean 4xx', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/authenticationApp', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errors: { code: 400 } });
    expect(bad.body).not.toMatch(/at .*\.js|node_modules/);
    const xml = await t.app.inject({ method: 'POST', url: '/api/authenticationApp', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ success: false, errors: { code: 415 } });
  });

  it('turns an unexpected failure into a generic 500 without a stack trace', async () => {
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT });
    route(app, testEndpoint('/api/boom'), async () => {
      throw new Error('secret internal detail at /srv/app.js:1');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, errors: { message: 'Something went wrong on our side. Please try again.', code: 500 } });
    await app.close();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ success: true, database: testEngine });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('rate-limits the API per IP with 429 and the envelope', async () => {
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, apiRateLimit: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await app.inject({ method: 'GET', url: '/api/application/verifyToken', remoteAddress: '10.9.9.9' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const res = await app.inject({ method: 'GET', url: '/api/application/verifyToken', remoteAddress: '10.9.9.9' });
    expect(res.json()).toMatchObject({ success: false, errors: { code: 429 } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().errors.message).toMatch(/^Too many requests/);
    await app.close();
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests when closing, and refuses new ones', async () => {
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT });
    let started: () => void = () => {};
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    route(app, testEndpoint('/api/slow'), async () => {
      started();
      await new Promise((r) => setTimeout(r, 300));
      return { success: true as const };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/slow`);
    // Close once the request is being handled (a fixed wait was flaky on a busy machine).
    await handlerStarted;
    const closing = app.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

describe('portal serving', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends the build\'s precompressed files (brotli, else gzip) and compresses index.html once, with the right caching', async () => {
    const code = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Campaign ${i}` })))};`;
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), code);
    const variants = compressVariants(Buffer.from(code));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), variants.br);
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), variants.gzip);
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, distDir: dist });
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);
      expect(br.rawPayload.length).toBeLessThan(code.length / 4);
      const gz = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(code);
      const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(code);
      const noBrotli = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(noBrotli.headers['content-encoding']).toBe('gzip');

      for (const url of ['/', '/reports/clicks']) {
        const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(page.headers['content-encoding'], url).toBe('br');
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain('<div id="root">');
      }
    } finally {
      await app.close();
    }
  });

  it('answers the build\'s files from memory: read once at start, revalidated by ETag, the rest still from disk', async () => {
    writeFileSync(path.join(dist, 'theme-boot.js'), 'window.x = 1;');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{"version":3}');
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, distDir: dist });
    try {
      // Changed on disk after start-up: memory still answers the build that was started.
      writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(2)');
      const first = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(first.body).toBe('console.log(1)');
      expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
      const again = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const boot = await app.inject({ method: 'GET', url: '/theme-boot.js' });
      expect(boot.headers['cache-control']).toBe('no-cache');
      expect(boot.body).toBe('window.x = 1;');
      const head = await app.inject({ method: 'HEAD', url: '/theme-boot.js' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      // Source maps are not held in memory: they come from the disk as before.
      expect((await app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' })).body).toBe('{"version":3}');
    } finally {
      await app.close();
      writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    }
  });

  it('serves the built portal at / with an SPA fallback, and the API beside it', async () => {
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, distDir: dist });
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const deep = await app.inject({ method: 'GET', url: '/campaign/1001?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const go = await app.inject({ method: 'GET', url: '/go/xyz' });
    expect(go.body).not.toContain('<div id="root">');
    await app.close();
  });
});

describe(`images (${testEngine})`, () => {
  it('draws banners in their own size, thumbnails, manager photos and QR codes', async () => {
    const banner = await t.database.db.selectFrom('creatives').select(['id', 'width', 'height']).where('type', '=', 'banner').where('width', '=', 728).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/images/creatives/${banner.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg [^>]*width="728" height="90"/);
    const dl = await t.app.inject({ method: 'GET', url: `/api/images/creatives/${banner.id}?download=1` });
    expect(dl.headers['content-disposition']).toContain(`banner-${banner.id}-728x90.svg`);

    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    const me = (await t.app.inject(withToken(token, { method: 'GET', url: '/api/affiliate' }))).json();
    for (const url of [me.affiliate_manager.image, me.affiliate_manager.telegram_qr_code, '/api/images/campaigns/1001', '/api/images/landing-pages/1?size=full', '/api/images/slider/1', '/api/images/resources/1']) {
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode, url).toBe(200);
      expect(img.body, url).toContain('<svg');
    }
  });

  it('escapes names inside the SVG', async () => {
    const c = await t.database.db.selectFrom('creatives').select(['id', 'campaign_id']).where('type', '=', 'banner').executeTakeFirstOrThrow();
    const before = await t.database.db.selectFrom('campaigns').select('name').where('id', '=', c.campaign_id).executeTakeFirstOrThrow();
    await t.database.db.updateTable('campaigns').set({ name: '<script>alert(1)</script> & "Co" - X' }).where('id', '=', c.campaign_id).execute();
    // An app of its own: the shared one may have drawn (and kept) this banner under its old name.
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT });
    try {
      const res = await app.inject({ method: 'GET', url: `/api/images/creatives/${c.id}` });
      expect(res.body).not.toContain('<script>');
      expect(res.body).toContain('&lt;script&gt;');
    } finally {
      await app.close();
      await t.database.db.updateTable('campaigns').set({ name: before.name }).where('id', '=', c.campaign_id).execute();
    }
  });

  it('keeps a drawn image for a while, by address, and never an unknown id', async () => {
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT });
    const id = 1002;
    const before = await t.database.db.selectFrom('campaigns').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    try {
      const first = await app.inject({ method: 'GET', url: `/api/images/campaigns/${id}` });
      expect(first.statusCode).toBe(200);
      await t.database.db.updateTable('campaigns').set({ name: 'Renamedbrand - Offer' }).where('id', '=', id).execute();
      // The same address: the image drawn before (no query); another address draws it anew.
      expect((await app.inject({ method: 'GET', url: `/api/images/campaigns/${id}` })).body).toBe(first.body);
      expect((await app.inject({ method: 'GET', url: `/api/images/campaigns/${id}?v=2` })).body).toContain('Renamedbrand');
      // A 404 is not kept: the campaign made afterwards gets its image at once.
      expect((await app.inject({ method: 'GET', url: '/api/images/campaigns/999999' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await t.database.db.updateTable('campaigns').set({ name: before.name }).where('id', '=', id).execute();
    }
  });

  it('forgets an image after its time and the oldest beyond its size, and keeps no failure', async () => {
    let now = 0;
    const cache = new GeneratedImageCache(2, 1000, () => now);
    let made = 0;
    const make = (body: string) => async () => ({ body: `${body}${++made}` });
    expect((await cache.get('a', make('a'))).body).toBe('a1');
    now = 999;
    expect((await cache.get('a', make('a'))).body).toBe('a1');
    now = 1000;
    expect((await cache.get('a', make('a'))).body).toBe('a2');
    await cache.get('b', make('b'));
    await cache.get('c', make('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', make('a'))).body).toBe('a5');
    await expect(cache.get('d', () => Promise.reject(new Error('no such image')))).rejects.toThrow('no such image');
    expect((await cache.get('d', make('d'))).body).toBe('d6');
  });
});

describe('product name', () => {
  it('writes the configured product name into the portal, escaped', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><meta name="product-name" content="Publisher Portal" /><title>Publisher Portal</title></head><div id="root"></div>',
    );
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT, distDir: dist, productName: 'Acme & "Partners"' });
    for (const url of ['/', '/index.html', '/reports/clicks']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).toContain('<title>Acme &#38; &#34;Partners&#34;</title>');
      expect(res.body).toContain('<meta name="product-name" content="Acme &#38; &#34;Partners&#34;" />');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
});

describe('compressed answers', () => {
  it('compresses API answers over 1 KiB for clients that accept it, and leaves small ones and request bodies alone', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(doc);
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    // A compressed request body is not unpacked (it could carry far more than the body limit).
    const packed = await t.app.inject({
      method: 'POST',
      url: '/api/authenticationApp',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: compressVariants(Buffer.from(JSON.stringify({ email: 'a@b.co', password: 'x' }))).gzip,
    });
    expect(packed.statusCode).toBeGreaterThanOrEqual(400);
    expect(packed.statusCode).toBeLessThan(500);
  });

  it('compresses answers over 1 MiB at the fastest level, once, off the event loop', async () => {
    const app = Fastify();
    await registerCompression(app);
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ key_id: String(i), subid1: `s${i % 1000}`, earnings: 26.5 }));
    const json = JSON.stringify({ success: true, report: rows });
    expect(json.length).toBeGreaterThan(LARGE_ANSWER);
    app.get('/big', (_request, reply) => reply.type('application/json').send(json));
    try {
      const br = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      // Compressed once: the answer unpacks to the JSON itself.
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
      expect(br.rawPayload.length).toBeLessThan(json.length / 10);
      const gz = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(json);
      const plain = await app.inject({ method: 'GET', url: '/big' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(json);
    } finally {
      await app.close();
    }
  });

  it('picks brotli, then gzip, from Accept-Encoding, honouring q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('gzip;q=0')).toBeUndefined();
  });
});
