import { describe, expect, it } from 'vitest';
import { newTotpSecret, otpauthUri, timeStep, totpCode, verifyTotp } from '../../server/lib/totp';

// RFC 6238 Appendix B, SHA-1 key "12345678901234567890" (8-digit values; we keep the last 6).
const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const vectors: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];
const codeAtStep = (step: number) => totpCode(rfcKey, new Date(step * 30_000));

describe('TOTP (RFC 6238, through otplib)', () => {
  it.each(vectors)('at %i s gives the RFC value', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(rfcKey, at)).toBe(code.slice(-6));
    expect(verifyTotp(rfcKey, code.slice(-6), at)).toBe(timeStep(at));
  });

  it('accepts one step of skew either way, not two', () => {
    const at = new Date(1111111111 * 1000);
    const step = timeStep(at);
    expect(verifyTotp(rfcKey, codeAtStep(step - 1), at)).toBe(step - 1);
    expect(verifyTotp(rfcKey, codeAtStep(step + 1), at)).toBe(step + 1);
    expect(verifyTotp(rfcKey, codeAtStep(step - 2), at)).toBeNull();
    expect(verifyTotp(rfcKey, codeAtStep(step + 2), at)).toBeNull();
  });

  it('refuses a replay: a step at or before the last one used', () => {
    const at = new Date(1234567890 * 1000);
    const code = totpCode(rfcKey, at);
    expect(verifyTotp(rfcKey, code, at, timeStep(at))).toBeNull();
    expect(verifyTotp(rfcKey, code, at, timeStep(at) - 1)).toBe(timeStep(at));
    // The next step's code (clock ahead) still counts after the current one was used.
    expect(verifyTotp(rfcKey, codeAtStep(timeStep(at) + 1), at, timeStep(at))).toBe(timeStep(at) + 1);
    // A last step in the future (a clock set back) refuses everything instead of throwing.
    expect(verifyTotp(rfcKey, code, at, timeStep(at) + 50)).toBeNull();
  });

  it('answers null, never throws, for malformed codes and secrets', () => {
    const at = new Date(1234567890 * 1000);
    for (const code of ['', '12345', '1234567', '12a456', ' 123456', '１２３４５６']) expect(verifyTotp(rfcKey, code, at)).toBeNull();
    // Under 128 bits (otplib's floor, RFC 4226 §4), over 512 bits, not base32.
    for (const secret of ['JBSWY3DPEHPK3PXP', 'A'.repeat(128), 'not base32!', '']) {
      expect(verifyTotp(secret, '123456', at)).toBeNull();
    }
  });

  it('makes 160-bit secrets and an otpauth URI', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(s);
    // The defaults (SHA1, 6 digits, 30 s) every authenticator app assumes are left out of the URI.
    expect(otpauthUri(s, 'demo@example.com', 'Publisher Portal')).toBe(
      `otpauth://totp/Publisher%20Portal:demo%40example.com?secret=${s}&issuer=Publisher%20Portal`,
    );
  });
});
