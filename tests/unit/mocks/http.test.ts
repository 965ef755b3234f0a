import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignEndpoints } from '../../../src/api/contract/campaign';
import { callRequest } from '../../../src/api/contract/endpoint';
import { sessionEndpoints } from '../../../src/api/contract/session';
import { answer, failure, mocksOf, takeContractViolations } from '../../../stories/mocks/http';

/** The stories' mock toolkit holds the portal to the contract: a wrong request is a violation. */
const server = setupServer();
const origin = 'http://portal.test';
beforeAll(() => {
  // The handlers match paths under the page's origin, as in the browser.
  vi.stubGlobal('location', new URL(`${origin}/`));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  takeContractViolations();
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

async function call(url: string, init?: RequestInit) {
  const res = await fetch(`${origin}/api${url}`, init);
  return { status: res.status, body: (await res.json()) as unknown };
}
const post = (url: string, body: unknown) => call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('mock toolkit', () => {
  const login = mocksOf(sessionEndpoints.login);
  const straightIn = {
    success: true as const,
    'mb-app-token': 't',
    'mb-aid': 1,
    'mb-ld': 0,
    'mb-oid': 0,
    'mb-p': 3,
    'mb-o': 0,
    otp_enabled: false,
    otp_prompt_date: null,
    country_verified: true,
    is_mobile_added: true,
  };

  it('answers a request the contract accepts and records nothing', async () => {
    server.use(login.answer(straightIn));
    const res = await post('/authenticationApp', { email: 'a@example.com', password: 'x' });
    expect(res).toEqual({ status: 200, body: straightIn });
    expect(takeContractViolations()).toEqual([]);
  });

  it('records a body the contract refuses, naming the field, and answers 400', async () => {
    server.use(login.answer(straightIn));
    const res = await post('/authenticationApp', { mail: 'a@example.com', password: 'x' });
    expect(res.status).toBe(400);
    const violations = takeContractViolations();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^POST \/authenticationApp: the portal sent a request the contract refuses \(email: /);
  });

  it('checks path parameters and query strings with the same schemas', async () => {
    server.use(answer(campaignEndpoints.getCampaigns, { success: true, campaigns: [], page: 0, has_more: false }));
    const ok = callRequest(campaignEndpoints.getCampaigns, { params: { for: 'new' }, query: { page: 0, limit: 5 } });
    expect(ok.url).toBe('/campaigns/new');
    expect((await call(`${ok.url}?page=0&limit=5`)).status).toBe(200);
    expect(takeContractViolations()).toEqual([]);
    expect((await call('/campaigns/new?limit=5000')).status).toBe(400);
    expect(takeContractViolations()[0]).toMatch(/limit/);
  });

  it('records an answer of the mock that breaks the contract', async () => {
    server.use(answer(sessionEndpoints.verifyToken, { success: 'yes' } as never));
    await call('/application/verifyToken');
    expect(takeContractViolations()[0]).toMatch(/the mock's answer breaks the contract \(success: /);
  });

  it('answers failures with the envelope', async () => {
    server.use(failure(sessionEndpoints.verifyToken, 'Your session has expired.', 401));
    expect(await call('/application/verifyToken')).toEqual({
      status: 401,
      body: { success: false, errors: { message: 'Your session has expired.', code: 401 } },
    });
  });
});
