import { useEffect } from 'react';

/** Spec 001 §2.5: the warning when a form is half filled and the page is left. */
export const LEAVE_MESSAGE = 'Are you sure you want to leave? Changes you made may not be saved.';

/** Screens with unsaved changes right now (each a unique token). */
const active = new Set<symbol>();

/**
 * Asks before in-app navigation while any screen has unsaved changes (called by the app's router
 * bridge, src/app/AriaRouter.tsx). Closing or reloading the tab is covered by `beforeunload`.
 */
export function confirmLeave(ask: (message: string) => boolean = (m) => window.confirm(m)): boolean {
  return active.size === 0 || ask(LEAVE_MESSAGE);
}

/**
 * Warns before the page is left while `unsaved` holds: closing or reloading the tab (the browser's
 * own dialog) and navigating inside the portal (LEAVE_MESSAGE).
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => (unsaved ? holdLeave() : undefined), [unsaved]);
}

/** Marks unsaved changes until the returned release is called (the hook's effect). */
export function holdLeave(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const token = Symbol('unsaved');
  active.add(token);
  const warn = (e: Event) => {
    e.preventDefault();
    // Older browsers show their dialog only when returnValue is set.
    if (typeof BeforeUnloadEvent !== 'undefined' && e instanceof BeforeUnloadEvent) e.returnValue = '';
  };
  target.addEventListener('beforeunload', warn);
  return () => {
    active.delete(token);
    target.removeEventListener('beforeunload', warn);
  };
}
