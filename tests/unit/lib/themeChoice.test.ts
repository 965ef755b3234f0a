import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readThemeChoice, resolveTheme, THEME_CHOICES } from '../../../src/lib/themeChoice';
import { storageKeys } from '../../../src/lib/storageKeys';
import { darkTheme, lightTheme } from '../../../src/ui/theme/tokens';

const boot = readFileSync(new URL('../../../public/theme-boot.js', import.meta.url), 'utf8');
const indexHtml = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

/** Runs public/theme-boot.js as the browser would before the first paint, and returns what it marked. */
function runBoot(stored: string | null, prefersDark: boolean, storageThrows = false) {
  const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string> };
  runInNewContext(boot, {
    window: {
      localStorage: {
        getItem: (key: string) => {
          if (storageThrows) throw new Error('blocked');
          return key === storageKeys.theme ? stored : null;
        },
      },
      matchMedia: (q: string) => ({ matches: q === '(prefers-color-scheme: dark)' && prefersDark }),
    },
    document: { documentElement: root },
  });
  return root;
}

describe('the theme choice', () => {
  it('reads the stored choice, System when none or unknown', () => {
    const store = (v: string | null) => ({ getItem: () => v });
    expect(readThemeChoice(store('dark'))).toBe('dark');
    expect(readThemeChoice(store('light'))).toBe('light');
    expect(readThemeChoice(store(null))).toBe('system');
    expect(readThemeChoice(store('purple'))).toBe('system');
  });

  it('System follows the device, Light and Dark fix the theme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it.each(THEME_CHOICES.flatMap((c) => [true, false].map((d) => [c, d] as const)))(
    'the script before the first paint agrees with the portal: %s, device dark %s',
    (choice, prefersDark) => {
      const root = runBoot(choice === 'system' ? null : choice, prefersDark);
      const theme = resolveTheme(choice, prefersDark);
      expect(root.dataset.theme).toBe(theme);
      expect(root.style.colorScheme).toBe(theme);
    },
  );

  it('the script leaves the page alone when storage is blocked', () => {
    expect(runBoot(null, true, true).dataset.theme).toBeUndefined();
  });

  it("index.html loads the script in its head and paints each theme's background", () => {
    const head = indexHtml.split('</head>')[0];
    expect(head).toContain('<script src="/theme-boot.js"></script>');
    expect(head).toContain(`html { background: ${lightTheme.colors.background}; }`);
    expect(head).toContain(`html[data-theme='dark'] { background: ${darkTheme.colors.background}; }`);
  });

  it("index.html's own loading spinner has the loading screen's colours and size in each theme", () => {
    const head = indexHtml.split('</head>')[0];
    expect(head).toContain(`color: ${lightTheme.colors.textMuted}; }`);
    expect(head).toContain(`html[data-theme='dark'] .boot-loading { color: ${darkTheme.colors.textMuted}; }`);
    const root = indexHtml.split('<div id="root">')[1].split('</body>')[0];
    expect(root).toContain('<svg role="progressbar" aria-label="Loading" width="40" height="40"');
  });
});
