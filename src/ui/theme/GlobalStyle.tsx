import { createGlobalStyle } from 'styled-components';
import { cssVariables } from './tokens';

export const GlobalStyle = createGlobalStyle`
  :root {
    ${({ theme }) =>
      Object.entries(cssVariables(theme))
        .map(([k, v]) => `${k}: ${v};`)
        .join('\n')}
    color-scheme: ${({ theme }) => theme.name};
  }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.normal};
    -webkit-font-smoothing: antialiased;
  }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  /* A heading focused to announce a new screen or step is not a control: no focus ring on it. */
  :is(h1, h2)[tabindex="-1"]:focus { outline: none; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
