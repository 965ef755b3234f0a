import { lazy, useState, type ComponentType } from 'react';

/**
 * `React.lazy` that renders at once when its code is already here. A plain lazy component suspends on
 * its first render even when its module was fetched long before (its promise settles a tick later),
 * and React then shows the fallback for up to 300 ms before revealing the content. This one keeps the
 * loaded component once `preload()` (or the first render) has fetched it, and later mounts render it
 * directly: code prefetched ahead of a step (for example when the password is accepted) shows that step
 * with no loading frame. A mounted instance keeps the component it started with, so its state is never
 * lost to a switch from the lazy wrapper to the loaded one.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
