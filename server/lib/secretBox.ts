import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (the TOTP secret): AES-256-GCM from node:crypto with a 96-bit random IV, sealed
 * as `aesgcm1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id (8 hex of a hash of
 * the key) makes a wrong key fail with a clear message instead of a failed tag check. The caller's
 * context (e.g. the affiliate id) is authenticated data: a sealed value copied to another row does
 * not open there.
 */
const PREFIX = 'aesgcm1';
const SECRET_KEY_BYTES = 32;

export function isSealed(value: string): boolean {
  return value.startsWith(`${PREFIX}.`);
}

function keyId(key: Buffer): string {
  return createHash('sha256').update('secret-box key id\0').update(key).digest('hex').slice(0, 8);
}

export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, keyId(key), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function open(key: Buffer, sealed: string, context: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== PREFIX) throw new Error('not a sealed secret');
  if (parts[1] !== keyId(key)) {
    throw new Error(`sealed with another key (id ${parts[1]}, configured ${keyId(key)}): set TOTP_SECRET_KEY to the key it was sealed with`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2], 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(parts[3], 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(parts[4], 'base64url')), decipher.final()]).toString('utf8');
}

/** A key as configured: 64 hex digits or base64/base64url of 32 bytes. */
export function parseSecretKey(value: string, name: string): Buffer {
  const v = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== SECRET_KEY_BYTES || !/^[A-Za-z0-9+/_=-]+$/.test(v)) {
    throw new Error(`${name} must be 32 bytes as 64 hex digits or base64 (make one with: openssl rand -hex 32)`);
  }
  return key;
}

/**
 * The key file in the data directory: read when present, otherwise made (random, mode 0600) on the
 * first start. Several processes starting at once on one data directory agree: only one links its
 * file into place, the others read that one.
 */
export function keyFromFile(file: string, name: string): { key: Buffer; created: boolean } {
  try {
    return { key: parseSecretKey(readFileSync(file, 'utf8'), file), created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a private name, then linked into place: a reader never sees half a file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${randomBytes(SECRET_KEY_BYTES).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return { key: parseSecretKey(readFileSync(file, 'utf8'), file), created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`${name}: cannot create ${file}: ${(err as Error).message}`, { cause: err });
    return { key: parseSecretKey(readFileSync(file, 'utf8'), file), created: false };
  } finally {
    unlinkSync(tmp);
  }
}
