import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The file store (docs/ops-files.md): where uploaded files live, behind one interface with two
 * adapters, a folder on disk (diskStore.ts) and an S3-compatible bucket (s3Store.ts). The database
 * keeps only a file's key; the server serves the bytes itself (server/modules/opsMaterial/files.ts).
 *
 * A key is a path of lower-case segments ('banner-3f…9a.png', 'a/b.pdf'): letters, digits, '.', '_'
 * and '-', each segment starting with a letter or digit, so no key is '.', '..' or hidden, none
 * escapes the disk store's folder and none needs encoding in a URL. A key ends with the extension
 * of its content type (KEY_TYPES), so both adapters answer the same type for it. Keys are never
 * reused: a new file gets a new random key (newFileKey), and what is served under a key never changes.
 */

export interface StoredFile {
  /** The content type given when it was stored. */
  type: string;
  /** In bytes. */
  size: number;
}

export interface FileStore {
  /** Where the files go, for the start's log: 'disk /srv/uploads/files', 's3 bucket at https://…'. */
  readonly description: string;
  /** Stores the bytes under the key (replacing a file of that key); resolves once they are durable. */
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** The file as a stream with its type and size, or null when there is none under the key. */
  get(key: string): Promise<(StoredFile & { body: Readable }) | null>;
  /** The file's bytes with its type, or null when there is none under the key. */
  getBuffer(key: string): Promise<(StoredFile & { bytes: Buffer }) | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** The store could not do what was asked (unreachable, refused, out of space): the caller's request can be tried again. */
export class FileStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileStoreError';
  }
}

/** Content types by key extension. */
export const KEY_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  bin: 'application/octet-stream',
};

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;
export const KEY_MAX_LENGTH = 200;

export function isFileKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY.test(key) && typeOfKey(key) !== null;
}

/** The content type a key's extension names, or null. */
export function typeOfKey(key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || key.indexOf('/', dot) >= 0) return null;
  return KEY_TYPES[key.slice(dot + 1)] ?? null;
}

/** Refuses a key outside the rule, or one whose extension is not of this type: a programming error, not bad input. */
export function checkKey(key: string, type?: string): void {
  if (!isFileKey(key)) throw new Error(`file store: "${key.slice(0, 80)}" is not a file key`);
  if (type !== undefined && typeOfKey(key) !== type) throw new Error(`file store: key "${key}" is not of type ${type}`);
}

/** A fresh key for a file of this type: the prefix, 128 random bits, the type's extension ('banner-…png'). */
export function newFileKey(prefix: string, type: string): string {
  const ext = Object.entries(KEY_TYPES).find(([, t]) => t === type)?.[0];
  if (!ext) throw new Error(`file store: no key extension for type ${type}`);
  const key = `${prefix}-${randomBytes(16).toString('hex')}.${ext}`;
  checkKey(key, type);
  return key;
}
