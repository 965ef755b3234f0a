import { startTransition, useLayoutEffect, useReducer, useRef } from 'react';
import { useSelector, useStore } from 'react-redux';
import { renderMode } from '../lib/renderMode';

type Equality<T> = (a: T, b: T) => boolean;

/**
 * A `useSelector` for RTK Query's hooks that re-renders its component as a transition when what it
 * selects changes outside a browser event (an answer arrives, a timer fires), and at once inside one
 * (a press that starts a save shows its busy state before the next press).
 *
 * Why (docs/web-performance.md): react-redux's `useSelector` is a `useSyncExternalStore`,
 * and React renders its updates in one synchronous task, however many readers an answer reaches. On
 * the dashboard that was half of the main thread's blocked time on a phone. A transition is rendered in
 * slices of about 5 ms with the browser free in between: the page's real blocked time at 4x CPU fell
 * from 450-580 to 270-300 ms (median of five, two rounds).
 *
 * What changes with it: readers of one answer may draw a frame apart (each re-renders itself), and a
 * transition's commit waits for the new non-lazy images without `onLoad` to decode (React 19, at most
 * 800 ms), so a card's text and thumbnail appear together. The product opts in (src/main.tsx); the
 * workbench and the tests keep react-redux's hook.
 */
export function useTransitionSelector<S, T>(selector: (state: S) => T, equalityFn?: Equality<T> | { equalityFn?: Equality<T> }): T {
  const store = useStore();
  const equal = (typeof equalityFn === 'function' ? equalityFn : equalityFn?.equalityFn) ?? Object.is;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const selected = selector(store.getState() as S);
  const latest = useRef({ selector, selected, equal });
  latest.current = { selector, selected, equal };
  useLayoutEffect(() => {
    const check = () => {
      const { selector: select, selected: shown, equal: same } = latest.current;
      if (same(select(store.getState() as S), shown)) return;
      if (typeof window !== 'undefined' && window.event) rerender();
      else startTransition(rerender);
    };
    // A change between this render and the subscription would otherwise be missed.
    check();
    return store.subscribe(check);
  }, [store]);
  return selected;
}

/**
 * The hook RTK Query's hooks use (src/api/baseApi.ts): the transition-rendering one when the product
 * has opted in, react-redux's otherwise. `renderMode` is set before the first render and never again,
 * so every component calls the same hook on every render.
 */
export const useApiSelector = (<S, T>(selector: (state: S) => T, equalityFn?: Equality<T> | { equalityFn?: Equality<T> }): T =>
  (renderMode.answersAsTransitions ? useTransitionSelector : useSelector)(selector, equalityFn as Equality<T>)) as typeof useSelector;
