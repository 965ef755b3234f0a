import { describe, expect, it } from 'vitest';
import { budgetOf, routeFiles } from '../../../scripts/bundle-budget';

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
