// `npm run test:prove`: shows that the story checks can still fail (docs/testing.md).
// Each proof makes one deliberate mistake in the working tree, runs the story tests of one file (each
// story is rendered and played once, in light, then switched to dark: docs/adr/0008), restores the
// file, and states which theme failed which check. A proof passes only when the mistake is caught
// exactly where it should be (for example the dark theme's contrast: dark fails, light passes). A story
// that fails in light (its play or its light axe check) gets no dark pass: 'skipped' in the dark column.
// Not part of `npm test`: it takes a few minutes and edits files while it runs.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const tokens = 'src/ui/theme/tokens.ts';
const proofs = [
  {
    name: 'a changed colour token (primary, one step in each theme) fails the screenshot in both themes',
    edits: [
      [tokens, 'primary: palette.blue600,', "primary: '#1f5bc5',"],
      [tokens, 'primary: palette.blue300,', "primary: '#8db4fe',"],
    ],
    file: 'stories/ui/Button.stories.tsx',
    expect: { light: 'screenshot', dark: 'screenshot' },
  },
  {
    // A story without a play function, so axe (not a query by name) is what catches it.
    name: 'a removed label fails axe (in light; the dark pass does not run after a failure)',
    edits: [['stories/ui/IconButton.stories.tsx', "icon: 'bell', 'aria-label': 'News'", "icon: 'bell', 'aria-label': ''"]],
    file: 'stories/ui/IconButton.stories.tsx',
    expect: { light: 'axe', dark: 'skipped' },
  },
  {
    name: 'a colour that fails contrast only in the dark theme fails axe in dark only',
    edits: [[tokens, "textMuted: '#aab1bc',", "textMuted: '#5d636c',"]],
    file: 'stories/ui/TextField.stories.tsx',
    expect: { light: 'pass', dark: 'axe' },
  },
  {
    name: 'a broken play function fails the story (its one render, so both themes)',
    edits: [['stories/ui/Button.stories.tsx', 'toHaveBeenCalledTimes(1);', 'toHaveBeenCalledTimes(2);']],
    file: 'stories/ui/Button.stories.tsx',
    expect: { light: 'play', dark: 'skipped' },
  },
];

/**
 * Which checks failed in each theme: 'screenshot', 'axe', 'play' (any other assertion), 'pass', or
 * 'skipped' (dark only: a story that failed in light gets no dark pass). A failed test's messages tell
 * the theme: the screenshot command and the dark axe check name it; the a11y addon's light check is
 * `toHaveNoViolations`; anything else failed the play function or the light checks before the switch.
 */
function verdicts(results) {
  const light = new Set();
  const dark = new Set();
  for (const test of results.flatMap((r) => r.assertionResults).filter((a) => a.status === 'failed')) {
    let failedInLight = false;
    for (const message of test.failureMessages) {
      const shot = message.match(/The (light|dark) screenshot differs|No baseline tests\/visual\/__screenshots__\/(light|dark)\//);
      if (shot) {
        if ((shot[1] ?? shot[2]) === 'dark') dark.add('screenshot');
        else light.add('screenshot');
      } else if (/The dark theme fails axe/.test(message)) {
        dark.add('axe');
      } else {
        light.add(/toHaveNoViolations/.test(message) ? 'axe' : 'play');
        failedInLight = true;
      }
    }
    if (failedInLight) dark.add('skipped');
  }
  const word = (set) => (set.size ? [...set].sort().join('+') : 'pass');
  return { light: word(light), dark: word(dark) };
}
const caught = (got, expected) => (expected === 'pass' ? got === 'pass' : got.split('+').includes(expected));

function run(file) {
  const out = 'test-results/prove.json';
  spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'stories', file, '--reporter=json', `--outputFile=${out}`],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1' } },
  );
  return JSON.parse(readFileSync(out, 'utf8')).testResults;
}

let failed = 0;
for (const proof of proofs) {
  const originals = new Map();
  try {
    for (const [path, from, to] of proof.edits) {
      const text = originals.get(path) ?? readFileSync(path, 'utf8');
      if (!originals.has(path)) originals.set(path, text);
      const current = readFileSync(path, 'utf8');
      if (!current.includes(from)) throw new Error(`${path} no longer contains ${from}: update this proof`);
      writeFileSync(path, current.replace(from, to));
    }
    const got = verdicts(run(proof.file));
    const ok = caught(got.light, proof.expect.light) && caught(got.dark, proof.expect.dark);
    if (!ok) failed++;
    console.log(`${ok ? 'PROVEN' : 'NOT PROVEN'}: ${proof.name} (light: ${got.light}, dark: ${got.dark})`);
  } finally {
    for (const [path, text] of originals) writeFileSync(path, text);
  }
}
process.exit(failed ? 1 : 0);
