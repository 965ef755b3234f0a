import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  /** log2 of N */
  logN: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (about 0.6 s and 128 MiB here). */
export const OWASP_SCRYPT: ScryptCost = { logN: 17, r: 8, p: 1 };
/** For tests only: the same format at a cost that takes about a millisecond. */
export const TEST_SCRYPT: ScryptCost = { logN: 10, r: 8, p: 1 };

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // Node refuses above 32 MiB by default; scrypt needs 128 * N * r bytes.
  const maxmem = 128 * N * cost.r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: cost.r, p: cost.p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Returns `scrypt$<logN>$<r>$<p>$<salt b64url>$<hash b64url>`: the cost travels with the hash. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost.logN, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const actual = await scryptAsync(password, salt, { logN, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A session token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens have 256 bits of entropy, so a fast hash is enough (no need for a slow KDF). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
