// `npm test`: every stage CI runs, in order, each with a clear summary line; exits non-zero if any fails.
// Stages keep going after a failure so one run shows everything that is wrong.
//   node scripts/test.mjs                 all stages
//   node scripts/test.mjs unit server     only the named stages
import { spawn } from 'node:child_process';

const node = process.execPath;
const bin = (pkg, file) => `node_modules/${pkg}/${file}`;
const vitest = (project, extra = []) => [node, [bin('vitest', 'vitest.mjs'), 'run', '--project', project, ...extra]];

// The bundle budget stage builds the portal; when it runs, the e2e stage uses that build.
const buildsFirst = process.argv.length <= 2 || process.argv.includes('budget');

const stages = [
  // tsc is single-threaded and takes as long as the other static checks and the build together: on two
  // cores it runs beside them (lane "checks": lint, the OpenAPI lint, then the build), output printed in
  // turn. tsc and eslint keep an incremental cache in node_modules/.cache: a second run checks only what
  // changed (tsc builds the projects of tsconfig.json's references, each with its own build info:
  // docs/testing.md).
  { name: 'typecheck', group: 'static', cmd: [node, [bin('typescript', 'bin/tsc'), '-b', 'tsconfig.json']] },
  {
    name: 'lint',
    group: 'static',
    lane: 'checks',
    cmd: [node, [bin('eslint', 'bin/eslint.js'), '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/', '.']],
  },
  // The OpenAPI document built from the contract, linted by Redocly (0 errors; redocly.yaml).
  { name: 'openapi lint', key: 'openapi', group: 'static', lane: 'checks', cmd: [node, ['--import', 'tsx', 'scripts/openapi-lint.ts']] },
  // Builds the portal (and checks each route's JavaScript against its row in src/app/routeManifest.ts); e2e uses that build.
  { name: 'bundle budget', key: 'budget', group: 'static', lane: 'checks', cmd: [node, ['--import', 'tsx', 'scripts/bundle-budget.ts', '--build']] },
  // The Postgres server suite leaves part of its work to the Postgres server and waits on it, so unit
  // tests fill the gaps: side by side 70-72 s, one after the other 85-96 s (docs/testing.md).
  { name: 'unit', group: 'unit+postgres', cmd: vitest('unit') },
  {
    name: 'server (Postgres)',
    key: 'server',
    group: 'unit+postgres',
    cmd: vitest('server'),
    skip: () => (process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set'),
  },
  { name: 'server (PGlite)', key: 'server', cmd: vitest('server'), env: { TEST_DATABASE_URL: '' } },
  // Every story in light and dark: play, axe and screenshot in one render per theme (docs/testing.md).
  { name: 'stories (both themes)', key: 'stories', cmd: vitest('storybook') },
  { name: 'e2e (real product)', key: 'e2e', cmd: [node, ['scripts/e2e.mjs', ...(buildsFirst ? ['--no-build'] : [])]] },
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
// Vitest colours its summary even with FORCE_COLOR=0 in some terminals: read it without the codes.
// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

function detail(name, rawOutput) {
  const output = plain(rawOutput);
  const tests = output.match(/^\s*Tests\s+(.*)\n/m);
  if (tests) return tests[1].replace(/\s+\(\d+\)$/, (m) => m).trim();
  const pw = output.match(/^e2e: (.*)$/m);
  if (pw) return pw[1].trim();
  const budget = output.match(/^budget: (.*)$/m);
  if (budget) return budget[1].trim();
  const redocly = output.match(/Your API description is valid|You have \d+ errors?[^\n]*/);
  if (redocly) return redocly[0] === 'Your API description is valid' ? '0 errors' : redocly[0];
  if (name === 'typecheck' || name === 'lint') return output.trim() ? 'see output above' : 'no problems';
  return '';
}

const results = [];
const started = Date.now();
for (let i = 0; i < selected.length; ) {
  // Consecutive stages of one group run together; stages of one lane within it, one after the other.
  const batch = [selected[i++]];
  while (batch[0].group && selected[i]?.group === batch[0].group) batch.push(selected[i++]);
  const runnable = [];
  for (const stage of batch) {
    const skip = stage.skip?.();
    if (skip) results.push({ name: stage.name, status: 'skipped', detail: skip, secs: 0 });
    else runnable.push(stage);
  }
  const lanes = new Map();
  for (const stage of runnable) lanes.set(stage.lane ?? stage.name, [...(lanes.get(stage.lane ?? stage.name) ?? []), stage]);
  const together = lanes.size > 1;
  if (together) console.log(`\n━━━ ${[...lanes.values()].map((l) => l.map((s) => s.name).join(' → ')).join(' + ')} (side by side) ━━━`);
  const finished = (
    await Promise.all(
      [...lanes.values()].map(async (lane) => {
        const done = [];
        for (const stage of lane) {
          if (!together) console.log(`\n━━━ ${stage.name} ━━━`);
          const t0 = Date.now();
          const r = await run(stage, together);
          done.push({ stage, ...r, secs: (Date.now() - t0) / 1000 });
        }
        return done;
      }),
    )
  ).flat();
  for (const { stage, code, output, secs } of finished) {
    if (together) console.log(`\n━━━ ${stage.name} ━━━\n${output}`);
    results.push({ name: stage.name, status: code === 0 ? 'passed' : 'FAILED', detail: detail(stage.name, output), secs, tests: testCount(output), failures: code === 0 ? [] : failures(output) });
  }
}

/** How many tests a stage ran, from its own summary (vitest's "Tests N passed (T)", Playwright's "p/T"). */
function testCount(rawOutput) {
  const output = plain(rawOutput);
  const vitest = output.match(/Tests\s+.*\((\d+)\)\s*\n/);
  if (vitest) return Number(vitest[1]);
  const pw = output.match(/^e2e: (\d+)\/(\d+)/m);
  return pw ? Number(pw[2]) : null;
}

/** The failed tests of a stage (vitest's "FAIL  file > test" with its error's first line, e2e's "failed:"), at most ten. */
function failures(rawOutput) {
  const lines = plain(rawOutput).split('\n');
  const found = [];
  for (let i = 0; i < lines.length && found.length < 10; i++) {
    const e2e = lines[i].match(/^\s+failed: (.*)$/);
    if (e2e) {
      found.push(e2e[1].trim());
      continue;
    }
    const m = lines[i].match(/^\s*FAIL\s+(.*>.*)$/);
    if (!m) continue;
    const error = lines.slice(i + 1, i + 6).find((l) => /\S/.test(l) && !/^\s*FAIL\s/.test(l));
    const entry = `${m[1].trim()}${error ? ` — ${error.trim().slice(0, 200)}` : ''}`;
    if (!found.includes(entry)) found.push(entry);
  }
  return found;
}

console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.status.padEnd(8)} ${r.name.padEnd(24)} ${`${r.secs.toFixed(1)}s`.padStart(7)}  ${r.detail}`);

// The timing line of every stage: what a test costs, to keep the suite inside its budget (docs/testing.md).
console.log('\n━━━ timing ━━━');
console.log(`${'stage'.padEnd(24)} ${'tests'.padStart(6)} ${'seconds'.padStart(8)} ${'s/test'.padStart(7)}`);
for (const r of results) {
  const n = r.tests ?? null;
  console.log(`${r.name.padEnd(24)} ${String(n ?? '-').padStart(6)} ${r.secs.toFixed(1).padStart(8)} ${(n ? (r.secs / n).toFixed(3) : '-').padStart(7)}`);
}
const total = results.reduce((sum, r) => sum + r.secs, 0);
console.log(`${'total'.padEnd(24)} ${String(results.reduce((sum, r) => sum + (r.tests ?? 0), 0)).padStart(6)} ${total.toFixed(1).padStart(8)}`);
// Stages side by side count in full above; this is the time the run took.
console.log(`${'wall clock'.padEnd(24)} ${''.padStart(6)} ${((Date.now() - started) / 1000).toFixed(1).padStart(8)}`);
const failed = results.filter((r) => r.status === 'FAILED');
console.log(failed.length ? `\n${failed.length} stage(s) failed.` : '\nAll stages passed.');
// CI keeps only the end of the output: name what failed here, with the first line of its error.
for (const r of failed) for (const line of r.failures) console.log(`  ${r.name}: ${line}`);
process.exit(failed.length ? 1 : 0);
