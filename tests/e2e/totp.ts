import { createHmac } from 'node:crypto';

/** An independent RFC 6238 TOTP (SHA-1, 6 digits, 30 s) so the tests check the server's, not reuse it. */
export function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of s.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

export function totp(secretBase32: string, at = Date.now(), step = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / step)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** Waits until the current 30-second window has at least `margin` ms left, so a code stays valid. */
export async function freshWindow(margin = 5000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < margin) await new Promise((r) => setTimeout(r, left + 200));
}
