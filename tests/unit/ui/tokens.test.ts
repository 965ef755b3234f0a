import { describe, expect, it } from 'vitest';
import { cssVariables, darkTheme, lightTheme, type Colors, type Theme } from '../../../src/ui/theme/tokens';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Text/background pairs the components actually use; AA needs 4.5:1 for body text. */
const pairs: Array<[keyof Colors, keyof Colors]> = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surfaceMuted'],
  ['textMuted', 'surface'],
  ['textMuted', 'background'],
  ['primary', 'surface'],
  ['primary', 'background'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['onDanger', 'danger'],
  ['danger', 'surface'],
  ['danger', 'dangerSubtle'],
  ['success', 'successSubtle'],
  ['success', 'surface'],
  ['warning', 'warningSubtle'],
  ['info', 'infoSubtle'],
  ['primary', 'primarySubtle'],
];

describe.each([lightTheme, darkTheme])('$name theme', (theme: Theme) => {
  it.each(pairs)('%s on %s meets WCAG AA (4.5:1)', (fg, bg) => {
    expect(contrast(theme.colors[fg], theme.colors[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it('publishes every token as a CSS custom property', () => {
    const vars = cssVariables(theme);
    expect(vars['--color-primary']).toBe(theme.colors.primary);
    expect(vars['--color-text-muted']).toBe(theme.colors.textMuted);
    expect(vars['--space-4']).toBe('16px');
    expect(vars['--z-modal']).toBe(String(theme.zIndices.modal));
    expect(vars['--duration-normal']).toBe('200ms');
    expect(Object.keys(vars).filter((k) => k.startsWith('--color-'))).toHaveLength(Object.keys(theme.colors).length);
  });
});

it('light and dark themes define the same tokens', () => {
  expect(Object.keys(darkTheme.colors).sort()).toEqual(Object.keys(lightTheme.colors).sort());
  expect(Object.keys(cssVariables(darkTheme)).sort()).toEqual(Object.keys(cssVariables(lightTheme)).sort());
});
