import path from 'node:path';
import { diskFileStore } from './diskStore';
import type { FileStore } from './fileStore';
import { s3FileStore, type S3Settings } from './s3Store';

/**
 * Which file store the server uses (docs/ops-files.md): an S3-compatible bucket when S3_BUCKET is
 * set, else the folder UPLOAD_DIR/files. Read once at start by server/config.ts.
 */
export type FileStoreConfig = { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings };

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_SESSION_TOKEN', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

function pathStyle(value: string | undefined, fallback: boolean): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['on', '1', 'true', 'yes'].includes(v)) return true;
  if (['off', '0', 'false', 'no'].includes(v)) return false;
  throw new Error(`S3_FORCE_PATH_STYLE must be on or off, got "${value}"`);
}

export function fileStoreFromEnv(env: NodeJS.ProcessEnv, uploadDir: string): FileStoreConfig {
  const value = (name: (typeof S3_VARIABLES)[number]) => (env[name] ?? '').trim();
  const bucket = value('S3_BUCKET');
  if (bucket === '') {
    // A half-made S3 setting must not quietly keep the files on this machine's disk.
    const stray = S3_VARIABLES.filter((name) => value(name) !== '');
    if (stray.length > 0) throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to store files in a bucket, or unset them`);
    return { kind: 'disk', dir: path.join(uploadDir, 'files') };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}"`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (accessKeyId === '' || secretAccessKey === '') throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too');
  const region = value('S3_REGION') || 'us-east-1';
  if (!/^[a-z0-9-]{1,50}$/.test(region)) throw new Error(`S3_REGION must be a region name like eu-west-1, got "${region}"`);
  const given = value('S3_ENDPOINT');
  const endpoint = given || `https://s3.${region}.amazonaws.com`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`S3_ENDPOINT must be an http(s) address, got "${given}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`S3_ENDPOINT must be an http(s) address without query, fragment or credentials, got "${given}"`);
  }
  const prefix = value('S3_PREFIX').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(prefix)) {
    throw new Error(`S3_PREFIX must be lower-case path segments like "portal/files", got "${value('S3_PREFIX')}"`);
  }
  return {
    kind: 's3',
    s3: {
      bucket,
      endpoint: url.toString().replace(/\/+$/, ''),
      region,
      accessKeyId,
      secretAccessKey,
      sessionToken: value('S3_SESSION_TOKEN') || undefined,
      // An endpoint of one's own (MinIO, Ceph) usually names buckets in the path; AWS by host name.
      forcePathStyle: pathStyle(env.S3_FORCE_PATH_STYLE, given !== ''),
      prefix: prefix === '' ? '' : `${prefix}/`,
    },
  };
}

export function createFileStore(config: FileStoreConfig): FileStore {
  return config.kind === 's3' ? s3FileStore(config.s3) : diskFileStore(config.dir);
}
