// `npm run test:prove`: shows that the story checks can still fail (issue 10, docs/testing.md).
// Each proof makes one deliberate mistake in the working tree, runs the story tests of one file in both
// themes, restores the file, and states which theme failed which check. A proof passes only when the
// mistake is caught exactly where it should be (for example the dark theme's contrast: dark fails, light
// passes). Not part of `npm test`: it takes about three minutes and edits files while it runs.
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
    name: 'a removed label fails axe in both themes',
    edits: [['stories/ui/IconButton.stories.tsx', "icon: 'bell', 'aria-label': 'News'", "icon: 'bell', 'aria-label': ''"]],
    file: 'stories/ui/IconButton.stories.tsx',
    expect: { light: 'axe', dark: 'axe' },
  },
  {
    name: 'a colour that fails contrast only in the dark theme fails axe in dark only',
    edits: [[tokens, "textMuted: '#aab1bc',", "textMuted: '#5d636c',"]],
    file: 'stories/ui/TextField.stories.tsx',
    expect: { light: 'pass', dark: 'axe' },
  },
  {
    name: 'a broken play function fails in both themes',
    edits: [['stories/ui/Button.stories.tsx', 'toHaveBeenCalledTimes(1);', 'toHaveBeenCalledTimes(2);']],
    file: 'stories/ui/Button.stories.tsx',
    expect: { light: 'play', dark: 'play' },
  },
];

/** Which checks failed in one theme: 'screenshot', 'axe', 'play' (any other assertion), or 'pass'. */
function verdict(results, theme) {
  const checks = new Set(
    results
      .filter((r) => r.theme === theme)
      .flatMap((r) => r.assertionResults.filter((a) => a.status === 'failed'))
      .map((a) => a.failureMessages.join('\n'))
      .map((m) => (/screenshot differs|No baseline/.test(m) ? 'screenshot' : /toHaveNoViolations/.test(m) ? 'axe' : 'play')),
  );
  return checks.size ? [...checks].sort().join('+') : 'pass';
}
const caught = (got, expected) => (expected === 'pass' ? got === 'pass' : got.split('+').includes(expected));

function runTheme(file, theme) {
  const out = `test-results/prove-${theme}.json`;
  spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', theme, file, '--reporter=json', `--outputFile=${out}`],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1' } },
  );
  return JSON.parse(readFileSync(out, 'utf8')).testResults.map((r) => ({ ...r, theme }));
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
    const results = [...runTheme(proof.file, 'light'), ...runTheme(proof.file, 'dark')];
    const got = { light: verdict(results, 'light'), dark: verdict(results, 'dark') };
    const ok = caught(got.light, proof.expect.light) && caught(got.dark, proof.expect.dark);
    if (!ok) failed++;
    console.log(`${ok ? 'PROVEN' : 'NOT PROVEN'}: ${proof.name} (light: ${got.light}, dark: ${got.dark})`);
  } finally {
    for (const [path, text] of originals) writeFileSync(path, text);
  }
}
process.exit(failed ? 1 : 0);
