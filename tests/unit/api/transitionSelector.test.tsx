// @vitest-environment jsdom
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { act, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider, useSelector } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTransitionSelector } from '../../../src/api/transitionSelector';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const counter = createSlice({
  name: 'n',
  initialState: { n: 1, other: 0 },
  reducers: { set: (s, a: { payload: number }) => ({ ...s, n: a.payload }), poke: (s) => ({ ...s, other: s.other + 1 }) },
});
const makeStore = () => configureStore({ reducer: counter.reducer });
type State = ReturnType<typeof counter.reducer>;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const never = new Promise<never>(() => undefined);
/** Suspends on 2: a transition keeps what is shown, an urgent update shows the fallback. */
function Value({ read }: { read: typeof useTransitionSelector }) {
  const n = read((s: State) => s.n);
  if (n === 2) throw never;
  return <output>{n}</output>;
}
/** Renders `children` under `store`, with a fallback for what suspends. */
const show = (store: ReturnType<typeof makeStore>, children: ReactNode) =>
  act(async () =>
    root.render(
      <Provider store={store}>
        <Suspense fallback={<p>loading</p>}>{children}</Suspense>
      </Provider>,
    ),
  );

describe('RTK Query readers rendered as transitions (src/api/transitionSelector.ts)', () => {
  it('follows the store', async () => {
    const store = makeStore();
    await show(store, <Value read={useTransitionSelector} />);
    expect(container.textContent).toBe('1');
    await act(async () => void store.dispatch(counter.actions.set(3)));
    expect(container.textContent).toBe('3');
  });

  it('does not re-render for a change it does not select', async () => {
    const store = makeStore();
    let renders = 0;
    function Count() {
      renders += 1;
      return <>{useTransitionSelector((s: State) => s.n)}</>;
    }
    await show(store, <Count />);
    const before = renders;
    await act(async () => void store.dispatch(counter.actions.poke()));
    expect(renders).toBe(before);
  });

  it('keeps a change made between its render and its subscription', async () => {
    const store = makeStore();
    function Changer() {
      useLayoutEffect(() => void store.dispatch(counter.actions.set(5)), []);
      return null;
    }
    await show(
      store,
      <>
        <Value read={useTransitionSelector} />
        <Changer />
      </>,
    );
    expect(container.querySelector('output')?.textContent).toBe('5');
  });

  it('an answer (no browser event) keeps the page while the new content suspends; react-redux shows the fallback', async () => {
    const store = makeStore();
    await show(store, <Value read={useTransitionSelector} />);
    await act(async () => void store.dispatch(counter.actions.set(2)));
    expect(container.querySelector('p')).toBeNull();
    expect(container.querySelector('output')?.textContent).toBe('1');

    const other = makeStore();
    await show(other, <Value key="react-redux" read={useSelector as typeof useTransitionSelector} />);
    await act(async () => void other.dispatch(counter.actions.set(2)));
    expect(container.querySelector('p')?.textContent).toBe('loading');
  });

  it('a change inside a browser event renders at once (a pressed button is busy before the next press)', async () => {
    const store = makeStore();
    function Press() {
      return (
        <button type="button" onClick={() => store.dispatch(counter.actions.set(2))}>
          press
        </button>
      );
    }
    await show(
      store,
      <>
        <Value read={useTransitionSelector} />
        <Press />
      </>,
    );
    await act(async () => container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(container.querySelector('p')?.textContent).toBe('loading');
  });
});
