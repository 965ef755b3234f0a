import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../server/db/schema';
import type { ResolvedLink } from '../../../server/modules/tracking/resolvedLink';
import { LinkCache } from '../../../server/modules/tracking/linkCache';

const db = {} as Kysely<DB>;
const linkOf = (code: string, status = 'active') => ({ id: code.length, campaign_status: status }) as unknown as ResolvedLink;
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A loader whose answers the test sets, counting its calls. */
function loader() {
  const state = { calls: 0, down: false, gone: new Set<string>(), status: 'active', gate: null as Promise<void> | null };
  const load = async (_db: Kysely<DB>, code: string) => {
    state.calls++;
    if (state.gate) await state.gate;
    if (state.down) throw refused();
    return state.gone.has(code) ? null : linkOf(code, state.status);
  };
  return { state, load };
}

describe('the tracking link cache', () => {
  it('answers a known link from memory while the database is down, and takes the new version once it is back', async () => {
    let clock = 0;
    const { state, load } = loader();
    const cache = new LinkCache(1000, load, 100, () => clock);
    expect((await cache.get(db, 'abc'))?.campaign_status).toBe('active');
    state.down = true;
    clock = 5000;
    // Stale, and the refresh fails: the old copy is still answered, again and again.
    for (let i = 0; i < 3; i++) expect((await cache.get(db, 'abc'))?.campaign_status).toBe('active');
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.stats.refreshFailures).toBeGreaterThan(0);
    // Back, and the campaign was paused meanwhile: the next click starts the refresh, the one after sees it.
    state.down = false;
    state.status = 'paused';
    await cache.get(db, 'abc');
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get(db, 'abc'))?.campaign_status).toBe('paused');
  });

  it('refuses an unknown link while the database is down (nothing to answer it from)', async () => {
    const { state, load } = loader();
    state.down = true;
    await expect(new LinkCache(1000, load).get(db, 'new')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('loads a code once however many clicks ask for it at the same time', async () => {
    const { state, load } = loader();
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const cache = new LinkCache(1000, load);
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get(db, 'abc')));
    open();
    expect((await answers).every((l) => l?.id === 3)).toBe(true);
    expect(state.calls).toBe(1);
  });

  it('drops a link that no longer exists, and never keeps unknown codes', async () => {
    let clock = 0;
    const { state, load } = loader();
    const cache = new LinkCache(1000, load, 100, () => clock);
    await cache.get(db, 'abc');
    state.gone.add('abc');
    state.gone.add('zzz');
    expect(await cache.get(db, 'zzz')).toBeNull();
    clock = 2000;
    await cache.get(db, 'abc');
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.size).toBe(0);
    expect(await cache.get(db, 'abc')).toBeNull();
  });

  it('keeps at most its number of links, dropping the least recently clicked first', async () => {
    const { state, load } = loader();
    const cache = new LinkCache(60_000, load, 3);
    for (const code of ['a', 'bb', 'ccc']) await cache.get(db, code);
    await cache.get(db, 'a'); // a is now the most recent
    await cache.get(db, 'dddd'); // bb goes
    expect(cache.size).toBe(3);
    const before = state.calls;
    for (const code of ['a', 'ccc', 'dddd']) await cache.get(db, code);
    expect(state.calls).toBe(before);
    await cache.get(db, 'bb');
    expect(state.calls).toBe(before + 1);
  });
});
