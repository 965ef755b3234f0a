// `npm run docs:roles`: writes the role matrix of docs/operators.md ("Roles") from the contract: one
// row per operator endpoint, with the roles its description names (`roles`). `--check` only says
// whether the document is behind (tests/unit/scripts/operatorRolesTable.test.ts does the same in `npm test`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiEndpoints } from '../server/lib/contractRegistry.ts';
import { OPERATOR_ROLES } from '../src/api/contract/roles.ts';

export const DOC = join(import.meta.dirname, '..', 'docs/operators.md');
const START = '<!-- roles:start (npm run docs:roles) -->';
const END = '<!-- roles:end -->';

/** The matrix as markdown: every operator endpoint of the contract, by path, with a ✓ per role. */
export function rolesTable(): string {
  const rows = Object.entries(apiEndpoints)
    .filter(([, ep]) => ep.access === 'operator')
    .map(([name, ep]) => ({ call: `\`${ep.method} ${ep.path}\``, name, roles: ep.roles ?? [] }))
    .sort((a, b) => a.call.localeCompare(b.call) || a.name.localeCompare(b.name));
  const head = `| Endpoint | operation | ${OPERATOR_ROLES.join(' | ')} |`;
  const rule = `|---|---|${OPERATOR_ROLES.map(() => ':-:').join('|')}|`;
  const lines = rows.map((r) => `| ${r.call} | ${r.name} | ${OPERATOR_ROLES.map((role) => (r.roles.includes(role) ? '✓' : '')).join(' | ')} |`);
  return [head, rule, ...lines].join('\n');
}

/** The document with its matrix between the markers replaced by `table`. */
export function withTable(doc: string, table: string): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/operators.md has no ${START} … ${END} block`);
  return `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const doc = readFileSync(DOC, 'utf8');
  const next = withTable(doc, rolesTable());
  if (process.argv.includes('--check')) {
    console.log(next === doc ? 'docs/operators.md: the role matrix is current' : 'docs/operators.md: the role matrix is behind: run npm run docs:roles');
    process.exit(next === doc ? 0 : 1);
  }
  writeFileSync(DOC, next);
  console.log('wrote the role matrix of docs/operators.md');
}
