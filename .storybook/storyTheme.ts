import { useSyncExternalStore } from 'react';
import type { ThemeName } from '../src/ui/theme';

/**
 * The story tests' theme switch (docs/testing.md, docs/adr/0008): after a story has been rendered,
 * played and checked in the light theme, `.storybook/vitest.setup.ts` switches the SAME render to the
 * dark theme (the story's tree stays mounted, with its state, focus and open overlays; only the
 * theme's consumers render again), then runs axe and takes the dark screenshot. The preview's theme
 * decorator reads the switch; the workbench never sets it, so its toolbar stays in charge there.
 */
let forced: ThemeName | null = null;
const listeners = new Set<() => void>();

export function forceStoryTheme(theme: ThemeName) {
  if (forced === theme) return;
  forced = theme;
  for (const listener of listeners) listener();
}

/**
 * Before the next story renders: no switch. Silent, so the finished story (about to be unmounted) is
 * not rendered once more in light for nothing.
 */
export function clearForcedStoryTheme() {
  forced = null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme the story tests have switched to, or null (then the story's globals decide). */
export function useForcedStoryTheme(): ThemeName | null {
  return useSyncExternalStore(subscribe, () => forced);
}
