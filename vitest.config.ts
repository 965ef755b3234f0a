import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { storyScreenshot } from './scripts/story-screenshot.ts';
import { styledMinify } from './scripts/vite-styled-minify.ts';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

/** addon-vitest's key for the globals every story test starts with. */
const INITIAL_GLOBALS = 'storybook/test-initial-globals';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // PGlite: one migrated and one seeded database per run, each file loads its own copy.
          globalSetup: ['tests/server/globalSetup.ts'],
          // Each file opens its own database; two cores, so keep file parallelism modest.
          maxWorkers: 2,
          // A worker imports the server once and runs its files one after another (each still builds its
          // own app on its own database): ~1.6 s of imports a file saved. Files put back what they change
          // in the process and do not use vi.mock (docs/adr/0007, docs/testing.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The CSS of styled templates minified as in the build (scripts/vite-styled-minify.ts), so the
        // screenshots check that the minified rules draw the same pixels.
        plugins: [styledMinify(), storybookTest({ configDir: '.storybook' })],
        // The preview imports react-aria directly; the dependency scan does not see the preview, and a
        // dependency found mid-run reloads the page and loses the tests.
        optimizeDeps: { include: ['react-aria', 'papaparse', 'axe-core'] },
        test: {
          name: 'storybook',
          setupFiles: ['.storybook/vitest.setup.ts'],
          // In CI a story that fails is run once more before the stage fails: on a busy two-core machine
          // an overlay's entrance or a step's focus can land a frame late (the last CI rehearsals saw 2
          // and 10 such one-off failures in 1,226 stories, none repeating alone). A story that fails
          // twice fails the stage.
          retry: process.env.CI ? 1 : 0,
          // The longest walks (Register Page / Phone Walk: the whole wizard at phone size) took 15 s on
          // a machine 2-3 times slower than usual and hit the default 15 s twice (in a CI rehearsal).
          testTimeout: 30_000,
          // All story files share one page and one module graph (each story still gets a fresh store,
          // router and mocks from the preview's decorators): loading the portal's modules once
          // instead of once per file saves most of the stage's time (docs/testing.md).
          isolate: false,
          // Two pages (each its own renderer process), one per core, each taking story files in turn.
          maxWorkers: 2,
          browser: {
            // The story screenshot (light and dark) is taken in the same pass as play and axe.
            commands: { storyScreenshot },
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
              // Larger than any story viewport (1200×900 by default), so the story frame is never scaled
              // down to fit; the rest as the product's users see it (docs/testing.md).
              contextOptions: {
                viewport: { width: 1600, height: 1200 },
                deviceScaleFactor: 1,
                colorScheme: 'light',
                reducedMotion: 'reduce',
                timezoneId: 'America/New_York',
                locale: 'en-US',
              },
            }),
            // One instance: every story is rendered and played once, in light, and switched in place to
            // dark for the dark checks (.storybook/vitest.setup.ts, docs/adr/0008).
            instances: [{ browser: 'chromium', name: 'stories', provide: { [INITIAL_GLOBALS]: { theme: 'light' } } }],
          },
        },
      },
    ],
  },
});
