import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryModules, routeManifest, type Side } from '../../../src/app/routeManifest';
import { publicAreas, signedOutTable } from '../../../src/app/publicAreas';
import { TABLE_NAMES, toDashboard } from '../../../src/app/routeTables';
import { signedInAreas, signedInTables } from '../../../src/app/signedInAreas';
import { patterns } from '../../../src/shared/paths';

const root = join(import.meta.dirname, '../../..');
const frame = { productName: 'Portal', siteId: '1', prefetchSignedIn: () => undefined, loadDispatch: () => new Promise<never>(() => {}) };
const signedIn = signedInTables(frame);
/** The paths each side's app routes, as the app builds its tables. */
const routed: Record<Side, string[]> = {
  signedIn: [...toDashboard, ...[...signedIn.open, ...signedIn.shell].map((r) => r.path ?? '')],
  signedOut: signedOutTable(frame).map((r) => r.path ?? ''),
  // The back office routes its invitation page and everything else under /ops (src/ops/OpsApp.tsx).
  ops: [patterns.opsInvite, patterns.ops],
};
const rowsOf = (side: Side, pattern: string) => routeManifest.filter((r) => r.side === side && r.patterns.includes(pattern));

describe('the route manifest (src/app/routeManifest.ts)', () => {
  it.each(Object.entries(routed))('has a row for every route of the %s side, and one only', (side, paths) => {
    const missing = paths.filter((p) => rowsOf(side as Side, p).length === 0);
    expect(missing, `routes without a budget row in src/app/routeManifest.ts (${side})`).toEqual([]);
    for (const p of paths) expect(rowsOf(side as Side, p), p).toHaveLength(1);
  });

  it('covers every route pattern of src/shared/paths.ts on some side', () => {
    const covered = new Set(routeManifest.flatMap((r) => r.patterns));
    expect(Object.values(patterns).filter((p) => !covered.has(p))).toEqual([]);
  });

  it('names only patterns the side routes, modules that exist, and a budget for each row', () => {
    for (const row of routeManifest) {
      // '/' signed out is the sign-in journey's catch-all (`*`).
      for (const p of row.patterns) expect(routed[row.side], `${row.route}: ${p}`).toContain(p === patterns.root && row.side === 'signedOut' ? patterns.other : p);
      for (const m of entryModules(row)) expect(existsSync(join(root, m)), `${row.route}: ${m}`).toBe(true);
      expect(row.budgetKiB, row.route).toBeGreaterThan(0);
      if (row.match) expect(() => new RegExp(row.match!), row.route).not.toThrow();
    }
    expect(new Set(routeManifest.map((r) => r.route)).size).toBe(routeManifest.length);
  });
});

describe("the route tables (src/app/routeTables.ts)", () => {
  it('name on the public side every area with public or open routes (src/app/publicAreas.ts)', () => {
    const needed = Object.entries(signedInAreas).filter(([, area]) => area.publicRoutes || area.openRoutes);
    const listed = new Set(Object.values(publicAreas));
    expect(needed.filter(([, area]) => !listed.has(area)).map(([file]) => file)).toEqual([]);
  });

  it('leave out of the signed-in side only areas without signed-in routes, and miss no other area', () => {
    const found = new Set(Object.values(signedInAreas));
    const leftOut = Object.entries(publicAreas).filter(([, area]) => !found.has(area));
    for (const [name, area] of leftOut) expect(area.shellRoutes ?? area.openRoutes, name).toBeUndefined();
    const folders = readdirSync(join(root, 'src/features')).filter((d) => existsSync(join(root, 'src/features', d, 'routes.tsx')));
    expect(Object.keys(signedInAreas).length + leftOut.length).toBe(folders.length);
  });

  it('take only the exports the convention names, so a misspelt table does not vanish unnoticed', () => {
    for (const [file, area] of [...Object.entries(signedInAreas), ...Object.entries(publicAreas)]) {
      const tables = Object.entries(area).filter(([name, value]) => Array.isArray(value) || (typeof value === 'function' && /Routes$/.test(name)));
      for (const [name] of tables) expect(TABLE_NAMES as readonly string[], `${file} exports ${name}`).toContain(name);
    }
  });

  it('route each path once on a side', () => {
    for (const paths of Object.values(routed)) expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
