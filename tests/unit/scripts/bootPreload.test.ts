import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadSource, routeChunks, type BootRoute } from '../../../scripts/vite-boot-preload';

/** Runs the boot script's preload part as the browser would, and returns the preloaded addresses. */
function preloads(source: string, pathname: string, stored: Record<string, string>): string[] {
  const links: string[] = [];
  const window = { localStorage: { getItem: (k: string) => stored[k] ?? null }, location: { pathname } };
  const document = { head: { appendChild: (l: { href: string }) => links.push(l.href) }, createElement: () => ({}) };
  new Function('window', 'document', source)(window, document);
  return links;
}

const session = { 'mb-auth-token': 't', 'mb-aid': '1', 'mb-t': 'c' };
const routes: BootRoute[] = [
  [false, '^/$', ['assets/SignedOutRoutes.js', 'assets/SignIn.js', 'assets/Field.js']],
  [true, '^/dashboard/?$', ['assets/SignedInRoutes.js', 'assets/Dashboard.js', 'assets/Field.js']],
  [true, '^/campaign/[^/]+/?$', ['assets/SignedInRoutes.js', 'assets/Campaign.js']],
];

describe('the boot script preloads the chunks of the route a visit opens', () => {
  const source = preloadSource(routes);

  it('signed out on /: the public routes and the sign-in page', () => {
    expect(preloads(source, '/', {})).toEqual(['/assets/SignedOutRoutes.js', '/assets/SignIn.js', '/assets/Field.js']);
  });

  it('signed in: the route of the address, with a shared chunk named once in the table', () => {
    expect(preloads(source, '/dashboard', session)).toEqual(['/assets/SignedInRoutes.js', '/assets/Dashboard.js', '/assets/Field.js']);
    expect(preloads(source, '/campaign/1001', session)).toEqual(['/assets/SignedInRoutes.js', '/assets/Campaign.js']);
    expect(source.match(/assets\/Field\.js/g)).toHaveLength(1);
  });

  it('the side follows the session: all three keys, or the public side', () => {
    expect(preloads(source, '/', session)).toEqual([]);
    expect(preloads(source, '/dashboard', { 'mb-auth-token': 't' })).toEqual([]);
  });

  it('an address no route matches preloads nothing; a page without storage still loads', () => {
    expect(preloads(source, '/nowhere', session)).toEqual([]);
    const throwing = { getItem: () => { throw new Error('blocked'); } };
    expect(() => new Function('window', 'document', source)({ localStorage: throwing, location: { pathname: '/' } }, {})).not.toThrow();
  });
});

describe('routeChunks', () => {
  const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
    ({ type: 'chunk', fileName, imports, isEntry: false, facadeModuleId: null, ...extra }) as unknown as Rollup.OutputChunk;
  const bundle = {
    'index.js': chunk('index.js', ['react.js'], { isEntry: true }),
    'react.js': chunk('react.js', []),
    'Routes.js': chunk('Routes.js', ['react.js', 'shared.js'], { facadeModuleId: '/p/src/app/Routes.tsx' }),
    'Page.js': chunk('Page.js', ['shared.js', 'deep.js'], { facadeModuleId: '/p/src/Page.tsx' }),
    'shared.js': chunk('shared.js', ['deep.js']),
    'deep.js': chunk('deep.js', []),
  } as unknown as Rollup.OutputBundle;

  it('a route: its modules and what they import, less the entry and what the entry already loads', () => {
    expect(routeChunks(bundle, '/p', ['src/app/Routes.tsx', 'src/Page.tsx']).sort()).toEqual(['Page.js', 'Routes.js', 'deep.js', 'shared.js']);
  });

  it('a module that is not a chunk of its own is a build error, not a silent gap', () => {
    expect(() => routeChunks(bundle, '/p', ['src/Gone.tsx'])).toThrow(/not a chunk of its own/);
  });
});
