import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RouteObject } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { publicAreas, signedOutTable } from '../../src/app/publicAreas';
import { tableOf, toDashboard, type AreaRoutes } from '../../src/app/routeTables';
import { signedInAreas, signedInTables } from '../../src/app/signedInAreas';
import { patterns } from '../../src/shared/paths';

/**
 * Every area's route table (src/features/<area>/routes.tsx, as src/app/signedInAreas.ts and publicAreas.ts collect them): the
 * screens are stories of their own, this story shows what each table declares, side by side, and
 * checks what the app relies on: every path is one of `patterns`, no path twice on a side, and exactly
 * the public pages that need no API call render without the store (`handle: { store: false }`,
 * src/app/SignedOutRoutes.tsx).
 */
const frame = { productName: 'Publisher Portal', siteId: '1', prefetchSignedIn: () => undefined, loadDispatch: () => new Promise<never>(() => {}) };
const areaNames = Object.fromEntries(Object.entries(signedInAreas).map(([file, area]) => [file.split('/')[2], area]));
const areasWith = (areas: Record<string, AreaRoutes>, names: (keyof AreaRoutes)[], open: string): [string, RouteObject[]][] =>
  Object.entries(areas).flatMap(([area, routes]) =>
    names.map((name): [string, RouteObject[]] => [`${area}${name === 'openRoutes' ? open : ''}`, tableOf(routes, name, frame)]).filter(([, table]) => table.length > 0),
  );
const signedIn = areasWith(areaNames, ['shellRoutes', 'openRoutes'], ' (open)');
const signedOut = areasWith(publicAreas, ['openRoutes', 'publicRoutes'], '');
const storeless = (r: RouteObject) => (r.handle as { store?: boolean } | undefined)?.store === false;

function Tables() {
  const side = (caption: string, areas: [string, RouteObject[]][], showStore: boolean) => (
    <table style={{ borderCollapse: 'collapse', marginBottom: 24 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 24 }}>Area</th>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 24 }}>Path</th>
          {showStore && <th scope="col" style={{ textAlign: 'left' }}>Store</th>}
        </tr>
      </thead>
      <tbody>
        {areas.flatMap(([area, routes]) =>
          routes.map((r) => (
            <tr key={`${area}${r.path}`}>
              <td style={{ paddingRight: 24 }}>{area}</td>
              <td style={{ paddingRight: 24 }}>
                <code>{r.path}</code>
              </td>
              {showStore && <td>{storeless(r) ? 'not with the page' : 'loaded with the page'}</td>}
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
  return (
    <div style={{ padding: 16 }}>
      {side('Signed-in routes', signedIn, false)}
      {side('Public routes', signedOut, true)}
    </div>
  );
}

const meta = { title: 'Foundations/Route tables', component: Tables } satisfies Meta<typeof Tables>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllAreas: Story = {
  play: async ({ canvasElement }) => {
    const known = new Set<string>(Object.values(patterns));
    // The story's tables are the app's.
    const app = signedInTables(frame);
    await expect(signedIn.flatMap(([, routes]) => routes.map((r) => r.path)).sort()).toEqual([...app.open, ...app.shell].map((r) => r.path).sort());
    await expect(signedOut.flatMap(([, routes]) => routes.map((r) => r.path)).sort()).toEqual(signedOutTable(frame).map((r) => r.path).sort());
    await expect(toDashboard.every((p) => known.has(p))).toBe(true);
    for (const [, areas] of [['in', signedIn], ['out', signedOut]] as const) {
      const paths = areas.flatMap(([, routes]) => routes.map((r) => r.path ?? ''));
      for (const p of paths) await expect(known.has(p), p).toBe(true);
      await expect(new Set(paths).size).toBe(paths.length);
    }
    const withoutStore = signedOut.flatMap(([, routes]) => routes.filter(storeless).map((r) => r.path)).sort();
    await expect(withoutStore).toEqual([patterns.other, patterns.faq, patterns.ottLogin, patterns.payCompletion, patterns.terms, patterns.twoFactorGuide].sort());
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Public routes' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Signed-in routes' })).toBeVisible();
  },
};
