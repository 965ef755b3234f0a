import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { totpCode } from '../../server/lib/totp';
import { LOCALHOST_TLS } from '../fixtures/tls/localhost';

/**
 * Starts the real product once per worker: `server/index.ts` on a free port with an embedded demo
 * database in a fresh temporary folder. The server's console is captured: in development the mail
 * and SMS adapters print codes there, and the tests read them as a person would.
 */
export interface ProductServer {
  url: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Waits for the next verification code printed for `to` after `since` characters of output. */
  codeFor: (to: string, since: number) => Promise<string>;
}

/** The operator account the e2e server makes when it starts (OPERATOR_EMAIL / OPERATOR_PASSWORD). */
export const E2E_OPERATOR = { email: 'operator@e2e.example', password: 'e2e-operator-password' };

/** The e2e operator's authenticator secret per product server, set up at its first sign-in. */
const operatorSecrets = new Map<string, string>();

/**
 * Signs the e2e operator in the whole way (docs/operators.md "Sign-in"): the password, then the
 * authenticator's set-up at the first sign-in or its code. A code is taken once: a second sign-in
 * within the same 30 seconds waits for the next code.
 */
export async function operatorSignIn(base: string): Promise<string> {
  const post = async (path: string, body: unknown) =>
    (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = await post('/api/operator/session', E2E_OPERATOR);
    if (first.step === 'setup') operatorSecrets.set(base, first.secret as string);
    const secret = operatorSecrets.get(base);
    if (!secret) throw new Error(`the e2e operator's authenticator was set up elsewhere: ${JSON.stringify(first)}`);
    const second = await post('/api/operator/session/code', { challenge: first.challenge, code: totpCode(secret, new Date()) });
    if (typeof second.token === 'string') return second.token;
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error('the e2e operator could not sign in');
}

/**
 * E2E_HTTPS=1: the product serves HTTPS with HTTP/2 (the repository's localhost certificate,
 * tests/fixtures/tls), as a deployment does. Run it with NODE_EXTRA_CA_CERTS pointing at that
 * certificate, so the journeys' own requests from Node trust it (docs/testing.md).
 */
export const E2E_HTTPS = process.env.E2E_HTTPS === '1';
/** Where the product's lead pixel (LEAD_PIXEL_URLS) points in the journeys: answered by the journey, never the network. */
export const LEAD_PIXEL_ORIGIN = 'https://pixels.e2e.example';

async function start(): Promise<{ server: ProductServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  // Below Linux's ephemeral range (32768-60999), where any outgoing connection may hold a port: a
  // port from 20000-39999 was once taken that way while the demo network was generated (EADDRINUSE).
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_CAMPAIGNS: '60',
      LOG_LEVEL: 'warn',
      POSTBACK_ALLOW_LOOPBACK: '1',
      // The thank-you step's lead pixel, on an ad platform's origin the journey answers itself
      // (page.route): the page's Content-Security-Policy must allow it (tests/e2e/register.spec.ts).
      LEAD_PIXEL_URLS: `${LEAD_PIXEL_ORIGIN}/lead.gif?cb={cachebuster}`,
      // The network's operator, made at start (the embedded database is the server's alone).
      OPERATOR_EMAIL: E2E_OPERATOR.email,
      OPERATOR_PASSWORD: E2E_OPERATOR.password,
      ...(E2E_HTTPS ? { TLS_CERT_FILE: LOCALHOST_TLS.certFile, TLS_KEY_FILE: LOCALHOST_TLS.keyFile } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d.toString()));
  child.stderr!.on('data', (d) => (out += d.toString()));
  const url = `${E2E_HTTPS ? 'https' : 'http'}://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const server: ProductServer = {
    url,
    output: () => out,
    codeFor: async (to, since) => {
      const until = Date.now() + 15_000;
      for (;;) {
        const tail = out.slice(since);
        const lines = tail.split('\n').filter((l) => l.includes(to));
        const m = lines.map((l) => /\b(\d{6})\b/.exec(l)).find(Boolean);
        if (m) return m[1];
        if (Date.now() > until) throw new Error(`no code for ${to} in:\n${tail}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return {
    server,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<object, { product: ProductServer }>({
  product: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const { server, stop } = await start();
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
export { expect } from '@playwright/test';
