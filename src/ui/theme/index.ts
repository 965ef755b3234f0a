export { lightTheme, darkTheme, themes, cssVariables, media } from './tokens';
export type { Theme, ThemeName, Colors } from './tokens';
export { GlobalStyle } from './GlobalStyle';
export { PortalThemeProvider } from './ThemeProvider';
