import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints, siteEndpoints } from '../../server/lib/contractRegistry';
import type { AnyEndpoint } from '../../src/api/contract/endpoint';
import { summaryOf } from '../../server/lib/openapi';
import { setupTestApp, testEngine, type TestContext } from './helpers';

/**
 * The OpenAPI document as integrators read it: the API and the tracking addresses only (no portal
 * files, even with a portal build being served), and every operation with an id, a summary, its
 * security and a success answer. `node --import tsx scripts/openapi-lint.ts` lints the same document.
 */
interface Response { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }
interface Operation { operationId?: string; summary?: string; security?: Array<Record<string, string[]>>; servers?: Array<{ url: string }>; responses: Record<string, Response> }
interface Doc {
  servers: Array<{ url: string }>;
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

let t: TestContext;
let dist: string;
let doc: Doc;
const operations: Array<{ path: string; method: string; op: Operation }> = [];

const byName = Object.entries({ ...apiEndpoints, ...siteEndpoints } as Record<string, AnyEndpoint>);
const openApiPath = (ep: AnyEndpoint) => ep.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

beforeAll(async () => {
  // A stand-in portal build: its files are routes of the server, and must not be in the document.
  dist = mkdtempSync(path.join(tmpdir(), 'openapi-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await setupTestApp({ distDir: dist }, false);
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
  for (const [p, item] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(item)) operations.push({ path: p, method, op });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe(`OpenAPI document for integrators (${testEngine})`, () => {
  it('lists no portal files, no /cdn images and nothing that is not described in the contract', async () => {
    // The portal build is being served...
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    // ...but none of its files is an operation.
    for (const p of Object.keys(doc.paths)) {
      expect(p, p).not.toMatch(/^\/(assets\/|index\.html$|favicon|cdn\/|$)/);
      expect(p, p).not.toMatch(/\.(js|css|svg|html|ico|png|webmanifest|txt)$/);
    }
    const described = new Set(byName.map(([, ep]) => `${ep.method.toLowerCase()} ${openApiPath(ep)}`));
    for (const { path: p, method } of operations) expect(described.has(`${method} ${p}`), `${method} ${p}`).toBe(true);
    expect(doc.paths['/openapi.json']).toBeUndefined();
  });

  it('includes the tracking addresses with their parameters and answers, served from the site root', () => {
    const click = doc.paths['/go/{code}']?.get;
    expect(click).toBeDefined();
    expect(click.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect((click as unknown as { parameters: Array<{ name: string; in: string }> }).parameters).toEqual([expect.objectContaining({ name: 'code', in: 'path' })]);
    expect(click.responses['302'].headers).toHaveProperty('Location');
    expect(click.responses['302'].headers).toHaveProperty('Set-Cookie');
    expect(click.responses['503'].content).toHaveProperty(['text/html']);
    // Tracking addresses are not rate-limited.
    expect(click.responses['429']).toBeUndefined();

    for (const method of ['get', 'post']) {
      const postback = doc.paths['/postback']?.[method];
      expect(postback, `${method} /postback`).toBeDefined();
      expect(postback.servers).toEqual([expect.objectContaining({ url: '/' })]);
      expect(postback.responses['200'].content).toHaveProperty(['application/json']);
      for (const status of ['400', '403', '404', '409']) expect(postback.responses[status], `${method} /postback ${status}`).toBeDefined();
    }
    const postbackQuery = (doc.paths['/postback'].get as unknown as { parameters: Array<{ name: string }> }).parameters.map((p) => p.name);
    expect(postbackQuery).toEqual(expect.arrayContaining(['click_id', 'txid', 'amount', 'status', 'secret']));

    const pixel = doc.paths['/pixel']?.get;
    expect(pixel).toBeDefined();
    expect(pixel.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(pixel.responses['200'].content).toHaveProperty(['image/gif']);
    const pixelQuery = (pixel as unknown as { parameters: Array<{ name: string }> }).parameters.map((p) => p.name);
    expect(pixelQuery).toEqual(expect.arrayContaining(['click_id', 'campaign_id', 'amount']));
    for (const status of ['400', '403', '404']) expect(pixel.responses[status], `/pixel ${status}`).toBeDefined();
  });

  it('gives every operation a unique camelCase operationId: its name in the contract', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations) {
      expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      const ep = byName.find(([name]) => name === op.operationId)?.[1];
      expect(ep, `${op.operationId} is not a contract name`).toBeDefined();
      expect(`${ep!.method.toLowerCase()} ${openApiPath(ep!)}`).toBe(`${method} ${p}`);
    }
    expect(doc.paths['/authenticationApp'].post.operationId).toBe('login');
    expect(doc.paths['/search'].get.operationId).toBe('search');
  });

  it('gives every operation a summary, its security and a 2xx answer', () => {
    // Without a security of its own an operation needs no token (the document's default).
    expect(doc.security).toEqual([{}]);
    const schemes = Object.keys(doc.components.securitySchemes);
    expect(schemes.sort()).toEqual(['appToken', 'operatorToken']);
    for (const { path: p, method, op } of operations) {
      const where = `${method} ${p}`;
      expect(op.summary?.trim(), where).toBeTruthy();
      const ep = byName.find(([name]) => name === op.operationId)![1];
      const security = op.security ?? doc.security;
      if (ep.access === 'public') expect(security, where).toEqual([{}]);
      else expect(security, where).toEqual([{ [ep.access === 'operator' ? 'operatorToken' : 'appToken']: [] }]);
      expect(Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)), `${where} has no 2xx answer`).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) expect(response.description, `${where} ${status}`).not.toBe('Default Response');
    }
  });
});

describe('summaryOf', () => {
  it("keeps a description's first sentence, without references to the product specification", () => {
    expect(summaryOf('Sign in with e-mail and password (spec 002 sections 3, 4, 7)')).toBe('Sign in with e-mail and password');
    expect(summaryOf('Bookmark a campaign (idempotent; spec 000 sections 4, 7)')).toBe('Bookmark a campaign (idempotent)');
    expect(summaryOf('The campaign page: every detail field (spec 000 sections 2, 3, 7). Records a Recently Viewed entry.')).toBe(
      'The campaign page: every detail field',
    );
    expect(summaryOf('Whether an e-mail address may be used: well formed, free of the banned words of spec 002 section 5, and not known to bounce')).toBe(
      'Whether an e-mail address may be used',
    );
    expect(summaryOf('Turn two-factor off (only inside the settings verification window: 403 otherwise)')).toBe(
      'Turn two-factor off (only inside the settings verification window: 403 otherwise)',
    );
  });
});
