import { describe, expect, it } from 'vitest';
import { budgetOf, consoleLeaks, routeFiles, type RouteBudget } from '../../../scripts/bundle-budget';

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_router.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_router.js': { file: 'assets/router.js', imports: ['_react.js'] },
  '_aria.js': { file: 'assets/aria.js', imports: ['_react.js'] },
  '_dates.js': { file: 'assets/dates.js' },
  'src/features/auth/SignInJourney.tsx': { file: 'assets/SignIn.js', imports: ['_aria.js', 'index.html'], css: ['assets/SignIn.css'] },
  'src/features/dashboard/DashboardPage.tsx': { file: 'assets/Dashboard.js', imports: ['_aria.js', '_dates.js'] },
};

describe('bundle budget: the files a route loads', () => {
  it('are the entry and the route module with their static imports, each once, and nothing of other routes', () => {
    const files = routeFiles(manifest, ['src/features/auth/SignInJourney.tsx']);
    expect(files.sort()).toEqual(['assets/SignIn.css', 'assets/SignIn.js', 'assets/aria.js', 'assets/index.js', 'assets/react.js', 'assets/router.js']);
    expect(files).not.toContain('assets/dates.js');
  });

  it('names a module the build no longer has', () => {
    expect(() => routeFiles(manifest, ['src/features/gone/Gone.tsx'])).toThrow(/src\/features\/gone\/Gone.tsx is not in the build/);
  });
});

describe('bundle budget: affiliates never download the back office', () => {
  const withOps = {
    ...manifest,
    'src/ops/OpsApp.tsx': { file: 'assets/OpsApp.js', imports: ['_aria.js', 'index.html'] },
    '_opsShared.js': { file: 'assets/opsShared.js' },
  };
  const rows: RouteBudget[] = [
    { route: '/ (sign-in)', side: 'signedOut', modules: ['src/features/auth/SignInJourney.tsx'], budgetKiB: 1 },
    { route: '/dashboard', side: 'signedIn', modules: ['src/features/dashboard/DashboardPage.tsx'], budgetKiB: 1 },
    { route: '/ops', side: 'ops', modules: ['src/ops/OpsApp.tsx'], budgetKiB: 1 },
  ];
  const texts: Record<string, string> = { 'assets/OpsApp.js': 'h.set("x-operator-token",t)', 'assets/opsShared.js': 'localStorage.getItem("ops-session")' };
  const read = (file: string) => texts[file] ?? 'export const x = 1;';

  it('finds nothing when only the console loads its chunks', () => {
    expect(consoleLeaks(withOps, rows, read)).toEqual([]);
  });

  it("names a portal route that imports a console chunk, or a file holding the console's token header or session key", () => {
    const leaking = { ...withOps, 'src/features/dashboard/DashboardPage.tsx': { file: 'assets/Dashboard.js', imports: ['_aria.js', 'src/ops/OpsApp.tsx'] } };
    expect(consoleLeaks(leaking, rows, read)).toEqual([{ route: '/dashboard', file: 'assets/OpsApp.js' }]);
    const merged = { ...withOps, '_dates.js': { file: 'assets/opsShared.js' }, 'src/features/auth/SignInJourney.tsx': { file: 'assets/SignIn.js', imports: ['_dates.js'] } };
    // The dashboard imports that chunk too.
    expect(consoleLeaks(merged, rows, read)).toEqual([
      { route: '/ (sign-in)', file: 'assets/opsShared.js' },
      { route: '/dashboard', file: 'assets/opsShared.js' },
    ]);
  });
});

describe("bench:web's budget row of an address", () => {
  const rows = [{ route: '/ (sign-in)' }, { route: '/dashboard' }, { route: '/browse/{tab}' }, { route: '/campaign/{id}' }, { route: '/search' }];
  it('matches a pattern row segment by segment, a plain row exactly', () => {
    expect(budgetOf(rows, '/browse/new')?.route).toBe('/browse/{tab}');
    expect(budgetOf(rows, '/campaign/1001')?.route).toBe('/campaign/{id}');
    expect(budgetOf(rows, '/dashboard')?.route).toBe('/dashboard');
    expect(budgetOf(rows, '/search')?.route).toBe('/search');
  });
  it('gives no row for an address without one, nor for a deeper path', () => {
    expect(budgetOf(rows, '/faq')).toBeUndefined();
    expect(budgetOf(rows, '/browse/new/more')).toBeUndefined();
    expect(budgetOf(rows, '/dashboardx')).toBeUndefined();
  });
});
