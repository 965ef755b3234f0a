import { randomBytes, randomFillSync } from 'node:crypto';

/** Codes and click ids: 128 random bits, base64url (22 characters). */
export function newOpaqueId(): string {
  return randomBytes(16).toString('base64url');
}

// Click ids come from a pool of random bytes refilled 4 KiB at a time (the same CSPRNG; one
// system call per 256 clicks instead of one per click). Each id's bytes are used once.
const POOL = Buffer.allocUnsafe(4096);
let poolAt = POOL.length;
/** A click id: 128 random bits from the pool, base64url (22 characters). */
export function newClickId(): string {
  if (poolAt + 16 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  poolAt += 16;
  return POOL.toString('base64url', poolAt - 16, poolAt);
}
