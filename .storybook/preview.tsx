import type { Decorator, Preview } from '@storybook/react-vite';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { makeStore } from '../src/app/store';
import { AriaRouter } from '../src/app/AriaRouter';
import { PortalThemeProvider } from '../src/ui/theme';
import type { ThemeName } from '../src/ui/theme';

// CI machines are busy (two cores, several stages): findBy*/waitFor wait up to 5 s by default
// instead of 1 s. A story that is merely slow passes; one whose expectation never holds still fails.
configure({ asyncUtilTimeout: 5000 });

/** Light or dark, from the toolbar (globals.theme) or a story's `globals`. */
const withTheme: Decorator = (Story, context) => {
  const theme = (context.globals.theme ?? 'light') as ThemeName;
  return (
    <PortalThemeProvider theme={theme}>
      <Story />
    </PortalThemeProvider>
  );
};

/** A fresh Redux store for every story, so cached API data never leaks between stories. */
function StoreProvider({ children }: { children: React.ReactNode }) {
  const [store] = useState(makeStore);
  return <Provider store={store}>{children}</Provider>;
}
const withStore: Decorator = (Story, context) => (
  <StoreProvider key={context.id}>
    <Story />
  </StoreProvider>
);

/** A deep-linkable router: `parameters.router.initialEntries` sets the URL a story starts on. */
const withRouter: Decorator = (Story, context) => {
  const entries = (context.parameters.router?.initialEntries as string[] | undefined) ?? ['/'];
  return (
    <MemoryRouter initialEntries={entries}>
      <AriaRouter>
        <Story />
      </AriaRouter>
    </MemoryRouter>
  );
};

const preview: Preview = {
  decorators: [withRouter, withStore, withTheme],
  loaders: [mswLoader()],
  globalTypes: {
    theme: {
      description: 'Portal theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility is part of done: any axe violation fails the story's test.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
