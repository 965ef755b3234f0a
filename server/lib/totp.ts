import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps), written out here (40 lines) and checked
 * against the RFC's test vectors in tests/server/totp.test.ts.
 */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i + 5 <= bits.length; i += 5) out += ALPHABET[parseInt(bits.slice(i, i + 5), 2)];
  return out;
}

export function base32Decode(s: string): Buffer | null {
  const clean = s.replace(/=+$/, '').toUpperCase();
  if (!/^[A-Z2-7]+$/.test(clean)) return null;
  let bits = '';
  for (const c of clean) bits += ALPHABET.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
}

/** A new 160-bit secret (RFC 4226 recommends 160 bits), base32: 32 characters. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

export function hotp(key: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * Checks `code` against the steps around `at` (one step of skew either way). Returns the matching
 * step, or null. `afterStep` refuses any step at or before the last one used, so a code cannot be
 * replayed, not even within its own 30 seconds.
 */
export function verifyTotp(secret: string, code: string, at: Date, afterStep = -1): number | null {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const now = timeStep(at);
  for (const step of [now - 1, now, now + 1]) {
    if (step <= afterStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
