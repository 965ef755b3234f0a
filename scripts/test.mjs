// `npm test`: every stage CI runs, in order, each with a clear summary line; exits non-zero if any fails.
// Stages keep going after a failure so one run shows everything that is wrong.
//   node scripts/test.mjs                 all stages
//   node scripts/test.mjs unit server     only the named stages
import { spawn } from 'node:child_process';

const node = process.execPath;
const bin = (pkg, file) => `node_modules/${pkg}/${file}`;
const vitest = (project, extra = []) => [node, [bin('vitest', 'vitest.mjs'), 'run', '--project', project, ...extra]];

const stages = [
  // tsc and eslint are single-threaded: on two cores they run side by side (output printed in turn).
  { name: 'typecheck', group: 'static', cmd: [node, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']] },
  { name: 'lint', group: 'static', cmd: [node, [bin('eslint', 'bin/eslint.js'), '--max-warnings=0', '.']] },
  { name: 'unit', cmd: vitest('unit') },
  { name: 'server (PGlite)', key: 'server', cmd: vitest('server'), env: { TEST_DATABASE_URL: '' } },
  {
    name: 'server (Postgres)',
    key: 'server',
    cmd: vitest('server'),
    skip: () => (process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set'),
  },
  { name: 'stories (play + axe)', key: 'stories', cmd: vitest('storybook') },
  { name: 'visual', cmd: [node, ['scripts/visual.mjs']] },
  { name: 'e2e (real product)', key: 'e2e', cmd: [node, ['scripts/e2e.mjs']] },
];

const only = process.argv.slice(2);
const selected = only.length ? stages.filter((s) => only.includes(s.key ?? s.name)) : stages;

/** Runs one stage; `quiet` buffers its output (for stages running side by side). */
function run(stage, quiet = false) {
  return new Promise((resolve) => {
    const [cmd, args] = stage.cmd;
    const out = [];
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '0', ...stage.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const tee = (stream, target) =>
      stream.on('data', (d) => {
        if (!quiet) target.write(d);
        out.push(d.toString());
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output: out.join('') }));
  });
}

/** Pulls the counts out of each tool's own summary so the final table says what was proven. */
function detail(name, output) {
  const tests = output.match(/Tests\s+(.*)\n/);
  if (tests) return tests[1].replace(/\s+\(\d+\)$/, (m) => m).trim();
  const pw = output.match(/^(?:visual|e2e): (.*)$/m);
  if (pw) return pw[1].trim();
  if (name === 'typecheck' || name === 'lint') return output.trim() ? 'see output above' : 'no problems';
  return '';
}

const results = [];
for (let i = 0; i < selected.length; ) {
  // Consecutive stages of one group run together.
  const batch = [selected[i++]];
  while (batch[0].group && selected[i]?.group === batch[0].group) batch.push(selected[i++]);
  const runnable = [];
  for (const stage of batch) {
    const skip = stage.skip?.();
    if (skip) results.push({ name: stage.name, status: 'skipped', detail: skip, secs: 0 });
    else runnable.push(stage);
  }
  const together = runnable.length > 1;
  if (together) console.log(`\n━━━ ${runnable.map((s) => s.name).join(' + ')} (side by side) ━━━`);
  const finished = await Promise.all(
    runnable.map(async (stage) => {
      if (!together) console.log(`\n━━━ ${stage.name} ━━━`);
      const t0 = Date.now();
      const r = await run(stage, together);
      return { stage, ...r, secs: (Date.now() - t0) / 1000 };
    }),
  );
  for (const { stage, code, output, secs } of finished) {
    if (together) console.log(`\n━━━ ${stage.name} ━━━\n${output}`);
    results.push({ name: stage.name, status: code === 0 ? 'passed' : 'FAILED', detail: detail(stage.name, output), secs });
  }
}

console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.status.padEnd(8)} ${r.name.padEnd(22)} ${`${r.secs.toFixed(1)}s`.padStart(7)}  ${r.detail}`);
const failed = results.filter((r) => r.status === 'FAILED');
console.log(failed.length ? `\n${failed.length} stage(s) failed.` : '\nAll stages passed.');
process.exit(failed.length ? 1 : 0);
