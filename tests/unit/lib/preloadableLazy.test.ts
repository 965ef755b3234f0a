import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from '../../../src/lib/preloadableLazy';

const Greeting: ComponentType<{ name: string }> = ({ name }) => createElement('p', null, `Hello ${name}`);
const render = (Component: ComponentType<{ name: string }>) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Component, { name: 'Ada' })));

describe('preloadableLazy', () => {
  it('suspends while its code is not here (the fallback shows)', () => {
    const Lazy = preloadableLazy(() => new Promise<ComponentType<{ name: string }>>(() => {}));
    expect(render(Lazy)).toContain('loading');
  });

  it('once preloaded, renders the component at once, without the fallback', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(async () => {
      loads += 1;
      return Greeting;
    });
    await expect(Lazy.preload()).resolves.toBe(Greeting);
    const html = render(Lazy);
    expect(html).toContain('Hello Ada');
    expect(html).not.toContain('loading');
    expect(loads).toBe(1);
  });

  it('a failed download rejects preload and leaves the component unloaded', async () => {
    const Lazy = preloadableLazy(() => Promise.reject(new Error('offline')));
    await expect(Lazy.preload()).rejects.toThrow('offline');
    expect(render(Lazy as ComponentType<{ name: string }>)).toContain('loading');
  });
});
