import { describe, expect, it } from 'vitest';
import { clearSession, decryptTokenCopy, encryptTokenCopy, hasValidSession, readLoginIds, storeLoginTokens, storeSession } from '../../../src/lib/session';

function memoryStore() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
const token = 'a1'.repeat(32);

describe('session storage (spec 002 §4)', () => {
  it('encrypts the token copy and decrypts it back; a fresh IV each time', async () => {
    const a = await encryptTokenCopy(token);
    const b = await encryptTokenCopy(token);
    expect(a).not.toBe(b);
    expect(a).not.toContain(token);
    expect(await decryptTokenCopy(a)).toBe(token);
    expect(await decryptTokenCopy('garbage')).toBeNull();
    expect(await decryptTokenCopy(a.slice(0, -4) + 'AAAA')).toBeNull();
  });

  it('is signed in only when the token, the id and the copy all exist and agree', async () => {
    const s = memoryStore();
    expect(await hasValidSession(s)).toBe(false);
    storeLoginTokens({ token, ld: 3, oid: 9 }, s);
    expect(await hasValidSession(s)).toBe(false); // no affiliate id or copy yet
    await storeSession({ token, affiliateId: 1001 }, s);
    expect(await hasValidSession(s)).toBe(true);
    s.setItem('mb-auth-token', 'b2'.repeat(32)); // token edited: copy no longer agrees
    expect(await hasValidSession(s)).toBe(false);
  });

  it('logout removes exactly the three session keys', async () => {
    const s = memoryStore();
    storeLoginTokens({ token, ld: 3, oid: 9 }, s);
    await storeSession({ token, affiliateId: 1001 }, s);
    clearSession(s);
    expect([...s.map.keys()].sort()).toEqual(['mb-ld', 'mb-oid']);
  });

  it('reads ld and oid as numbers, 0 when absent or not numeric', () => {
    const s = memoryStore();
    expect(readLoginIds(s)).toEqual({ ld: 0, oid: 0 });
    s.setItem('mb-ld', '12');
    s.setItem('mb-oid', 'x');
    expect(readLoginIds(s)).toEqual({ ld: 12, oid: 0 });
  });
});
