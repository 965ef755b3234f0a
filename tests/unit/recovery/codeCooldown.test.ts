import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeWaitLeft, rememberCodeSent } from '../../../src/features/recovery/codeCooldown';

const TOKEN = 'Zm9yZ290LXBhc3N3b3JkLXN0b3J5LXRva2VuLTAwMDAw';

describe('the reset code wait kept over a reload', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts down from the send, for the same link only, and never keeps the token itself', () => {
    rememberCodeSent(TOKEN, 60, 1_000_000);
    expect(codeWaitLeft(TOKEN, 1_000_000)).toBe(60);
    expect(codeWaitLeft(TOKEN, 1_000_000 + 20_500)).toBe(40);
    expect(codeWaitLeft(TOKEN, 1_000_000 + 60_000)).toBe(0);
    expect(codeWaitLeft('another-link', 1_000_000)).toBe(0);
    expect([...store.values()].join('')).not.toContain(TOKEN);
  });

  it('a broken entry, storage refused or a clock set back are no wait beyond 60 seconds', () => {
    store.set('mb-reset-code-wait', '{not json');
    expect(codeWaitLeft(TOKEN)).toBe(0);
    rememberCodeSent(TOKEN, 60, 1_000_000);
    expect(codeWaitLeft(TOKEN, 0)).toBe(60);
    vi.stubGlobal('localStorage', { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } });
    expect(() => rememberCodeSent(TOKEN)).not.toThrow();
    expect(codeWaitLeft(TOKEN)).toBe(0);
  });
});
