import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickRow } from '../../server/modules/tracking/clickColumns';
import { newOpaqueId } from '../../server/modules/tracking/clickIds';
import { writeClicks } from '../../server/modules/tracking/clickWrite';
import { openTestDatabase, type TestDatabase } from './helpers';
import { seedMinimalNetwork, type MinimalNetwork } from './trackingNetwork';

/**
 * The click batch's one statement (CLICK_BATCH_SQL: 22 columns as array literals, unnest) stores what
 * it was given, on both engines: characters a literal must escape, text beyond ASCII, NULL, numbers,
 * and each click's instant to the millisecond.
 */
describe('the click batch', () => {
  let database: TestDatabase;
  let net: MinimalNetwork;
  beforeAll(async () => {
    database = await openTestDatabase(false);
    net = await seedMinimalNetwork(database.db);
  });
  afterAll(() => database?.dispose());

  it('stores every column as given: text, numbers, NULL and the instant of each click', async () => {
    const base = { affiliate_id: net.affiliateId, campaign_id: net.campaignId, creative_id: 0, landing_page_id: 0 };
    const rows: ClickRow[] = [
      {
        ...base, click_key: newOpaqueId(), tracking_link_id: null, sub1: 'a"b\\c{d},e', sub2: 'ünï €', sub3: '日本', sub4: '😀', sub5: 'NULL',
        ip: '2001:db8::1', country_code: 'DE', region: 'Bayern', city: 'München', device: 'Mobile', os: 'iOS', browser: 'Safari',
        referrer: 'https://example.com/?q=a b', user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', traffic_type: 'Email',
        clicked_at: new Date('2026-11-28T15:43:15.123Z'),
      },
      { ...base, click_key: newOpaqueId(), sub1: '', clicked_at: new Date('1999-12-31T23:59:59.999Z') },
    ];
    await writeClicks(database.db, rows, 'America/New_York');
    const stored = await database.db.selectFrom('clicks').selectAll().where('click_key', 'in', rows.map((r) => r.click_key)).execute();
    for (const r of rows) {
      const s = stored.find((x) => x.click_key === r.click_key)!;
      expect(new Date(s.clicked_at).toISOString()).toBe(r.clicked_at.toISOString());
      for (const [k, v] of Object.entries(r)) {
        if (k === 'clicked_at') continue;
        expect(s[k as keyof typeof s], k).toBe(v ?? (k === 'tracking_link_id' ? null : k.endsWith('_id') ? 0 : ''));
      }
    }
  });
});
