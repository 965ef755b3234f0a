import { afterAll, beforeAll } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { setupTestApp, tokenFor, type TestContext } from './helpers';

/** The set-up of tests that call the signed-in API as the demo affiliate and as one other demo account. */
export let t: TestContext;
export let demo: string;
export let other: string;

/** Builds the app and signs in the demo and `otherEmail` before the file's tests; closes it after. */
export function withSignedInApp(otherEmail: string): void {
  beforeAll(async () => {
    t = await setupTestApp();
    demo = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    other = await tokenFor(t.app, otherEmail);
  });
  afterAll(() => t?.close());
}
