import { afterAll, beforeAll } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { setupTestApp, SMALL_DEMO, tokenFor, withToken, type TestContext } from './helpers';

/**
 * The set-up of the dashboard tests. The app runs on a fixed clock (10:00 Eastern, 23 November 2026)
 * so the reporting-day boundaries are exact, and the demo network is seeded on the same clock, so its
 * relative dates (registrations, conversions) are the app's. A test moves `clock.now` and puts it back.
 */
export const SEEDED_AT = new Date('2026-11-23T15:00:00Z');
export const clock = { now: SEEDED_AT };
export let t: TestContext;
export let demo: string;

/** Builds the app on the clock and signs the demo in before the file's tests; closes it after. */
export function withDashboardApp(): void {
  beforeAll(async () => {
    t = await setupTestApp({ now: () => clock.now }, { ...SMALL_DEMO, now: SEEDED_AT });
    demo = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
  });
  afterAll(() => t?.close());
}

export const get = (token: string, url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
export const post = (token: string, url: string, payload?: object) =>
  t.app.inject(withToken(token, { method: 'POST', url, ...(payload ? { payload } : {}) }));
