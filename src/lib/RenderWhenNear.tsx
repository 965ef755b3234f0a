import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { renderMode } from './renderMode';

export interface RenderWhenNearProps {
  children: ReactNode;
  /** The space kept while the content is not rendered (px), so the page's length is about right. */
  minHeight?: number;
  /** Wait until near (the product's `renderMode.offscreenWhenNear` unless given): false renders at once. */
  defer?: boolean;
  /** Far below, render anyway once the page has loaded and the browser is idle (true unless given). */
  whenIdle?: boolean;
}

/** How far beyond the window's top and bottom a place counts as near: a quarter of its height. */
const NEAR = 0.25;

/** Whether an element has a box at all: not under `display: none`. */
const displayed = (element: HTMLElement) => element.getClientRects().length > 0;

interface FarPlace {
  element: HTMLElement;
  render: () => void;
}

/**
 * Places far below, rendered one per idle moment once the page has loaded. Only a displayed place is
 * rendered so; one not displayed (its width hides it, or the shell hides it while the screen loads) is
 * watched for its size, which it gets when it is displayed, and then waits its turn like the others.
 */
const farBelow = new Set<FarPlace>();
let loaded = false;
let awaitingLoad = false;
let releasing = false;
let sizes: ResizeObserver | undefined;
const idle = (step: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(step, { timeout: 2000 }) : setTimeout(step, 200);
function releaseSoon() {
  if (releasing || !loaded || ![...farBelow].some((p) => displayed(p.element))) return;
  releasing = true;
  idle(releaseOne);
}
function releaseOne() {
  releasing = false;
  const next = [...farBelow].find((p) => displayed(p.element));
  if (!next) return;
  forget(next);
  next.render();
  releaseSoon();
}
function renderWhenIdle(place: FarPlace) {
  if (!sizes && typeof ResizeObserver === 'function') sizes = new ResizeObserver(releaseSoon);
  if (!loaded && document.readyState === 'complete') loaded = true;
  if (!loaded && !awaitingLoad) {
    awaitingLoad = true;
    window.addEventListener('load', () => ((loaded = true), releaseSoon()), { once: true });
  }
  farBelow.add(place);
  sizes?.observe(place.element);
  releaseSoon();
}
function forget(place: FarPlace) {
  farBelow.delete(place);
  sizes?.unobserve(place.element);
}

/**
 * Renders its content once its place comes within a quarter of a screen of the window, and keeps it
 * from then on; a displayed place far below renders anyway once the page has loaded and the browser is
 * idle, one place per idle moment, so a keyboard or screen reader user going down the page finds it
 * there (a place displayed only later, once the screen has loaded, too).
 * A place that is not displayed (`display: none` at this width: the desktop menu on a phone, the
 * bottom bar on a desktop) is not rendered until it is displayed and near, nor are its calls made.
 * A place that is near when it first appears renders its content before the browser paints (checked
 * in a layout effect), so content on screen never shows an empty frame.
 * Only in the product (`renderMode.offscreenWhenNear`); the workbench and the tests render at once.
 * Measured on phones' first visits in docs/web-performance.md.
 */
export function RenderWhenNear({ children, minHeight = 0, defer = renderMode.offscreenWhenNear, whenIdle = true }: RenderWhenNearProps) {
  const [near, setNear] = useState(!defer || typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const box = element.getBoundingClientRect();
    const margin = window.innerHeight * NEAR;
    if (displayed(element) && box.top < window.innerHeight + margin && box.bottom > -margin) {
      setNear(true);
      return;
    }
    const render = () => startTransition(() => setNear(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        render();
      },
      { rootMargin: `${NEAR * 100}% 0px` },
    );
    observer.observe(element);
    const idlePlace = { element, render };
    if (whenIdle) renderWhenIdle(idlePlace);
    return () => {
      observer.disconnect();
      forget(idlePlace);
    };
  }, [near, whenIdle]);
  if (near) return children;
  return <div ref={place} data-offscreen style={{ minHeight }} />;
}
