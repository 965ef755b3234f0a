// `npm run chromatic`: publish the Storybook to Chromatic when the team has a project token.
// Without CHROMATIC_PROJECT_TOKEN it says so and exits 0 instead of waiting on a service that is unreachable.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('chromatic: CHROMATIC_PROJECT_TOKEN is not set, skipping the upload (visual regression runs locally in `npm run test:visual`).');
  process.exit(0);
}
const r = spawnSync(process.execPath, ['node_modules/chromatic/dist/bin.cjs', '--exit-zero-on-changes', '--build-script-name', 'build-storybook', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
