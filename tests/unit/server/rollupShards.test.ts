import { describe, expect, it } from 'vitest';
import { MAX_PROCESS_INDEX, RollupShards, SLOTS_PER_PROCESS } from '../../../server/modules/tracking/rollupShards';

describe('RollupShards', () => {
  it('hands out the lowest free shard of the process, and takes it back', () => {
    const shards = new RollupShards(2);
    const base = 2 * SLOTS_PER_PROCESS;
    expect([shards.acquire(), shards.acquire(), shards.acquire()]).toEqual([base, base + 1, base + 2]);
    shards.release(base + 1);
    expect(shards.acquire()).toBe(base + 1);
    shards.release(base);
    shards.release(base);
    expect(shards.acquire()).toBe(base);
    // Not this process's shard: ignored.
    shards.release(0);
    expect(shards.acquire()).toBe(base + 3);
  });

  it('shares the least held shard when every slot is held', () => {
    const shards = new RollupShards();
    const held = Array.from({ length: SLOTS_PER_PROCESS }, () => shards.acquire());
    expect(held).toEqual(Array.from({ length: SLOTS_PER_PROCESS }, (_, i) => i));
    expect(shards.acquire()).toBe(0);
    expect(shards.acquire()).toBe(1);
    shards.release(5);
    expect(shards.acquire()).toBe(5);
  });

  it('holds a shard for the length of a call, also when it fails', async () => {
    const shards = new RollupShards();
    await expect(shards.with(async (s) => {
      expect(s).toBe(0);
      expect(shards.acquire()).toBe(1);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(shards.acquire()).toBe(0);
  });

  it('refuses a process index whose shards would not fit the column', () => {
    expect(() => new RollupShards(-1)).toThrow(RangeError);
    expect(() => new RollupShards(MAX_PROCESS_INDEX + 1)).toThrow(RangeError);
    expect(new RollupShards(MAX_PROCESS_INDEX).base + SLOTS_PER_PROCESS - 1).toBeLessThanOrEqual(32767);
  });
});
