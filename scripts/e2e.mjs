// Browser journeys against the real product: builds the portal, then Playwright starts the server
// (tests/e2e/server.ts) with a fresh embedded demo database per worker. Two workers (two servers, two
// browsers) on the two cores: 35 journeys in 217 s, against 268 s with one (2026-11-26, same build).
import { spawnSync } from 'node:child_process';

const run = (args, env = {}) => spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
if (!process.argv.includes('--no-build')) {
  const built = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
}
process.exit(run(['node_modules/@playwright/test/cli.js', 'test', '--project', 'e2e', '--workers=2', ...process.argv.slice(2).filter((a) => a !== '--no-build')], { PW_STAGE: 'e2e' }));
