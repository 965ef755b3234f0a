import type { ReactNode } from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { themes, type ThemeName } from './tokens';

export interface PortalThemeProviderProps {
  theme?: ThemeName;
  children: ReactNode;
}

/** Theme plus global styles (and the CSS custom properties) for everything below it. */
export function PortalThemeProvider({ theme = 'light', children }: PortalThemeProviderProps) {
  return (
    <StyledThemeProvider theme={themes[theme]}>
      <GlobalStyle />
      {children}
    </StyledThemeProvider>
  );
}
