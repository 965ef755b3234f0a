import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourcesResponse } from '../../src/api/contract/rewards';
import { DEMO_ACCOUNTS } from '../../server/db/demo/seed';
import { setupTestApp, testEngine, tokenFor, withToken, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

const resources = async (token?: string) => {
  const request = { method: 'GET' as const, url: '/api/resources' };
  const res = await t.app.inject(token ? withToken(token, request) : request);
  expect(res.statusCode, res.body).toBe(200);
  return ResourcesResponse.parse(res.json()).resources;
};

describe(`GET /api/resources (${testEngine})`, () => {
  it('answers every resource with its category, ordered by category then name, without a token', async () => {
    const list = await resources();
    const rows = await t.database.db
      .selectFrom('resources as r')
      .innerJoin('resource_categories as c', 'c.id', 'r.category_id')
      .select(['r.id', 'r.name', 'r.description', 'r.url', 'r.promo_code', 'r.promo_description', 'c.id as category_id', 'c.name as category'])
      .execute();
    expect(rows.length).toBeGreaterThan(3);
    expect(list).toHaveLength(rows.length);
    for (const row of rows) {
      expect(list.find((r) => r.key_id === row.id)).toEqual({
        resource_category_id: row.category_id,
        category_name: row.category,
        key_id: row.id,
        name: row.name,
        description: row.description,
        image_name: String(row.id),
        URL: row.url,
        promo_code: row.promo_code,
        promo_description: row.promo_description,
      });
    }
    const order = list.map((r) => [r.resource_category_id, r.name.toLowerCase()] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    expect(order).toEqual(sorted);
    // Some with a promo code, some without (the card shows it only when there is one).
    expect(list.some((r) => r.promo_code !== '')).toBe(true);
    expect(list.some((r) => r.promo_code === '')).toBe(true);
  });

  it('is the same list for a signed-in affiliate', async () => {
    const token = await tokenFor(t.app, DEMO_ACCOUNTS.demo);
    expect(await resources(token)).toEqual(await resources());
  });

  it("names an image the image endpoint serves", async () => {
    const [first] = await resources();
    const res = await t.app.inject({ method: 'GET', url: `/api/images/resources/${first.image_name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain(first.name.slice(0, 5));
  });

  it('follows the table: a new resource in a new category comes in its place', async () => {
    const db = t.database.db;
    await db.insertInto('resource_categories').values({ id: 90, name: 'Zeta tools' }).execute();
    await db.insertInto('resources').values([
      { category_id: 90, name: 'beta Tracker', description: 'Second by name', url: 'https://beta.example/' },
      { category_id: 90, name: 'Alpha Lens', description: 'First by name', url: 'https://alpha.example/', promo_code: 'ALPHA10', promo_description: '10% off' },
    ]).execute();
    try {
      const list = await resources();
      expect(list.slice(-2).map((r) => [r.category_name, r.name, r.promo_code])).toEqual([
        ['Zeta tools', 'Alpha Lens', 'ALPHA10'],
        ['Zeta tools', 'beta Tracker', ''],
      ]);
    } finally {
      await db.deleteFrom('resources').where('category_id', '=', 90).execute();
      await db.deleteFrom('resource_categories').where('id', '=', 90).execute();
    }
  });
});
