import { useEffect, type ReactNode } from 'react';
import { markDocumentTheme, useThemeChoice } from '../lib/themeChoice';
import { PortalThemeProvider } from '../ui/theme';

/** The portal in the theme chosen on this device (System, Light or Dark), the page behind it too. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const { theme } = useThemeChoice();
  useEffect(() => markDocumentTheme(theme), [theme]);
  return <PortalThemeProvider theme={theme}>{children}</PortalThemeProvider>;
}
