import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { callSource, preloadSource, routeChunks, type BootRoute } from '../../../scripts/vite-boot-preload';
import { BOOT_CALL_GLOBAL } from '../../../src/api/bootAnswer';

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
  [0, '^/$', ['assets/SignedOutRoutes.js', 'assets/SignIn.js', 'assets/Field.js']],
  [1, '^/dashboard/?$', ['assets/SignedInRoutes.js', 'assets/Dashboard.js', 'assets/Field.js']],
  [1, '^/campaign/[^/]+/?$', ['assets/SignedInRoutes.js', 'assets/Campaign.js']],
  [2, '^/ops(/.*)?$', ['assets/OpsApp.js', 'assets/Field.js']],
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

  it("the back office's rows hold whatever the affiliate's session", () => {
    expect(preloads(source, '/ops', {})).toEqual(['/assets/OpsApp.js', '/assets/Field.js']);
    expect(preloads(source, '/ops/operators', session)).toEqual(['/assets/OpsApp.js', '/assets/Field.js']);
    expect(preloads(source, '/opsx', session)).toEqual([]);
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

/** Runs the boot script's call part in a page at `pathname`; returns what it left and what it preloaded. */
async function bootCall(source: string, pathname: string, stored: Record<string, string>, answer: Response | Error) {
  const links: Record<string, string>[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const window: Record<string, unknown> = {
    localStorage: { getItem: (k: string) => stored[k] ?? null },
    location: { pathname, href: `https://portal.example.com${pathname}` },
    fetch: (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  const document = {
    head: { appendChild: (l: Record<string, string>) => links.push(l) },
    createElement: () => ({ setAttribute(this: Record<string, string>, k: string, v: string) { this[k] = v; } }),
  };
  new Function('window', 'document', 'URL', source)(window, document, URL);
  await new Promise((r) => setTimeout(r, 0));
  return { requests, links, left: window[BOOT_CALL_GLOBAL] as { url: string; token: string; at: number; answer: Promise<Response> } | undefined };
}

describe('the boot script starts the first screen’s call', () => {
  const source = callSource([
    { match: '^/dashboard$', url: '/api/campaigns/popular?page=0&limit=6', image: ['campaigns', 0, 'thumbnail'] },
    { match: '^/campaign/([1-9][0-9]{0,8})/?$', url: '/api/campaign/$1', image: ['campaign', 'thumbnail'] },
  ]);
  const list = (thumbnail: unknown) => Response.json({ success: true, campaigns: [{ thumbnail }] });

  it('signed in: the call with the token, left for the portal, and the first image preloaded at high priority', async () => {
    const { requests, links, left } = await bootCall(source, '/dashboard', session, list('/api/images/campaigns/7'));
    expect(requests).toEqual([{ url: 'https://portal.example.com/api/campaigns/popular?page=0&limit=6', init: { credentials: 'include', headers: { 'x-app-token': 't' } } }]);
    expect(left).toMatchObject({ url: 'https://portal.example.com/api/campaigns/popular?page=0&limit=6', token: 't' });
    expect(Math.abs(Date.now() - left!.at)).toBeLessThan(5_000);
    // The portal still reads the whole answer: the image was read from a copy.
    expect(await (await left!.answer).json()).toEqual({ success: true, campaigns: [{ thumbnail: '/api/images/campaigns/7' }] });
    expect(links).toMatchObject([{ rel: 'preload', as: 'image', href: 'https://portal.example.com/api/images/campaigns/7', fetchpriority: 'high' }]);
  });

  it("the address's id fills the call; an id the page would not ask for starts nothing", async () => {
    const one = await bootCall(source, '/campaign/1001/', session, Response.json({ success: true, campaign: { thumbnail: 'https://cdn.example.net/1.png' } }));
    expect(one.requests.map((r) => r.url)).toEqual(['https://portal.example.com/api/campaign/1001']);
    expect(one.links.map((l) => l.href)).toEqual(['https://cdn.example.net/1.png']);
    for (const other of ['/campaign/0', '/campaign/01', '/campaign/1234567890', '/campaign/1/x', '/dashboard/', '/browse/new']) {
      expect((await bootCall(source, other, session, list('/x'))).requests, other).toEqual([]);
    }
  });

  it('signed out, or with part of a session: no call', async () => {
    expect((await bootCall(source, '/dashboard', {}, list('/x'))).requests).toEqual([]);
    expect((await bootCall(source, '/dashboard', { 'mb-auth-token': 't' }, list('/x'))).requests).toEqual([]);
  });

  it('no preload for a failed call, an answer without the image, or an address that is not http(s)', async () => {
    expect((await bootCall(source, '/dashboard', session, new Response('{}', { status: 401 }))).links).toEqual([]);
    expect((await bootCall(source, '/dashboard', session, Response.json({ success: true, campaigns: [] }))).links).toEqual([]);
    expect((await bootCall(source, '/dashboard', session, list('javascript:alert(1)'))).links).toEqual([]);
    expect((await bootCall(source, '/dashboard', session, list(42))).links).toEqual([]);
    const failed = await bootCall(source, '/dashboard', session, new Error('offline'));
    expect(failed.links).toEqual([]);
    await expect(failed.left!.answer).rejects.toThrow('offline');
  });
});
