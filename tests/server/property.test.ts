import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { apiEndpoints } from '../../server/lib/contractRegistry';
import type { AnyEndpoint } from '../../src/api/contract/endpoint';
import { trackingSiteEndpoints } from '../../src/api/contract/tracking';
import { setupTestApp, signIn, testEngine, tokenFor, type TestContext } from './helpers';

/**
 * Property: whatever arrives at any operation of the OpenAPI document, signed in or
 * not, the answer is never a 5xx and no body carries database error text; an error answer carries
 * a readable errors.message. Values come from each operation's own schemas (parameters and JSON
 * body), shaped or hostile: NUL and control characters, lone surrogates, invalid percent-encoding,
 * SQL, very long text, numbers at the edges, wrong types, prototype keys. Seeded and reproducible:
 * a failure prints its seed and path; replay with PROPERTY_SEED=<seed>. PROPERTY_RUNS sets the
 * number of cases (default 5,000).
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 20261123);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 5000);

/** Text a database or its driver might leak: Postgres and PGlite messages, SQL, stack frames. */
const DATABASE_ERROR_TEXT =
  /invalid byte sequence|invalid input syntax|violates (not-null|foreign key|unique|check) constraint|relation "[^"]*" does not exist|column "[^"]*"|syntax error at or near|out of range for type|null character not permitted|unterminated quoted|SQLSTATE|kysely|postgres(ql)? error|error: relation|at \S+\.(ts|js):\d+/i;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
}
interface Parameter { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema }
interface Operation { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; servers?: Array<{ url: string }> }
interface OpenApi { paths: Record<string, Record<string, Operation>>; servers: Array<{ url: string }> }
interface Op { method: string; base: string; path: string; params: Parameter[]; query: Parameter[]; body: JsonSchema | undefined }

// Hostile text: what the database refuses, what parsers trip on, and what is merely unusual.
const HOSTILE_TEXT = [
  '\u0000', 'a\u0000b', '\u0000'.repeat(3), '\u0001\u0008\u001f\u007f', '\uD800', 'x\uDFFFy', '\uFFFF', '\uFFFE', '\u202E\u2066',
  "' OR '1'='1", "'; drop table affiliates; --", '\\', '\\x00', '%00', '%', '$1', '?', ':id', '../../etc/passwd',
  '<script>alert(1)</script>', '{{7*7}}', '${7*7}', '__proto__', 'constructor', 'null', 'undefined', 'NaN', 'Infinity',
  '-1', '0', '1e309', '9'.repeat(40), '0x1F', ' ', '', '\t\r\n', 'ß', '𝕏', '🙂'.repeat(10), 'é'.normalize('NFD'),
];
/** Raw query and path text, put into the URL as it is: invalid percent-encoding and encoded NUL. */
const RAW_URL_TEXT = ['%00', '%FF', '%C0%80', '%ED%A0%80', '%', '%%', '%zz', '%E2%82', 'a%00b', '%2e%2e%2f', '%0d%0aX-Injected:1'];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', '\u0000', 'é', "'"), fc.integer({ min: 256, max: 20_000 })).map(([c, n]) => c.repeat(n)) },
);
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 63), 1e308, -1e308, 0.5, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  edgeNumber,
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}') as unknown),
  fc.jsonValue({ maxDepth: 2 }),
  fc.array(hostileString, { maxLength: 3 }),
);

function pick(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}

/** A value that mostly fits the schema (so requests get past validation to the handler), sometimes not. */
function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongType;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => shaped(v, depth + 1)));
  if (schema.allOf?.length) return shaped(pick(schema), depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom('1', 'loan', 'demo@example.com', '2026-11-01', 'desktop', 'portal', '/dashboard', 'https://8.8.8.8/p?x={transaction_id}', 'http://127.0.0.1/x'),
      );
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 100_000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(value(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (props.length === 0) return fc.dictionary(hostileString, value(undefined, depth + 1), { maxKeys: 3 });
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, value(v, depth + 1)])), { requiredKeys: [] });
    }
    default:
      return wrongType;
  }
}

/** Shaped, hostile text, or another type altogether. */
function value(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: shaped(schema, depth) }, { weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: wrongType });
}

/** Text for a URL: encoded (when it can be) or raw percent-encoding. */
function urlText(v: unknown, raw: string | null): string {
  if (raw !== null) return raw;
  const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded: send raw bytes that decode to nothing valid instead.
    return '%ED%A0%80';
  }
}

const urlPart = (schema: JsonSchema | undefined) =>
  fc.tuple(value(schema), fc.option(fc.constantFrom(...RAW_URL_TEXT), { freq: 6 })).map(([v, raw]) => urlText(v, raw));

type Auth = 'none' | 'session' | 'half' | 'forged';
interface Case { op: Op; auth: Auth; url: string; payload: unknown; rawBody: string | null; address: string }

function caseFor(op: Op): fc.Arbitrary<Omit<Case, 'auth' | 'address'>> {
  const params = fc.tuple(...op.params.map((p) => urlPart(p.schema)));
  const query = fc.array(
    fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...(op.query.length ? op.query.map((q) => q.name) : ['x'])) }, { weight: 1, arbitrary: hostileString.map((s) => urlText(s, null)) }), fc.integer({ min: 0, max: 1000 })),
    { maxLength: op.query.length + 2 },
  );
  const queryValues = fc.tuple(...(op.query.length ? op.query : [{ name: 'x', in: 'query' as const }]).map((q) => urlPart(q.schema)));
  const body = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: value(op.body).map((payload) => ({ payload, rawBody: null as string | null })) },
        { weight: 1, arbitrary: fc.constantFrom('{"a":', '\u0000', '{"x":"\\u0000"}', '[]', '"', 'null', '{"email":"a@b.c","password":"\\ud800"}').map((rawBody) => ({ payload: undefined, rawBody })) },
      )
    : fc.constant({ payload: undefined, rawBody: null as string | null });
  return fc.tuple(params, query, queryValues, body).map(([ps, qs, qvs, b]) => {
    let i = 0;
    const filled = op.path.replace(/\{[^}]+\}/g, () => ps[i++] ?? '1');
    // Each chosen name with one of the generated values (a name may repeat: an array on the server).
    const search = qs.map(([name, n]) => `${name}=${qvs[n % qvs.length]}`).join('&');
    return { op, url: `${op.base}${filled}${search ? `?${search}` : ''}`, payload: b.payload, rawBody: b.rawBody };
  });
}

let t: TestContext;
const tokens: Record<Exclude<Auth, 'none'>, string> = { session: '', half: '', forged: 'A'.repeat(43) };
let ops: Op[] = [];
const REFRESH_FROM = '10.255.255.1';

async function refreshTokens() {
  const s = await signIn(t.app, DEMO_ACCOUNTS.demo, undefined, REFRESH_FROM);
  if (s.res.statusCode !== 200) throw new Error(`sign-in for the property test failed: ${s.res.body}`);
  tokens.session = s.body['mb-app-token'] as string;
  tokens.half = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
}

beforeAll(async () => {
  // The API's flood limit would answer most of 5,000 requests from one address with 429s.
  t = await setupTestApp({ apiRateLimit: 1_000_000 });
  await refreshTokens();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      // /api for the API; the site's root for the tracking addresses (/go, /postback, /pixel).
      base: (op.servers ?? doc.servers)[0].url.replace(/\/$/, ''),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path'),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}, 60_000);
afterAll(() => t?.close());

describe(`property: no 5xx for any input (${testEngine})`, () => {
  it(`answers every operation of the OpenAPI document without a 5xx or database text (${RUNS} cases, seed ${SEED})`, async () => {
    // The document lists every described endpoint that is not hidden, and the tracking addresses (routes.test.ts checks the rest).
    expect(ops.length).toBe(Object.values(apiEndpoints).filter((ep) => !(ep as AnyEndpoint).hidden).length + Object.keys(trackingSiteEndpoints).length);
    const seen = new Map<string, number>();
    const statuses = new Map<number, number>();
    const arbitrary = fc
      .constantFrom(...ops)
      .chain((op) => fc.record({ base: caseFor(op), auth: fc.constantFrom<Auth>('none', 'session', 'session', 'half', 'forged'), address: fc.ipV4() }))
      .map(({ base, auth, address }): Case => ({ ...base, auth, address }));

    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        const options: InjectOptions = {
          method: c.op.method as InjectOptions['method'],
          url: c.url,
          remoteAddress: c.address,
          headers: {
            ...(c.auth === 'none' ? {} : { 'x-app-token': tokens[c.auth] }),
            ...(c.rawBody !== null ? { 'content-type': 'application/json' } : {}),
          },
          ...(c.rawBody !== null ? { payload: c.rawBody } : c.payload !== undefined && c.op.method !== 'GET' ? { payload: c.payload as object } : {}),
        };
        const res = await t.app.inject(options);
        seen.set(`${c.op.method} ${c.op.path}`, (seen.get(`${c.op.method} ${c.op.path}`) ?? 0) + 1);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${c.op.method} ${c.url.slice(0, 300)} (${c.auth}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
        if (DATABASE_ERROR_TEXT.test(res.body)) throw new Error(`database text: ${where}`);
        if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
          const message = (res.json() as { errors?: { message?: unknown } }).errors?.message;
          if (typeof message !== 'string' || message.trim() === '') throw new Error(`no readable errors.message: ${where}`);
        }
        // A sign-out, or wrong codes that end the half sign-in, must not leave later cases without their tokens.
        if ((c.auth === 'session' || c.auth === 'half') && /logout|otpVerify/.test(c.op.path)) await refreshTokens();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    // Every operation was tried, from several kinds of caller.
    for (const op of ops) expect(seen.get(`${op.method} ${op.path}`) ?? 0, `${op.method} ${op.path}`).toBeGreaterThan(5);
    console.log(`property: ${RUNS} cases over ${ops.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  }, 300_000);
});
