import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUri, timeStep, verifyTotp } from '../../server/lib/totp';

// RFC 6238 Appendix B, SHA-1 key "12345678901234567890" (8-digit values; we keep the last 6).
const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const vectors: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238)', () => {
  it('base32 round-trips and decodes the RFC key', () => {
    expect(base32Decode(rfcKey)!.toString()).toBe('12345678901234567890');
    expect(base32Encode(Buffer.from('12345678901234567890'))).toBe(rfcKey);
    expect(base32Decode('not base32!')).toBeNull();
  });

  it.each(vectors)('at %i s gives the RFC value', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(hotp(base32Decode(rfcKey)!, timeStep(at))).toBe(code.slice(-6));
    expect(verifyTotp(rfcKey, code.slice(-6), at)).toBe(timeStep(at));
  });

  it('accepts one step of skew either way, not two', () => {
    const at = new Date(1111111111 * 1000);
    const key = base32Decode(rfcKey)!;
    const step = timeStep(at);
    expect(verifyTotp(rfcKey, hotp(key, step - 1), at)).toBe(step - 1);
    expect(verifyTotp(rfcKey, hotp(key, step + 1), at)).toBe(step + 1);
    expect(verifyTotp(rfcKey, hotp(key, step - 2), at)).toBeNull();
    expect(verifyTotp(rfcKey, hotp(key, step + 2), at)).toBeNull();
  });

  it('refuses a replay: a step at or before the last one used', () => {
    const at = new Date(1234567890 * 1000);
    const code = hotp(base32Decode(rfcKey)!, timeStep(at));
    expect(verifyTotp(rfcKey, code, at, timeStep(at))).toBeNull();
    expect(verifyTotp(rfcKey, code, at, timeStep(at) - 1)).toBe(timeStep(at));
  });

  it('makes 160-bit secrets and an otpauth URI', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(s);
    expect(otpauthUri(s, 'demo@example.com', 'Publisher Portal')).toBe(
      `otpauth://totp/Publisher%20Portal%3Ademo%40example.com?secret=${s}&issuer=Publisher%20Portal&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
