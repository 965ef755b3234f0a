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

/** Places that are displayed but far below, rendered one per idle moment once the page has loaded. */
const farBelow = new Set<{ element: HTMLElement; render: () => void }>();
let releasing = false;
const idle = (step: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(step, { timeout: 2000 }) : setTimeout(step, 200);
function releaseOne() {
  // A place not displayed now (its width hides it) keeps waiting for its observer.
  const next = [...farBelow].find((p) => p.element.isConnected && p.element.getClientRects().length > 0);
  if (next) {
    farBelow.delete(next);
    next.render();
  }
  if (next && farBelow.size) idle(releaseOne);
  else releasing = false;
}
function renderWhenIdle(place: { element: HTMLElement; render: () => void }) {
  farBelow.add(place);
  if (releasing) return;
  releasing = true;
  const start = () => idle(releaseOne);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Renders its content once its place comes within a quarter of a screen of the window, and keeps it
 * from then on; a place far below renders anyway once the page has loaded and the browser is idle,
 * one place per idle moment, so a keyboard or screen reader user going down the page finds it there.
 * A place that is not displayed (`display: none` at this width: the desktop menu on a phone, the
 * bottom bar on a desktop) is not rendered until it is displayed and near, nor are its calls made.
 * A place that is near when it first appears renders its content before the browser paints (checked
 * in a layout effect), so content on screen never shows an empty frame.
 * Only in the product (`renderMode.offscreenWhenNear`); the workbench and the tests render at once.
 * Measured on phones' first visits in docs/web-performance.md (stop 35).
 */
export function RenderWhenNear({ children, minHeight = 0, defer = renderMode.offscreenWhenNear, whenIdle = true }: RenderWhenNearProps) {
  const [near, setNear] = useState(!defer || typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const box = element.getBoundingClientRect();
    const displayed = element.getClientRects().length > 0;
    const margin = window.innerHeight * NEAR;
    if (displayed && box.top < window.innerHeight + margin && box.bottom > -margin) {
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
      farBelow.delete(idlePlace);
    };
  }, [near, whenIdle]);
  if (near) return children;
  return <div ref={place} data-offscreen style={{ minHeight }} />;
}
