import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

/** Browser journeys through the real product (scripts/e2e.mjs). Stories are tested by Vitest. */
export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // In CI a journey that fails runs once more before the stage fails (two servers and two browsers share
  // two busy cores); a journey that fails twice fails the stage, and the summary names each retried one.
  retries: process.env.CI ? 1 : 0,
  reporter: [['dot'], ['./scripts/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 800, height: 600 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    timezoneId: 'America/New_York',
    locale: 'en-US',
    // E2E_HTTPS=1 (tests/e2e/server.ts): the product's certificate is the repository's own.
    ignoreHTTPSErrors: process.env.E2E_HTTPS === '1',
  },
  projects: [
    {
      // The real product: server + built portal + an embedded demo database of its own (tests/e2e/server.ts).
      name: 'e2e',
      testMatch: 'e2e/**/*.spec.ts',
      timeout: 60_000,
      // A check right after a full page load waits for the portal's code, its calls and their answers:
      // with two servers and two browsers on two busy cores that passed 5 s once (the Bookmarked tab).
      // Ten seconds leave room for the machine; a check that fails still fails.
      expect: { timeout: 10_000 },
      use: { reducedMotion: 'no-preference' },
    },
  ],
});
