import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractModules, stubSource } from '../../../scripts/contract-stubs';
import { sessionEndpoints, TOKEN_HEADER } from '../../../src/api/contract/session';
import { DASHBOARD_MODAL_ORDER } from '../../../src/api/contract/dashboard';

const root = join(import.meta.dirname, '../../..');

/** Evaluates a stub as the browser would (an ES module from text). */
async function load(source: string): Promise<Record<string, unknown>> {
  return import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

describe('the contract in the portal build (scripts/contract-stubs.ts)', () => {
  it('covers every contract module that builds schemas', () => {
    const files = readdirSync(join(root, 'src/api/contract')).filter((f) => f.endsWith('.ts') && f !== 'endpoint.ts');
    expect(Object.keys(contractModules).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  it('keeps what the portal reads (method, path, access, constants) and leaves the schemas and zod out', async () => {
    const source = stubSource('session', contractModules.session);
    expect(source.split('\n').slice(1).join('\n')).not.toMatch(/zod|import/);
    const stub = await load(source);
    expect(stub.TOKEN_HEADER).toBe(TOKEN_HEADER);
    const login = (stub.sessionEndpoints as typeof sessionEndpoints).login;
    expect({ method: login.method, path: login.path, access: login.access }).toEqual({
      method: sessionEndpoints.login.method,
      path: sessionEndpoints.login.path,
      access: sessionEndpoints.login.access,
    });
    expect(login.body).toBeUndefined();
    expect(stub.LoginRequest).toBeUndefined();
    const dashboard = await load(stubSource('dashboard', contractModules.dashboard));
    expect(dashboard.DASHBOARD_MODAL_ORDER).toEqual(DASHBOARD_MODAL_ORDER);
  });

  it('makes a function export say it is not there when called', async () => {
    const envelope = await load(stubSource('envelope', contractModules.envelope));
    expect(() => (envelope.errorEnvelope as () => unknown)()).toThrow(/envelope.errorEnvelope is not in the portal's build/);
  });
});
