import type { Decorator, Preview } from '@storybook/react-vite';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { setInteractionModality } from 'react-aria';
import { makeStore, type RootState } from '../src/app/store';
import { newStoryRun, takeContractViolations } from '../stories/mocks/http';
import type { PortalParameters } from './helpers';
import { clearForcedStoryTheme, useForcedStoryTheme } from './storyTheme';
import { AriaRouter } from '../src/app/AriaRouter';
import { PortalThemeProvider } from '../src/ui/theme';
import type { ThemeName } from '../src/ui/theme';

// CI machines are busy (two cores, several stages): findBy*/waitFor wait up to 5 s by default
// instead of 1 s. A story that is merely slow passes; one whose expectation never holds still fails.
configure({ asyncUtilTimeout: 5000 });

/** The theme: the story tests' switch to dark once the light checks are done, else the globals. */
function StoryTheme({ theme, children }: { theme: ThemeName; children: React.ReactNode }) {
  const forced = useForcedStoryTheme();
  return <PortalThemeProvider theme={forced ?? theme}>{children}</PortalThemeProvider>;
}

/** Light or dark, from the toolbar (globals.theme) or a story's `globals`. */
const withTheme: Decorator = (Story, context) => (
  <StoryTheme theme={(context.globals.theme ?? 'light') as ThemeName}>
    <Story />
  </StoryTheme>
);

/** A fresh Redux store for every story (so cached API data never leaks), preloaded if the story says so. */
function StoreProvider({ children, preloadedState }: { children: React.ReactNode; preloadedState?: Partial<RootState> }) {
  const [store] = useState(() => makeStore(preloadedState));
  return <Provider store={store}>{children}</Provider>;
}
const withStore: Decorator = (Story, context) => (
  <StoreProvider key={context.id} preloadedState={(context.parameters as PortalParameters).store?.preloadedState}>
    <Story />
  </StoreProvider>
);

/**
 * A deep-linkable router: `parameters.router.initialEntries` sets the URL a story starts on, and
 * `parameters.router.path` renders the story inside that route pattern (for `/campaign/:oid` screens).
 */
const withRouter: Decorator = (Story, context) => {
  const router = (context.parameters as PortalParameters).router;
  const entries = router?.initialEntries ?? ['/'];
  return (
    <MemoryRouter initialEntries={entries}>
      <AriaRouter>
        {router?.path ? (
          <Routes>
            <Route path={router.path} element={<Story />} />
          </Routes>
        ) : (
          <Story />
        )}
      </AriaRouter>
    </MemoryRouter>
  );
};

/**
 * After every story: a request the portal sent that the contract refuses (or a mock answer that breaks
 * it) fails the story, even when the screen happened to cope (stories/mocks/http.ts).
 */
function failOnContractViolations() {
  const violations = takeContractViolations();
  if (violations.length) throw new Error(`Contract violations:\n${violations.join('\n')}`);
}

/** In the story tests (Vitest's browser page), not in the Storybook workbench. */
const inStoryTests = '__vitest_browser__' in globalThis;

/**
 * In the story tests (Vitest's page, without Storybook's canvas CSS) the story's `layout` is applied
 * as Storybook applies it, so screenshots look as they do in the workbench: 1rem of padding by
 * default, none for full-screen screens, centred for 'centered'.
 */
function applyTestLayout(layout: string | undefined) {
  if (!inStoryTests) return;
  const body = document.body.style;
  body.margin = '0';
  body.boxSizing = 'border-box';
  body.padding = layout === 'fullscreen' ? '0' : '1rem';
  const centered = layout === 'centered';
  body.display = centered ? 'flex' : '';
  body.justifyContent = centered ? 'center' : '';
  body.alignItems = centered ? 'center' : '';
  body.minHeight = centered ? '100vh' : '';
}

const preview: Preview = {
  decorators: [withRouter, withStore, withTheme],
  loaders: [mswLoader()],
  beforeEach: ({ parameters }) => {
    // The previous story's dark pass ends with it: every story is rendered, played and checked in its
    // own theme (light unless its globals say otherwise) before the switch.
    clearForcedStoryTheme();
    applyTestLayout(parameters.layout as string | undefined);
    // Every story starts as on a freshly loaded page: no interaction modality yet. Otherwise the last
    // key or pointer of the previous story decides whether this one shows focus rings.
    setInteractionModality(null as unknown as 'pointer');
    newStoryRun();
    // Every story starts with the device's remembered state empty (news seen, closed modals...): a
    // story that reads one never depends on the story before it. Stories that need a value set it.
    localStorage.clear();
    // Breaches left by a previous story's late requests are not this story's.
    takeContractViolations();
    // react-aria announces a pending Button with a live-region entry pointing at the button's id
    // (role img + aria-labelledby) that lives 7 s; on a fresh page it leaves with its page, here it
    // would outlive the story and fail the next one's axe check (role-img-alt) for a button gone.
    document.querySelectorAll('[data-live-announcer] [aria-labelledby]').forEach((node) => node.remove());
  },
  afterEach: failOnContractViolations,
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
    // Accessibility is part of done: any axe violation fails the story's test. In the story tests axe
    // reports every violation but only one example of each passing or incomplete check (resultTypes):
    // the test looks at violations only, and the full lists (every passing node with its selector and
    // HTML, ~150 KB a story) took axe time to build and the test report time to carry. The workbench's
    // accessibility panel keeps the full lists.
    a11y: { test: 'error', ...(inStoryTests ? { options: { resultTypes: ['violations'] } } : {}) },
  },
  tags: ['autodocs'],
};

export default preview;
