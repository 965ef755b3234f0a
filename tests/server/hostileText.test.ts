import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { apiEndpoints, siteEndpoints } from '../../server/lib/contractRegistry';
import { fillPath, type AnyEndpoint } from '../../src/api/contract/endpoint';
import { setupTestApp, testEngine, tokenFor, type TestContext } from './helpers';

/**
 * Text the database refuses (a NUL byte) or that is merely hostile, in every field of every
 * described endpoint, signed in: each answer is a 4xx or a success, never a 5xx, and no body leaks
 * database error text. The field list comes from the endpoint descriptions, so new endpoints are
 * covered without a line more.
 */
let t: TestContext;
let token: string;
/** Valid values where a field must be right for the request to get as far as the database. */
const valid: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await setupTestApp();
  token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  const me = await t.app.inject({ method: 'GET', url: '/api/affiliate', headers: { 'x-app-token': token } });
  valid.trackUsage = { source: 'portal', platform: 'desktop', page: '/dashboard', userID: String(me.json().publisher_id) };
  valid.quickSearch = { q: 'loan' };
});
afterAll(() => t.close());

let total = 0;
const HOSTILE = ['\u0000', 'a\u0000b', '%00', "' OR 1=1 --", '\uffff', 'x'.repeat(5000)];

/** The field names of an object schema (zod 4 keeps them in `.shape`; pipes and effects unwrapped). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { _zod?: { def?: { in?: unknown; innerType?: unknown } } })._zod?.def;
    s = def?.in ?? def?.innerType;
  }
  return [];
}

const all = [
  ...Object.entries(apiEndpoints).map(([name, ep]) => ({ name, ep: ep as AnyEndpoint, prefix: '/api' })),
  ...Object.entries(siteEndpoints).map(([name, ep]) => ({ name, ep: ep as AnyEndpoint, prefix: '' })),
].filter(({ name }) => name !== 'logout');

describe(`hostile text in every field (${testEngine})`, () => {
  it.each(all.map(({ name, ep, prefix }) => [name, ep, prefix] as const))('%s answers no 5xx', async (name, ep, prefix) => {
    const params = fieldsOf(ep.params);
    const query = fieldsOf(ep.query);
    const body = fieldsOf(ep.body);
    const cases: { params: Record<string, string>; query: Record<string, string>; body: Record<string, string> }[] = [];
    // Every other field valid (where the test knows a valid value), so the hostile one is the only fault.
    const base = {
      params: Object.fromEntries(params.map((p) => [p, '1'])),
      query: ep.method === 'GET' ? { ...valid[name] } : {},
      body: ep.method === 'GET' ? {} : { ...valid[name] },
    };
    for (const value of HOSTILE) {
      for (const p of params) cases.push({ ...base, params: { ...base.params, [p]: value } });
      for (const q of query) cases.push({ ...base, query: { ...base.query, [q]: value } });
      for (const b of body) cases.push({ ...base, body: { ...base.body, [b]: value } });
    }
    for (const c of cases) {
      total += 1;
      const url = `${prefix}${fillPath(ep.path, c.params)}?${new URLSearchParams(c.query).toString()}`;
      const res = await t.app.inject({
        method: ep.method,
        url,
        headers: { 'x-app-token': token },
        ...(ep.method === 'GET' ? {} : { payload: c.body }),
      });
      expect(res.statusCode, `${ep.method} ${url} ${JSON.stringify(c.body)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.body).not.toMatch(/invalid byte sequence|syntax error|violates|relation "|column "/i);
    }
  });

  it('tried every field of every endpoint', () => {
    // 6 hostile values for each string field of params, query and body of the 48 endpoints.
    expect(total).toBeGreaterThan(250);
  });
});
