import { useCallback, useSyncExternalStore } from 'react';
import { storageKeys } from './storageKeys';

/**
 * The affiliate's theme: System follows the device's light or dark setting, Light and Dark
 * fix it. Remembered on the device; public/theme-boot.js reads the same key before the first paint,
 * so the page never flashes the wrong theme, and the sign-in pages follow the same choice.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ThemeName = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function readThemeChoice(store: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemeChoice {
  const value = store?.getItem(storageKeys.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

function systemPrefersDark(): boolean {
  return Boolean(globalThis.matchMedia?.(DARK_QUERY).matches);
}

/** The theme a choice shows: System is the device's own setting. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): ThemeName {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice;
}

/** Marks the document as public/theme-boot.js does: the browser's own controls and the page behind the app follow. */
export function markDocumentTheme(theme: ThemeName, doc: Document | undefined = globalThis.document) {
  if (!doc) return;
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = globalThis.matchMedia?.(DARK_QUERY);
  const onStorage = (e: StorageEvent) => e.key === storageKeys.theme && listener();
  media?.addEventListener?.('change', listener);
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

const snapshot = () => `${readThemeChoice()}:${systemPrefersDark() ? 'dark' : 'light'}`;

/** The stored choice, the theme it shows now, and a way to change it (remembered on this device). */
export function useThemeChoice(): { choice: ThemeChoice; theme: ThemeName; setChoice: (choice: ThemeChoice) => void } {
  const [choice, system] = useSyncExternalStore(subscribe, snapshot, () => 'system:light').split(':') as [ThemeChoice, ThemeName];
  const setChoice = useCallback((next: ThemeChoice) => {
    if (next === 'system') globalThis.localStorage?.removeItem(storageKeys.theme);
    else globalThis.localStorage?.setItem(storageKeys.theme, next);
    listeners.forEach((l) => l());
  }, []);
  return { choice, theme: resolveTheme(choice, system === 'dark'), setChoice };
}
