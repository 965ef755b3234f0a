// Visual regression: build Storybook, then compare a screenshot of every story with its baseline.
//   node scripts/visual.mjs            compare
//   node scripts/visual.mjs --update   write new baselines for stories that changed or are new
import { spawnSync } from 'node:child_process';

const update = process.argv.includes('--update');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', PW_STAGE: 'visual' } });
  return r.status ?? 1;
};

if (!process.argv.includes('--no-build')) {
  const built = run(process.execPath, ['node_modules/storybook/dist/bin/dispatcher.js', 'build', '--quiet', '--test', '-o', 'storybook-static']);
  if (built !== 0) process.exit(built);
}
const args = ['node_modules/@playwright/test/cli.js', 'test', '--project', 'visual'];
if (update) args.push('--update-snapshots=changed');
// Anything else (e.g. --grep 'UI/Button') goes to Playwright.
process.exit(run(process.execPath, args.concat(process.argv.slice(2).filter((a) => a !== '--update' && a !== '--no-build'))));
