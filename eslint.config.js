import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * Import boundaries (DESIGN.md "Dependency direction"):
 *   shared <- ui <- machines, api <- components <- features <- app; the server imports only src/api/contract and
 *   src/shared. `shared` (pure code: formats, rate text, countries, safe links, route paths)
 *   imports nothing from the project but itself; every zone may import it.
 * A small local rule resolves each relative import and checks it against these zones, so the
 * rule follows real paths rather than string patterns.
 */
const root = path.dirname(new URL(import.meta.url).pathname);
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

function zoneOf(file) {
  const p = rel(file);
  let m;
  if ((m = /^src\/features\/([^/]+)\//.exec(p))) return { zone: 'feature', name: m[1] };
  if (p.startsWith('src/api/contract/')) return { zone: 'contract' };
  for (const z of ['shared', 'ui', 'machines', 'api', 'lib', 'components', 'app']) if (p.startsWith(`src/${z}/`)) return { zone: z };
  if (p.startsWith('server/')) return { zone: 'server' };
  return { zone: 'other' };
}

/** Which zones each zone may import from (besides itself and packages). */
const allowed = {
  shared: ['shared'],
  ui: ['ui', 'shared'],
  lib: ['lib', 'shared'],
  contract: ['contract', 'shared'],
  machines: ['machines', 'lib', 'contract', 'shared'],
  api: ['api', 'contract', 'lib', 'shared'],
  // Pieces several features show alike (the campaign card and grid of the dashboard and browse; the
  // code verification and two-factor set-up of sign-in and settings, with their machines' types).
  components: ['components', 'ui', 'machines', 'api', 'contract', 'lib', 'shared'],
  feature: ['components', 'ui', 'machines', 'api', 'contract', 'lib', 'shared'],
  app: ['app', 'feature', 'components', 'ui', 'machines', 'api', 'contract', 'lib', 'shared'],
  server: ['server', 'contract', 'shared'],
};

const boundaries = {
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', schema: [], messages: { denied: '{{from}} may not import {{to}} ({{why}})' } },
      create(context) {
        const from = zoneOf(context.filename);
        function check(node, source) {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = zoneOf(path.resolve(path.dirname(context.filename), source));
          const list = allowed[from.zone];
          if (!list) return;
          if (from.zone === 'feature' && target.zone === 'feature' && target.name !== from.name) {
            context.report({ node, messageId: 'denied', data: { from: `feature "${from.name}"`, to: `feature "${target.name}"`, why: 'a feature never imports another feature; move shared code to src/shared, ui, lib or api' } });
            return;
          }
          // 'other' (stories, tests, scripts) is open to everyone but shared, which stays self-contained.
          if (target.zone === from.zone || (target.zone === 'other' && from.zone !== 'shared')) return;
          if (!list.includes(target.zone)) {
            const to = target.zone === 'server' ? 'server/' : target.zone === 'other' ? source : `src/${target.zone}`;
            const why = from.zone === 'shared' ? 'src/shared imports nothing but itself and packages' : 'see the dependency direction in DESIGN.md';
            context.report({ node, messageId: 'denied', data: { from: from.zone === 'server' ? 'server/' : `src/${from.zone}`, to, why } });
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'node_modules/', 'data/', 'public/mockServiceWorker.js', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, local: boundaries },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'local/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Stories and tests may reach into any layer to compose a scene.
    files: ['stories/**', 'tests/**', '.storybook/**'],
    rules: { 'local/import-boundaries': 'off' },
  },
);
