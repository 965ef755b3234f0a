/**
 * Design tokens: the one typed source of every colour, space, radius, type size, shadow,
 * breakpoint and z-layer used by the portal. `GlobalStyle` also publishes them as CSS custom
 * properties (see `cssVariables`) so plain CSS, iframes and third-party widgets can follow the theme.
 */

const palette = {
  blue50: '#eef4ff',
  blue100: '#d9e6ff',
  blue500: '#2f6fde',
  blue600: '#1f5bc4',
  blue700: '#17479b',
  blue300: '#8db4ff',
  blue400: '#5b92f5',
  green50: '#e9f7ef',
  green600: '#1d7a46',
  green500: '#23a05a',
  green300: '#6fd49b',
  red50: '#fdecec',
  red600: '#c42b2b',
  red700: '#a11f1f',
  red300: '#ff9b9b',
  amber50: '#fff6e0',
  amber600: '#9a6200',
  amber300: '#ffcf66',
  gray0: '#ffffff',
  gray50: '#f6f7f9',
  gray100: '#eceef2',
  gray200: '#dde1e7',
  gray300: '#c4cad3',
  gray500: '#6b7380',
  gray600: '#555d69',
  gray700: '#3a404a',
  gray800: '#262a31',
  gray850: '#1d2026',
  gray900: '#15171b',
  gray950: '#0e1013',
} as const;

export interface Colors {
  /** Page background. */
  background: string;
  /** Cards, modals, inputs. */
  surface: string;
  /** Slightly raised or alternate rows. */
  surfaceMuted: string;
  text: string;
  textMuted: string;
  textInverse: string;
  border: string;
  borderStrong: string;
  primary: string;
  primaryHover: string;
  primaryPressed: string;
  primarySubtle: string;
  onPrimary: string;
  danger: string;
  dangerHover: string;
  dangerSubtle: string;
  onDanger: string;
  success: string;
  successSubtle: string;
  warning: string;
  warningSubtle: string;
  info: string;
  infoSubtle: string;
  focusRing: string;
  overlay: string;
  skeleton: string;
  highlight: string;
}

export interface Theme {
  name: 'light' | 'dark';
  colors: Colors;
  /** Spacing scale in px, index = step. */
  space: readonly [0, 4, 8, 12, 16, 24, 32, 48, 64];
  radii: { sm: string; md: string; lg: string; pill: string };
  fonts: { body: string; mono: string };
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string; display: string };
  fontWeights: { regular: number; medium: number; bold: number };
  lineHeights: { tight: number; normal: number };
  shadows: { sm: string; md: string; lg: string };
  breakpoints: { mobile: number; tablet: number; desktop: number; wide: number };
  zIndices: { base: number; sticky: number; dropdown: number; overlay: number; modal: number; popover: number; toast: number; tooltip: number };
  durations: { fast: string; normal: string; slow: string };
}

const shared = {
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64] as const,
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  // A fixed stack of locally installed fonts: screenshots are only comparable when every
  // machine renders the same glyphs (Debian's fonts-liberation and fonts-dejavu-core).
  fonts: {
    body: '"Liberation Sans", "DejaVu Sans", Arial, sans-serif',
    mono: '"Liberation Mono", "DejaVu Sans Mono", monospace',
  },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px', display: '32px' },
  fontWeights: { regular: 400, medium: 500, bold: 700 },
  lineHeights: { tight: 1.2, normal: 1.5 },
  breakpoints: { mobile: 375, tablet: 768, desktop: 1024, wide: 1440 },
  zIndices: { base: 0, sticky: 100, dropdown: 200, overlay: 300, modal: 400, popover: 500, toast: 600, tooltip: 700 },
  // The spec fixes the system message transition at 200 ms (spec 002 §4).
  durations: { fast: '120ms', normal: '200ms', slow: '400ms' },
};

export const lightTheme: Theme = {
  name: 'light',
  ...shared,
  colors: {
    background: palette.gray50,
    surface: palette.gray0,
    surfaceMuted: palette.gray100,
    text: palette.gray900,
    textMuted: palette.gray600,
    textInverse: palette.gray0,
    border: palette.gray200,
    borderStrong: palette.gray500,
    primary: palette.blue600,
    primaryHover: palette.blue700,
    primaryPressed: '#12397c',
    primarySubtle: palette.blue50,
    onPrimary: palette.gray0,
    danger: palette.red600,
    dangerHover: palette.red700,
    dangerSubtle: palette.red50,
    onDanger: palette.gray0,
    success: palette.green600,
    successSubtle: palette.green50,
    warning: palette.amber600,
    warningSubtle: palette.amber50,
    info: palette.blue600,
    infoSubtle: palette.blue50,
    focusRing: palette.blue500,
    overlay: 'rgba(14, 16, 19, 0.55)',
    skeleton: palette.gray100,
    highlight: '#fff3c4',
  },
  shadows: {
    sm: '0 1px 2px rgba(21, 23, 27, 0.08)',
    md: '0 4px 12px rgba(21, 23, 27, 0.12)',
    lg: '0 12px 32px rgba(21, 23, 27, 0.18)',
  },
};

export const darkTheme: Theme = {
  name: 'dark',
  ...shared,
  colors: {
    background: palette.gray950,
    surface: palette.gray850,
    surfaceMuted: palette.gray800,
    text: '#eef0f3',
    textMuted: '#aab1bc',
    textInverse: palette.gray900,
    border: palette.gray700,
    borderStrong: '#8b93a0',
    primary: palette.blue300,
    primaryHover: '#a9c6ff',
    primaryPressed: '#c5d8ff',
    primarySubtle: '#1b2a45',
    onPrimary: palette.gray950,
    danger: palette.red300,
    dangerHover: '#ffb8b8',
    dangerSubtle: '#3a1c1f',
    onDanger: palette.gray950,
    success: palette.green300,
    successSubtle: '#16301f',
    warning: palette.amber300,
    warningSubtle: '#3a2e12',
    info: palette.blue300,
    infoSubtle: '#1b2a45',
    focusRing: palette.blue400,
    overlay: 'rgba(0, 0, 0, 0.7)',
    skeleton: palette.gray800,
    highlight: '#4a3f12',
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 4px 12px rgba(0, 0, 0, 0.55)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.65)',
  },
};

export const themes = { light: lightTheme, dark: darkTheme } as const;
export type ThemeName = keyof typeof themes;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every token as a CSS custom property, e.g. `--color-primary`, `--space-4`, `--z-modal`. */
export function cssVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(theme.colors)) vars[`--color-${kebab(k)}`] = v;
  theme.space.forEach((v, i) => (vars[`--space-${i}`] = `${v}px`));
  for (const [k, v] of Object.entries(theme.radii)) vars[`--radius-${k}`] = v;
  for (const [k, v] of Object.entries(theme.fonts)) vars[`--font-${k}`] = v;
  for (const [k, v] of Object.entries(theme.fontSizes)) vars[`--font-size-${k}`] = v;
  for (const [k, v] of Object.entries(theme.fontWeights)) vars[`--font-weight-${k}`] = String(v);
  for (const [k, v] of Object.entries(theme.shadows)) vars[`--shadow-${k}`] = v;
  for (const [k, v] of Object.entries(theme.breakpoints)) vars[`--breakpoint-${k}`] = `${v}px`;
  for (const [k, v] of Object.entries(theme.zIndices)) vars[`--z-${k}`] = String(v);
  for (const [k, v] of Object.entries(theme.durations)) vars[`--duration-${k}`] = v;
  return vars;
}

/** `media.below('tablet')` → a media query string for styled-components. */
export const media = {
  below: (bp: keyof Theme['breakpoints']) => `@media (max-width: ${shared.breakpoints[bp] - 1}px)`,
  atLeast: (bp: keyof Theme['breakpoints']) => `@media (min-width: ${shared.breakpoints[bp]}px)`,
};
