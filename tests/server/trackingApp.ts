import { afterAll, beforeAll } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import type { TrackingOptions } from '../../server/modules/tracking/options';
import { setupTestApp, tokenFor, type TestContext } from './helpers';
import { prepareCampaign, type RunnableCampaign } from './trackingFixtures';

/**
 * The set-up of the tracking engine's tests: the app with links on https://trk.example (not cached),
 * the demo affiliate signed in, and one of the demo network's campaigns made runnable.
 */
export const FALLBACK = 'https://network.example/unavailable';
export const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
export let t: TestContext;
export let token: string;
export let campaign: RunnableCampaign;

/** Builds the app with `tracking`'s options and prepares campaign `index` before the file's tests; closes it after. */
export function withTrackingApp(tracking: Partial<TrackingOptions>, index = 0): void {
  beforeAll(async () => {
    t = await setupTestApp({ tracking: { baseUrl: 'https://trk.example', fallbackUrl: FALLBACK, linkCacheMs: 0, ...tracking } });
    token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    campaign = await prepareCampaign(t.database.db, index);
  });
  afterAll(() => t?.close());
}
