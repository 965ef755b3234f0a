import { useEffect, useRef } from 'react';
import { DEFAULT_PRODUCT_NAME, PRODUCT_NAME_META } from '../shared/product';

/** The product name the server wrote into index.html (its PRODUCT_NAME setting), else the default. */
export function readProductName(doc: Document | undefined = globalThis.document): string {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${PRODUCT_NAME_META}"]`);
  return meta?.content.trim() || DEFAULT_PRODUCT_NAME;
}

/** The site id the signed-out screens' footer shows (spec 002 §2), set at build time. */
export const SITE_ID: string = import.meta.env?.VITE_SITE_ID ?? '1';

/** 'Dashboard | Publisher Portal': the screen first, so a tab or a history entry says where it leads. */
export function documentTitle(screen: string | null | undefined, productName: string = readProductName()): string {
  return screen ? `${screen} | ${productName}` : productName;
}

/** Sets the document's title for as long as a screen (or a step of it) is shown. */
export function usePageTitle(screen: string | null | undefined, productName?: string) {
  useEffect(() => {
    document.title = documentTitle(screen, productName);
  }, [screen, productName]);
}

const OPEN_OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Moves focus to `el` once no dialog, menu or list box is left open (a closing overlay's exit
 * animation and its own focus restoring are over), so keyboard and screen-reader users land on the
 * new screen's heading. A heading that cannot take focus is given tabindex -1 first.
 */
export function focusWhenOverlaysGone(el: () => HTMLElement | null | undefined, maxFrames = 120) {
  let frames = 0;
  const focus = (target: HTMLElement) => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  const step = () => {
    if ((document.querySelector(OPEN_OVERLAY) || !el()) && frames++ < maxFrames) {
      requestAnimationFrame(step);
      return;
    }
    const target = el();
    if (target) focus(target);
    // A focus restore scheduled by a closed overlay may still land on the body: take it back once.
    requestAnimationFrame(() => {
      const again = el();
      if (again && (document.activeElement === document.body || document.activeElement === null)) focus(again);
    });
  };
  requestAnimationFrame(step);
}

/**
 * Focuses the heading `find` returns each time `key` changes after the first render: a new step of
 * a journey or a new route is announced by its heading, while the first screen of a visit keeps the
 * browser's own start.
 */
export function useFocusHeadingOnChange(key: unknown, find: () => HTMLElement | null | undefined) {
  const first = useRef(true);
  const finder = useRef(find);
  finder.current = find;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusWhenOverlaysGone(() => finder.current());
  }, [key]);
}
