import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC, rolesTable, withTable } from '../../../scripts/operator-roles-table';

describe('the role matrix of docs/operators.md', () => {
  it('is the one the contract gives (npm run docs:roles)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(withTable(doc, rolesTable()), 'docs/operators.md: the role matrix is behind: run npm run docs:roles').toBe(doc);
  });

  it('has a row per operator endpoint, with a ✓ for admin on every row', () => {
    const rows = rolesTable().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) expect(row.split('|')[3].trim(), row).toBe('✓');
  });
});
