import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RouteObject } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { authRoutes, openRoutes } from '../../src/features/auth/routes';
import { balanceRoutes, payCompletionRoutes } from '../../src/features/balance/routes';
import { campaignRoutes } from '../../src/features/campaigns/routes';
import { dashboardRoutes } from '../../src/features/dashboard/routes';
import { infoRoutes, publicInfoRoutes } from '../../src/features/info/routes';
import { maxmoneyRoutes } from '../../src/features/maxmoney/routes';
import { postbackRoutes } from '../../src/features/postbacks/routes';
import { recoveryRoutes } from '../../src/features/recovery/routes';
import { referRoutes } from '../../src/features/refer/routes';
import { registerRoutes } from '../../src/features/register/routes';
import { reportRoutes } from '../../src/features/reports/routes';
import { resourcesRoutes } from '../../src/features/resources/routes';
import { settingsRoutes } from '../../src/features/settings/routes';
import { verifyRoutes } from '../../src/features/verify/routes';
import { patterns } from '../../src/shared/paths';

/**
 * Every area's route table (src/features/<area>/routes.tsx): the screens are stories of their own,
 * this story shows what each table declares, side by side, and checks what the app relies on: every
 * path is one of `patterns`, no path twice on a side, and exactly the public pages that need no API
 * call render without the store (`handle: { store: false }`, src/app/SignedOutRoutes.tsx).
 */
const frame = { productName: 'Publisher Portal', siteId: '1' };
const never = () => new Promise<never>(() => {});
const signedIn: [string, RouteObject[]][] = [
  ['dashboard', dashboardRoutes],
  ['campaigns', campaignRoutes],
  ['postbacks', postbackRoutes],
  ['reports', reportRoutes],
  ['balance', balanceRoutes],
  ['settings', settingsRoutes],
  ['info', infoRoutes],
  ['maxmoney', maxmoneyRoutes],
  ['resources', resourcesRoutes],
  ['refer', referRoutes],
  ['auth (open)', openRoutes(frame)],
  ['balance (open)', payCompletionRoutes],
];
const signedOut: [string, RouteObject[]][] = [
  ['balance', payCompletionRoutes],
  ['info', publicInfoRoutes(frame)],
  ['verify', verifyRoutes(frame)],
  ['recovery', recoveryRoutes(frame)],
  ['register', registerRoutes(frame)],
  ['auth', authRoutes({ ...frame, loadDispatch: never })],
];
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
