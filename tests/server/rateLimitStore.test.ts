import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyselyRateLimitStore } from '../../server/plugins/rateLimitStore';
import { openTestDatabase, testEngine, type TestDatabase } from './helpers';

/** The API's request limits in the database: windows, expiry, one key space per route limit. */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

type Store = { incr(key: string, cb: (err: Error | null, r?: { current: number; ttl: number }) => void, timeWindow: number): void; read(key: string, cb: (err: Error | null, r?: { current: number; ttl: number }) => void): void; child(o: object): Store };
const incr = (store: Store, key: string, timeWindow = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, r) => (err ? reject(err) : resolve(r!)), timeWindow));
const read = (store: Store, key: string) => new Promise<{ current: number; ttl: number }>((resolve, reject) => store.read(key, (err, r) => (err ? reject(err) : resolve(r!))));

describe(`rate-limit store in the database (${testEngine})`, () => {
  it('counts within a window from the first hit, restarts after it, and keeps route limits apart', async () => {
    let now = 1_000_000;
    const Store = kyselyRateLimitStore(database.db, () => now);
    const global = new Store({}) as unknown as Store;
    expect(await incr(global, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await incr(global, '10.0.0.1')).toEqual({ current: 2, ttl: 50_000 });
    expect(await read(global, '10.0.0.1')).toEqual({ current: 2, ttl: 50_000 });
    // Another store on the same database (another process) sees the same count.
    const other = new (kyselyRateLimitStore(database.db, () => now))({}) as unknown as Store;
    expect((await incr(other, '10.0.0.1')).current).toBe(3);
    // A route's own limit counts apart from the global one.
    const route = global.child({ routeInfo: { method: 'POST', url: '/api/x' } });
    expect((await incr(route, '10.0.0.1')).current).toBe(1);
    now += 50_000;
    expect(await read(global, '10.0.0.1')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(global, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('counts concurrent hits exactly', async () => {
    const store = new (kyselyRateLimitStore(database.db))({}) as unknown as Store;
    const results = await Promise.all(Array.from({ length: 20 }, () => incr(store, 'burst')));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
