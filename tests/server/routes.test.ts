import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { TEST_SCRYPT } from '../../server/lib/crypto';
import { route } from '../../server/lib/route';
import { apiEndpoints, siteEndpoints } from '../../server/lib/contractRegistry';
import { endpoint, errorStatuses, fillPath, type AnyEndpoint } from '../../src/api/contract/endpoint';
import { SuccessOnly } from '../../src/api/contract/envelope';
import { setupTestApp, testEngine, tokenFor, type TestContext } from './helpers';

/**
 * Every route comes from an endpoint description (src/api/contract), and the one session hook
 * guards every non-public one: this walks the whole list, so a route added later is covered too.
 */
let t: TestContext;
/** A half sign-in: the password was right, the authenticator code is still due. */
let half: string;
beforeAll(async () => {
  t = await setupTestApp();
  half = await tokenFor(t.app, DEMO_ACCOUNTS.twoFactor);
});
afterAll(() => t.close());

const all = [
  ...Object.entries(apiEndpoints).map(([name, ep]) => ({ name, ep: ep as AnyEndpoint, url: (path: string) => `/api${path}` })),
  ...Object.entries(siteEndpoints).map(([name, ep]) => ({ name, ep: ep as AnyEndpoint, url: (path: string) => path })),
];
const guarded = all.filter(({ ep }) => ep.access !== 'public');

/** A path with every parameter filled with something well-formed ("1"). */
function sample(ep: AnyEndpoint): string {
  const names = [...ep.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
  return fillPath(ep.path, Object.fromEntries(names.map((n) => [n, '1'])));
}

describe(`routes (${testEngine})`, () => {
  it('registers a Fastify route for every endpoint description, and only those under /api', () => {
    for (const { ep, url } of all) {
      expect(t.app.hasRoute({ method: ep.method, url: url(ep.path) }), `${ep.method} ${ep.path}`).toBe(true);
    }
    expect(guarded.length).toBeGreaterThan(25);
  });

  it.each(guarded.map(({ name, ep, url }) => [name, ep, url] as const))(
    '%s answers 401 without a token, with a forged one and with a half sign-in it does not accept',
    async (_name, ep, url) => {
      const request = { method: ep.method, url: url(sample(ep)), payload: ep.method === 'GET' ? undefined : {} };
      const none = await t.app.inject(request);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ success: false, errors: { code: 401 } });
      const forged = await t.app.inject({ ...request, headers: { 'x-app-token': 'A'.repeat(43) } });
      expect(forged.statusCode).toBe(401);
      // The authenticator step's half sign-in reaches only the calls that list the 'otp' stage.
      if (!(Array.isArray(ep.access) && ep.access.includes('otp'))) {
        const res = await t.app.inject({ ...request, headers: { 'x-app-token': half } });
        expect(res.statusCode).toBe(401);
      }
    },
  );

  it('documents every described endpoint in the OpenAPI document with its error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
    };
    for (const { ep } of all.filter(({ ep }) => !ep.hidden)) {
      const openApiPath = ep.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[ep.method.toLowerCase()];
      expect(operation, `${ep.method} ${ep.path}`).toBeDefined();
      for (const status of errorStatuses(ep)) expect(operation.responses[String(status)], `${ep.path} ${status}`).toBeDefined();
      expect(Boolean(operation.security), `${ep.path} security`).toBe(ep.access !== 'public');
    }
  });

  it('refuses to start with an API route that has no endpoint description', async () => {
    const app = await buildApp({ db: t.database.db, passwordCost: TEST_SCRYPT });
    expect(() => app.get('/api/undescribed', async () => ({ success: true }))).toThrow(/no endpoint description/);
    // Described routes register, and their access is enforced by the same hook.
    route(
      app,
      endpoint({ method: 'GET', path: '/api/described', access: 'session', tags: ['test'], summary: 'test', response: SuccessOnly }),
      async () => ({ success: true as const }),
    );
    expect((await app.inject({ method: 'GET', url: '/api/described' })).statusCode).toBe(401);
    await app.close();
  });
});
